"""Assembler options in compile_variants and Backend: each back end takes
them in its own spelling, refuses what it lacks, and an options sweep gives
a variant per program and combination, each saying its options."""

import pytest

import ptxinject
from ptxinject import Error, compile_variants

from conftest import compile_backends

PROGRAMS = ["x y add.ftz.f32", "x y mul.ftz.f32", "x nosuch"]





@pytest.mark.parametrize("backend", compile_backends())
def test_options_reach_the_compiler_and_the_result(four, backend):
    plain = compile_variants(four, PROGRAMS[:1], pack=4, backend=backend, jobs=1)
    assert plain.options == ["-O3"]
    tuned = compile_variants(four, PROGRAMS[:1], pack=4, backend=backend, jobs=1,
                             max_registers=32, fast_compile="max", lineinfo=True,
                             ptxas_options=["-warn-spills"])
    assert not tuned.failures
    assert tuned.options == ["-Ofc=max -maxrregcount=32 -lineinfo -warn-spills"]
    assert tuned.report["assembler_options"] == tuned.options[0]
    # Line info is a section of its own: the cubin is another one.
    assert tuned.modules[0].cubin != plain.modules[0].cubin
    made = ptxinject.Backend(backend, max_registers=32, fast_compile="max", lineinfo=True,
                             ptxas_options=["-warn-spills"])
    assert (made.fast_compile, made.lineinfo, made.ptxas_options) == ("max", True, ["-warn-spills"])
    assert made.options == tuned.options[0]
    assert "fast_compile='max'" in repr(made) and "ptxas_options=['-warn-spills']" in repr(made)
    with pytest.raises(TypeError, match="not both"):
        compile_variants(four, PROGRAMS[:1], pack=4, backend=made, opt_level=0)


@pytest.mark.parametrize("backend", compile_backends())
def test_an_option_the_back_end_lacks_is_refused(four, backend):
    with pytest.raises(Error) as info:
        ptxinject.Backend(backend, ptxas_options=["-no-such-option"])
    assert info.value.code == "invalid-argument"
    assert "-no-such-option" in info.value.message and "\n" not in info.value.message
    with pytest.raises(Error, match="give the architecture with --arch"):
        compile_variants(four, PROGRAMS[:1], pack=4, backend=backend, ptxas_options=["-arch=sm_90"])
    with pytest.raises(Error, match="fast-compile level must be 0, min, mid or max"):
        ptxinject.Backend(backend, fast_compile="fastest")


def test_nvjitlink_takes_o0_and_o3_only(four):
    if "nvjitlink" not in compile_backends():
        pytest.skip("nvJitLink not found")
    with pytest.raises(Error, match="takes -O 0 or -O 3, not -O 2"):
        compile_variants(four, PROGRAMS[:1], pack=4, backend="nvjitlink", opt_level=2)
    assert compile_variants(four, PROGRAMS[:1], pack=4, backend="nvjitlink",
                            opt_level=0).options == ["-O0"]


@pytest.mark.parametrize("backend", compile_backends())
def test_options_sweep_gives_a_variant_per_program_and_combination(four, backend, tmp_path):
    if backend == "nvjitlink":
        sweep = "maxrregcount=32,64;O=0,3"
        levels = ["-O0", "-O3"]
    else:
        sweep = "maxrregcount=32,64;O=1,3"
        levels = ["-O1", "-O3"]
    result = compile_variants(four, PROGRAMS, pack=1, slots=["slot_0"], backend=backend, jobs=2,
                              options_sweep=sweep, dedup=False)
    n = len(PROGRAMS)
    assert result.programs == n and len(result.places) == 4 * n
    expected = [f"{o} -maxrregcount={r}" for r in (32, 64) for o in levels]
    assert result.options == [e for e in expected for _ in range(n)]
    # The bad program fails under every combination, the others compile.
    assert [f.program for f in result.failures] == [2, 5, 8, 11]
    assert all(result.cubin_of(v) for v in range(4 * n) if v % n != 2)
    # Module indices run on across the combinations.
    assert sorted(m.index for m in result.modules) == list(range(len(result.modules)))
    assert result.report["variants"] == 4 * n
    ptxinject.variants.write_variants_output(tmp_path, four, result,
                                             sources=[f"p:{v % n + 1}:1" for v in range(4 * n)],
                                             texts=[PROGRAMS[v % n] for v in range(4 * n)],
                                             pack=1, slots=["slot_0"])
    rows = ptxinject.read_manifest(tmp_path).rows
    assert [r.options for r in rows] == result.options
    # Each row names the assembler as the result does, with its version.
    assert result.report["compiler"].split()[0] in ("nvPTXCompiler", "ptxas", "nvJitLink")
    assert {r.assembler for r in rows} == {result.report["compiler"]}
    with pytest.raises(Error, match="unknown option 'registers'"):
        compile_variants(four, PROGRAMS, slots=["slot_0"], backend=backend,
                         options_sweep="registers=32")


def test_options_are_in_the_cache_key(four, tmp_path):
    o3 = compile_variants(four, PROGRAMS[:2], pack=4, cache_dir=tmp_path)
    assert o3.report["cache_hits"] == 0
    o0 = compile_variants(four, PROGRAMS[:2], pack=4, cache_dir=tmp_path, opt_level=0)
    assert o0.report["cache_hits"] == 0 and o0.modules[0].cubin != o3.modules[0].cubin
    again = compile_variants(four, PROGRAMS[:2], pack=4, cache_dir=tmp_path, opt_level=0)
    assert again.report["cache_hits"] == 2


def test_read_manifest_gives_options_and_resources(tmp_path):
    header = ptxinject._core.VariantManifestHeader
    (tmp_path / "manifest.tsv").write_text(
        header + "0\tmodule_000000.cubin\tinject_0\tok\t0\tk0\tp:1:1\tx\t-\tcompiled\t"
        "nvPTXCompiler 13.0\t-O3 -maxrregcount=64\t40/0/8\n")
    row = ptxinject.read_manifest(tmp_path).rows[0]
    assert row.assembler == "nvPTXCompiler 13.0"
    assert row.options == "-O3 -maxrregcount=64"
    assert row.resources == [(40, 0, 8)]
