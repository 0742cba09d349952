"""ptxinject.rewrite: the Clang front end in process on a string."""

import subprocess
import sys

import pytest

import ptxinject
from ptxinject import Error

from conftest import cuda_tool

needs_frontend = pytest.mark.skipif(not ptxinject.have_rewrite(),
                                    reason="package built without the Clang front end (install clang-19 libclang-19-dev)")

TEMPLATE = """\
#include <ptx_inject.h>
template <class T>
__global__ void {name}(T *out) {{
  T x = out[0], y = out[1], z;
  PTX_INJECT("func", PTX_IN(x), PTX_MOD(y), PTX_OUT(z));
  out[2] = z + y;
}}
template __global__ void {name}<{type}>({type} *);
"""


@needs_frontend
@pytest.mark.parametrize("type,reg", [("float", "f32"), ("double", "f64"), ("int", "s32")])
def test_rewrite_types_each_instantiation(type, reg, tmp_path):
    # A source made from a template at run time, as kernel libraries do.
    source = TEMPLATE.format(name="kernel", type=type)
    out = ptxinject.rewrite(source, filename=str(tmp_path / "generated.cu"))
    assert "PTX_INJECT(" not in out
    assert f"// _x0 m {reg}" in out and f"// _x2 i {reg}" in out
    assert not (tmp_path / "generated.cu").exists()  # nothing written to disk
    nvcc = cuda_tool("nvcc")
    if nvcc is None:
        return
    src = tmp_path / "rw.cu"
    src.write_text(out)
    subprocess.run([nvcc, "-ptx", "-arch=sm_80", "-I", ptxinject.include_dir(), str(src), "-o",
                    str(tmp_path / "rw.ptx")], check=True)
    module = ptxinject.Module.parse((tmp_path / "rw.ptx").read_text())
    assert module["func"]["y"].register_type == reg


@needs_frontend
def test_rewrite_comment_form_and_args():
    source = """\
#include <ptx_inject.h>
__global__ void k(float *out) {
  float x = out[0], z;
  /* PTX_INJECT SITE_NAME
     in x
     out z
  */
  out[1] = z;
}
"""
    out = ptxinject.rewrite(source, args=["-DSITE_NAME=unused"])
    assert "// PTX_INJECT_START SITE_NAME" in out


@needs_frontend
def test_rewrite_error_has_place():
    source = '#include <ptx_inject.h>\n__global__ void f() {\n  PTX_INJECT("a", PTX_IN(nope));\n}\n'
    with pytest.raises(Error) as e:
        ptxinject.rewrite(source, filename="bad.cu")
    assert e.value.code == "rewrite-failed"
    assert (e.value.line, e.value.column) == (3, 26)
    assert "nope" in e.value.message


def test_rewrite_without_frontend_says_what_to_install(monkeypatch):
    # A package built without Clang has no ptxinject._rewrite.
    from ptxinject import frontend
    monkeypatch.setitem(sys.modules, "ptxinject._rewrite", None)
    monkeypatch.delattr(ptxinject, "_rewrite", raising=False)
    monkeypatch.setattr(frontend, "_FRONTEND", None)
    monkeypatch.setattr(frontend, "_FRONTEND_PROBLEM", None)
    assert not ptxinject.have_rewrite()
    with pytest.raises(Error) as e:
        ptxinject.rewrite("__global__ void f() {}")
    assert e.value.code == "no-front-end"
    assert "ptxinject._rewrite was not built" in str(e.value) and "clang-19" in str(e.value)


@needs_frontend
def test_rewrite_prints_nothing(tmp_path):
    # Diagnostics come back in the exception or not at all: nothing on stderr.
    code = ("import ptxinject\n"
            "ptxinject.rewrite('#include <ptx_inject.h>\\n__global__ void f(float *o)"
            "{ float x = o[0]; PTX_INJECT(\"a\", PTX_MOD(x)); o[0] = x; }\\n')\n")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == "" and proc.stdout == ""


NVRTC_SOURCE = """\
#include <ptx_inject.h>
namespace std {
template <class A, class B> struct is_same { static constexpr bool value = false; };
template <class A> struct is_same<A, A> { static constexpr bool value = true; };
}
template <class T> T twice(T v) { return v + v; }  // no __device__: -default-device
template <class T, int N>
__global__ void scale(T *out) {
  static_assert(std::is_same<T, T>::value, "");
  T x = twice(out[0]), y;
  PTX_INJECT("func", PTX_IN(x), PTX_OUT(y));
  out[N] = y;
}
"""
NVRTC_OPTIONS = ["-std=c++17", "-default-device", "-arch=sm_80"]


@needs_frontend
def test_rewrite_nvrtc_mode_types_the_name_expression():
    # The kernel template is instantiated only by the name expression, as in
    # a run-time compiled program.
    out = ptxinject.rewrite(NVRTC_SOURCE, filename="semiring.cu", args=NVRTC_OPTIONS,
                            nvrtc=True, name_expressions=["scale<double, 3>"])
    assert "PTX_INJECT(" not in out
    assert "// _x0 o f64" in out and "// _x1 i f64" in out


@needs_frontend
def test_rewrite_nvrtc_mode_bad_name_expression_is_an_error():
    with pytest.raises(Error) as info:
        ptxinject.rewrite(NVRTC_SOURCE, filename="semiring.cu", args=NVRTC_OPTIONS,
                          nvrtc=True, name_expressions=["scale<no_such_type, 3>"])
    assert "name expression 1" in info.value.message


@needs_frontend
def test_rewrite_takes_one_string_as_one_item():
    # A string is one name expression and one option, not its characters.
    out = ptxinject.rewrite(NVRTC_SOURCE, filename="semiring.cu", args="-default-device",
                            nvrtc=True, name_expressions="scale<double, 3>")
    assert "// _x0 o f64" in out


@needs_frontend
def test_rewrite_warns_about_a_site_it_cannot_type():
    # Nothing instantiates the template: the site becomes a static_assert,
    # and the caller is told so, as the command tells its user.
    with pytest.warns(ptxinject.RewriteWarning, match="never instantiated.*name_expressions="):
        out = ptxinject.rewrite(NVRTC_SOURCE, filename="semiring.cu", args=NVRTC_OPTIONS,
                                nvrtc=True)
    assert "static_assert(__ptx_inject_is" in out


@needs_frontend
def test_rewrite_leaves_a_typed_site_it_cannot_type_to_the_macros():
    # mm-kermac's way: its kernel templates are instantiated later, by
    # NVRTC's name expressions. A site whose operands all carry a type token
    # compiles there through the header's typed macros, so it stays as
    # written (a static_assert would fail at that instantiation).
    typed = NVRTC_SOURCE.replace('PTX_INJECT("func", PTX_IN(x), PTX_OUT(y));',
                                 'PTX_INJECT("func", PTX_IN(F32, x), PTX_OUT(F32, y));')
    assert typed != NVRTC_SOURCE
    with pytest.warns(ptxinject.RewriteWarning, match="left as written"):
        out = ptxinject.rewrite(typed, filename="semiring.cu", args=NVRTC_OPTIONS,
                                nvrtc=True)
    assert 'PTX_INJECT("func", PTX_IN(F32, x), PTX_OUT(F32, y));' in out
    assert "static_assert(__ptx_inject_is" not in out


@needs_frontend
@pytest.mark.parametrize("nvrtc", [False, True])
def test_rewrite_precompiles_the_include_block(nvrtc, tmp_path):
    # The source's leading #includes go into the cache folder's PCH with
    # CUDA's headers, are reused by the next rewrite, and change nothing in
    # the output.
    if nvrtc:
        source = NVRTC_SOURCE
        kw = dict(args=NVRTC_OPTIONS, nvrtc=True, name_expressions=["scale<float, 1>"])
    else:
        source, kw = TEMPLATE.format(name="k", type="float"), {}
    name = str(tmp_path / "k.cu")
    plain = ptxinject.rewrite(source, filename=name, pch_cache=False, **kw)
    cache = tmp_path / "cache"
    for _ in range(2):
        assert ptxinject.rewrite(source, filename=name, pch_cache=cache, **kw) == plain
    blocks = [b.read_text() for b in (cache / "blocks").glob("*.h")]
    assert blocks == ["#include <ptx_inject.h>\n"]


@needs_frontend
@pytest.mark.parametrize("nvrtc", [False, True])
def test_rewrite_survives_a_crash_in_clang(nvrtc, tmp_path):
    # Clang crashing mid-parse (here on purpose, after the include block, as
    # it may on a damaged cached PCH) is an Error, not the end of the
    # interpreter; the cached headers in use are dropped.
    if nvrtc:
        source = NVRTC_SOURCE
        kw = dict(args=NVRTC_OPTIONS, nvrtc=True, name_expressions=["scale<float, 1>"])
    else:
        source, kw = TEMPLATE.format(name="k", type="float"), {}
    name = str(tmp_path / "k.cu")
    cache = tmp_path / "cache"
    good = ptxinject.rewrite(source, filename=name, pch_cache=cache, **kw)
    assert list(cache.glob("*.pch"))
    crashing = source.replace("#include <ptx_inject.h>\n",
                              "#include <ptx_inject.h>\n#pragma clang __debug crash\n")
    with pytest.raises(Error, match="Clang crashed while parsing"):
        ptxinject.rewrite(crashing, filename=name, pch_cache=cache, **kw)
    assert not list(cache.glob("*.pch"))
    assert ptxinject.rewrite(source, filename=name, pch_cache=cache, **kw) == good


def test_name_expressions_need_nvrtc_mode():
    if not ptxinject.have_rewrite():
        pytest.skip("package built without the Clang front end")
    with pytest.raises(Error, match="nvrtc=True"):
        ptxinject.rewrite(NVRTC_SOURCE, name_expressions=["scale<float, 1>"])


@needs_frontend
def test_rewrite_bakes_a_stub_and_refuses_an_unknown_inject(tmp_path):
    source = TEMPLATE.format(name="kernel", type="float")
    stub = "{\n  add.f32 %{z}, %{x}, %{y};\n}\n"
    baked = ptxinject.rewrite(source, filename=str(tmp_path / "k.cu"), bake={"func": stub})
    assert "PTX_INJECT_START" not in baked
    assert '"add.f32 %%_x1, %%_x2, %%_x0;\\n\\t"' in baked  # labels resolved, % doubled
    with pytest.raises(Error, match="bake: no site of inject 'fnuc'; its sites are func"):
        ptxinject.rewrite(source, filename=str(tmp_path / "k.cu"), bake={"fnuc": stub})
    with pytest.raises(Error, match="has no operand 'w'"):
        ptxinject.rewrite(source, filename=str(tmp_path / "k.cu"), bake={"func": "neg.f32 %{w}, %{x};"})
    nvcc = cuda_tool("nvcc")
    if nvcc is None:
        return
    src = tmp_path / "baked.cu"
    src.write_text(baked)
    subprocess.run([nvcc, "-ptx", "-arch=sm_80", "-I", ptxinject.include_dir(), str(src), "-o",
                    str(tmp_path / "baked.ptx")], check=True)
    assert "add.f32" in (tmp_path / "baked.ptx").read_text()
