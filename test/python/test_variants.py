"""compile_variants: cubins per module, packing, failures, progress, and
cubins that ptxas-made ones match in kernel names. Deduplication and the
cache are in test_variant_cache.py."""

import os
import subprocess
import sys

import numpy as np
import pytest

import ptxinject
from ptxinject import Error, compile_variants, stack
from ptxinject.variants import stack_registers

from conftest import compile_backends, cuda_tool
from elf_sections import kernel_names

PROGRAMS = ["x y add.ftz.f32", "x y mul.ftz.f32", "x nosuch", "y x sub.ftz.f32", "x x add.ftz.f32"]





@pytest.mark.parametrize("backend", compile_backends())
def test_cubins_match_ptxas_kernel_names(four, backend, tmp_path):
    ptxas = cuda_tool("ptxas")
    if ptxas is None:
        pytest.skip("ptxas not found (install the CUDA toolkit)")
    result = compile_variants(four, PROGRAMS, pack=4, backend=backend, keep_ptx=True, jobs=2,
                              dedup=False)
    assert result.report["backend"] == backend
    assert result.report["compiler"] == ptxinject.Backend(backend).version
    assert [m.programs for m in result.modules] == [range(0, 4), range(4, 5)]
    for m in result.modules:
        assert m.cubin[:4] == b"\x7fELF"
        ptx_path = tmp_path / f"m{m.index}.ptx"
        ptx_path.write_text(m.ptx)
        subprocess.run([ptxas, "-arch=sm_80", str(ptx_path), "-o", str(tmp_path / "ref.cubin")], check=True)
        reference = (tmp_path / "ref.cubin").read_bytes()
        assert kernel_names(m.cubin) == kernel_names(reference) == ["four_slots"]


@pytest.mark.parametrize("backend", compile_backends())
def test_backend_object_matches_the_name_and_is_created_once(four, backend):
    by_name = compile_variants(four, PROGRAMS, pack=4, backend=backend, jobs=2)
    made = ptxinject.Backend(backend, arch="sm_80")
    assert (made.kind, made.arch) == (backend, "sm_80")
    created = ptxinject._core._backends_created()
    first = compile_variants(four, PROGRAMS, pack=4, backend=made, jobs=2)
    second = compile_variants(four, PROGRAMS[:2], pack=4, backend=made, jobs=2)
    assert ptxinject._core._backends_created() == created  # the object is reused, not rebuilt
    compile_variants(four, PROGRAMS[:2], pack=4, backend=backend, jobs=2)
    assert ptxinject._core._backends_created() == created + 1  # a name builds one per call
    assert [m.cubin for m in first.modules] == [m.cubin for m in by_name.modules]
    assert first.failures == by_name.failures and first.report["backend"] == backend
    assert second.modules[0].cubin  # the reused back end still compiles
    assert compile_variants(four, PROGRAMS[:1], pack=4, backend=ptxinject.Backend(backend, "sm_90"),
                            jobs=2).report["arch"] == "sm_90"
    sm90 = ptxinject.Backend(backend, "sm_90")
    ptx = compile_variants(four, PROGRAMS[:1], pack=4, keep_ptx=True, jobs=2).modules[0].ptx
    assert ptxinject.compile_ptx(ptx, backend=sm90) == ptxinject.compile_ptx(ptx, backend=backend,
                                                                             arch="sm_90")
    with pytest.raises(Error, match="differs from the backend"):
        compile_variants(four, PROGRAMS[:1], pack=4, backend=made, arch="sm_90")


@pytest.mark.parametrize("backend", compile_backends())
def test_backend_takes_ptxas_opt_level_and_register_limit(four, backend):
    # What a search may set other than the defaults (mm-kermac assembles with
    # -O2): the back end passes them to the compiler.
    ptx = compile_variants(four, PROGRAMS[:1], pack=4, keep_ptx=True, jobs=2).modules[0].ptx
    default = ptxinject.Backend(backend)
    assert (default.opt_level, default.max_registers) == (3, 0)
    assert repr(default) == f"ptxinject.Backend('{backend}', arch='sm_80')"
    o0 = ptxinject.Backend(backend, opt_level=0, max_registers=24)
    assert (o0.opt_level, o0.max_registers) == (0, 24)
    assert repr(o0) == f"ptxinject.Backend('{backend}', arch='sm_80', opt_level=0, max_registers=24)"
    o3 = ptxinject.compile_ptx(ptx, backend=default)
    assert ptxinject.compile_ptx(ptx, backend=ptxinject.Backend(backend, opt_level=3)) == o3
    assert ptxinject.compile_ptx(ptx, backend=ptxinject.Backend(backend, opt_level=0)) != o3
    for bad, message in ((dict(opt_level=4), "opt_level must be 0 to 3"),
                         (dict(opt_level=-1), "opt_level must be 0 to 3"),
                         (dict(max_registers=-1), "max_registers must be 0")):
        with pytest.raises(Error, match=message):
            ptxinject.Backend(backend, **bad)


def test_failures_are_per_program(four):
    result = compile_variants(four, PROGRAMS, pack=4, dedup=False)
    assert [f.program for f in result.failures] == [2]
    f = result.failures[0]
    assert f.stage == "stub" and (f.line, f.column) == (1, 3) and "nosuch" in f.message
    assert result.modules[0].failed == [2]
    assert result.cubin_of(2) is None and result.cubin_of(0) == result.modules[0].cubin
    # Deduplicating, the stubs are made first: the bad one takes no slot.
    result = compile_variants(four, PROGRAMS, pack=4)
    assert [f.program for f in result.failures] == [2]
    assert [m.programs for m in result.modules] == [[0, 1, 3, 4]]
    assert result.places[2].origin == "failed" and result.cubin_of(2) is None
    assert [(p.inject, p.pack_index) for p in result.places if p.program != 2] == [
        ("slot_0", 0), ("slot_1", 1), ("slot_2", 2), ("slot_3", 3)]


def test_single_inject_and_program_forms(four):
    regs = stack_registers(four, "slot_0")
    assert regs == [("x", "F32"), ("y", "F32"), ("z", "F32")]
    b = stack.Builder()
    as_list = [b.input(0), b.input(1), b.ptx("add.ftz.f32")]
    as_array = np.array(as_list, dtype=np.uint64)
    grid = np.array([as_list, as_list], dtype=np.uint64)
    forms = ["x y add.ftz.f32", as_list, as_array]
    result = compile_variants(four, forms, inject="slot_0", keep_ptx=True, dedup=False)
    assert len(result.modules) == 3 and not result.failures
    assert len({m.ptx for m in result.modules}) == 1
    # The three forms are one program: compiled once.
    result = compile_variants(four, forms, inject="slot_0")
    assert len(result.modules) == 1 and [p.same_as for p in result.places] == [0, 0, 0]
    result = compile_variants(four, grid, inject="slot_0", keep_ptx=True, dedup=False)
    assert len(result.modules) == 2


def test_raw_and_ast_programs(four):
    raw = compile_variants(four, ["add.ftz.f32 %{z}, %{x}, %{y};"], inject="slot_1", kind="raw", keep_ptx=True)
    assert "add.ftz.f32 %_x0, %_x1, %_x2;" in raw.modules[0].ptx
    from ptxinject import ast
    tree = [ast.input(0), ast.input(1), ast.ptx("mul.ftz.f32")]
    out = compile_variants(four, [tree], inject="slot_2", kind="ast", keep_ptx=True)
    assert not out.failures and "mul.ftz.f32" in out.modules[0].ptx


def test_random_programs(four):
    result = compile_variants(four, None, pack=4, random=(8, 16, 1, False))
    assert result.report["variants"] == 8 and len(result.modules) == 2
    assert all(m.cubin[:4] == b"\x7fELF" for m in result.modules)


def test_progress_callback(four):
    seen = []
    compile_variants(four, PROGRAMS * 4, inject="slot_0",
                     progress=lambda done, total: seen.append((done, total)))
    assert seen and seen[-1] == (20, 20)
    assert all(a[0] <= b[0] for a, b in zip(seen, seen[1:]))


def test_progress_callback_error_propagates(four):
    def boom(done, total):
        raise RuntimeError("stop")

    with pytest.raises(RuntimeError):
        compile_variants(four, PROGRAMS, inject="slot_0", progress=boom)


def test_several_injects_need_a_choice(four):
    # With one program a module and several injects, which one is meant must
    # be said; the error names the candidates.
    with pytest.raises(ptxinject.Error, match="slot_0"):
        compile_variants(four, PROGRAMS)


def test_batch_errors(four):
    with pytest.raises(Error):
        compile_variants(four, PROGRAMS, inject="nope")
    with pytest.raises(Error):
        compile_variants(four, PROGRAMS, pack=8)
    with pytest.raises(Error) as e:
        compile_variants(four, PROGRAMS, backend="nope")
    assert "nvptxcompiler" in e.value.message
    with pytest.raises(Error):
        compile_variants(four, PROGRAMS, kind="nope")


def test_progress_bar_with_tqdm(four, capsys):
    pytest.importorskip("tqdm")
    result = compile_variants(four, PROGRAMS, inject="slot_0", progress=True, dedup=False)
    assert len(result.modules) == 5
    assert "5/5" in capsys.readouterr().err


@pytest.mark.parametrize("backend", compile_backends())
def test_an_error_at_every_site_of_a_stub_is_reported_once(hand_ptx, backend):
    # The compiler reports a bad stub once per PTX line it is on, so once per
    # site: the failure says it once, with the other lines counted.
    module = ptxinject.Module.parse(hand_ptx)
    bad = module.render({"func": "", "twice": "bad_op.u32 %_x0, %_x0;"})
    with pytest.raises(Error) as e:
        ptxinject.compile_ptx(bad, backend=backend)
    assert e.value.code == "cubin-failed"
    assert e.value.message.count("bad_op") == 1 and "(also at 1 more line: " in e.value.message
    result = compile_variants(module, ["bad_op.u32 %{n}, %{n};"], inject="twice", kind="raw",
                              backend=backend)
    [failure] = result.failures
    assert failure.stage == "compile"
    assert failure.message.count("bad_op") == 1 and "(also at 1 more line: " in failure.message


ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CUDA_13_5 = os.path.join(ROOT, "build", "deps", "cuda-13.5")


@pytest.mark.skipif(not os.path.exists(os.path.join(CUDA_13_5, "bin", "nvcc")),
                    reason="CUDA 13.5 from wheels absent (utils/install-deps assembles it)")
def test_default_backend_is_one_that_reads_the_ptx(tmp_path):
    # nvcc 13.5's PTX (ISA 9.5) is newer than the build's nvPTXCompiler and
    # the system toolkit: with no backend named, the one CUDA_HOME brings
    # that reads it compiles every variant. A fresh process: nvJitLink is
    # loaded once per process.
    ptx = tmp_path / "k.ptx"
    subprocess.run([os.path.join(CUDA_13_5, "bin", "nvcc"), "-ptx", "-arch=sm_80",
                    "-I" + os.path.join(ROOT, "runtime", "include"),
                    os.path.join(ROOT, "examples", "variants", "single.asm.cu"), "-o", str(ptx)],
                   check=True)
    script = ("import sys, ptxinject\n"
              "m = ptxinject.Module.parse(open(sys.argv[1]).read())\n"
              "r = ptxinject.compile_variants(m, random=(4, 8, 1, True), cache_dir=False)\n"
              "print(r.report['backend'], len(r.failures))\n"
              "cubin = ptxinject.compile_ptx(open(sys.argv[1]).read())\n"
              "print(len(cubin) > 0)\n")
    env = dict(os.environ, CUDA_HOME=CUDA_13_5)
    env.pop("CUDA_PATH", None)
    run = subprocess.run([sys.executable, "-c", script, str(ptx)], env=env,
                         capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    assert run.stdout.split() == ["nvjitlink", "0", "True"]
