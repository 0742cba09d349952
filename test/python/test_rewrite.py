"""ptxinject.rewrite: the Clang front end in process on a string."""

import os
import subprocess

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
    monkeypatch.setattr(ptxinject._core, "HAVE_REWRITE", False)
    with pytest.raises(Error) as e:
        ptxinject.rewrite("__global__ void f() {}")
    assert "clang-19" in str(e.value)


@needs_frontend
def test_rewrite_prints_nothing(tmp_path):
    # Diagnostics come back in the exception or not at all: nothing on stderr.
    import sys
    code = ("import ptxinject\n"
            "ptxinject.rewrite('#include <ptx_inject.h>\\n__global__ void f(float *o)"
            "{ float x = o[0]; PTX_INJECT(\"a\", PTX_MOD(x)); o[0] = x; }\\n')\n")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == "" and proc.stdout == ""
