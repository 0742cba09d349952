"""compile_variants never compiles the same live program twice: equal stubs
share one compile (dedup), and the cache of `ptxinject variants` keeps
compiled programs across calls; a damaged cache entry is compiled again."""

import glob
import os

import pytest

import ptxinject
from ptxinject import compile_variants

# Programs 1 and 4 equal program 0 once dead code is gone (the add under the
# mul is never read; 4 is 0 again); 3 fails at its stub.
PROGRAMS = ["x y add.ftz.f32", "x y mul.ftz.f32 x y add.ftz.f32", "y x sub.ftz.f32", "x nosuch",
            "x y add.ftz.f32", "x x mul.ftz.f32"]



def test_equal_programs_are_compiled_once(four):
    every = compile_variants(four, PROGRAMS, inject="slot_0", dedup=False)
    once = compile_variants(four, PROGRAMS, inject="slot_0")
    assert every.report["modules"] == 6 and once.report["modules"] == 3  # 6: one a program
    assert [p.same_as for p in once.places] == [0, 0, 2, 3, 0, 5]
    assert [p.origin for p in once.places] == ["compiled"] * 3 + ["failed"] + ["compiled"] * 2
    for dup in (1, 4):
        assert once.places[dup].module == once.places[0].module
        assert once.cubin_of(dup) == once.cubin_of(0) == every.cubin_of(0)
    # Both count the distinct programs; the rate is over the 5 with a stub.
    for result in (every, once):
        assert result.report["unique_programs"] == 3
        assert result.report["duplicate_rate"] == pytest.approx(2 / 5)
    assert [f.program for f in once.failures] == [3]


def test_packed_duplicates_point_at_their_site(four):
    result = compile_variants(four, PROGRAMS, pack=2, keep_ptx=True)
    assert [list(m.programs) for m in result.modules] == [[0, 2], [5]]
    place = {p.program: (p.module, p.inject, p.pack_index) for p in result.places}
    assert place[1] == place[4] == place[0] == (0, "slot_0", 0)
    assert place[2] == (0, "slot_1", 1) and place[5] == (1, "slot_0", 0)


def test_a_warm_call_is_all_cache_hits(four, tmp_path):
    cold = compile_variants(four, PROGRAMS, inject="slot_0", cache_dir=tmp_path)
    assert cold.report["cache_hits"] == 0 and cold.report["modules"] == 3
    assert cold.report["cache_dir"] == str(tmp_path)
    warm = compile_variants(four, PROGRAMS, inject="slot_0", cache_dir=tmp_path)
    assert warm.report["modules"] == 0 and not warm.modules
    assert warm.report["cache_hits"] == warm.report["unique_programs"] == 3
    assert [p.origin for p in warm.places] == ["cache"] * 3 + ["failed"] + ["cache"] * 2
    assert all(p.cached_cubin.startswith(str(tmp_path)) for p in warm.places if p.program != 3)
    for p in range(len(PROGRAMS)):
        assert warm.cubin_of(p) == cold.cubin_of(p)
    assert warm.failures == cold.failures
    # A new program beside them: only it is compiled.
    grown = compile_variants(four, PROGRAMS + ["y y add.ftz.f32"], inject="slot_0", cache_dir=tmp_path)
    assert grown.report["modules"] == 1 and grown.report["cache_hits"] == 3
    assert grown.places[6].origin == "compiled"


def test_cache_without_dedup_and_other_keys(four, tmp_path):
    compile_variants(four, PROGRAMS[:3], inject="slot_0", cache_dir=tmp_path, dedup=False)
    again = compile_variants(four, PROGRAMS[:3], inject="slot_0", cache_dir=tmp_path, dedup=False)
    assert again.report["cache_hits"] == 3 and again.report["modules"] == 0
    # Another arch or another site is another key: compiled, not reused.
    other = compile_variants(four, PROGRAMS[:3], inject="slot_0", cache_dir=tmp_path, arch="sm_90")
    assert other.report["cache_hits"] == 0
    other = compile_variants(four, PROGRAMS[:3], inject="slot_1", cache_dir=tmp_path)
    assert other.report["cache_hits"] == 0
    # So is another ptxas -O level or register limit: cubins of -O2 are not -O3's.
    for options in (dict(opt_level=2), dict(max_registers=32)):
        backend = ptxinject.Backend(arch="sm_80", **options)
        cold = compile_variants(four, PROGRAMS[:3], inject="slot_0", cache_dir=tmp_path, backend=backend)
        assert cold.report["cache_hits"] == 0, options
        warm = compile_variants(four, PROGRAMS[:3], inject="slot_0", cache_dir=tmp_path, backend=backend)
        assert warm.report["cache_hits"] == warm.report["unique_programs"] == 2, options
        assert warm.report["modules"] == 0, options


def test_a_damaged_entry_is_compiled_again(four, tmp_path):
    programs = ["x y add.ftz.f32", "y x sub.ftz.f32", "x x mul.ftz.f32"]
    cold = compile_variants(four, programs, inject="slot_0", cache_dir=tmp_path)
    entries = sorted(glob.glob(str(tmp_path / "entries" / "*" / "*")))
    cubins = sorted(glob.glob(str(tmp_path / "cubins" / "*.cubin")))
    assert len(entries) == 3 and len(cubins) == 3
    with open(entries[0], "r+") as f:  # truncated: its last line is gone
        f.truncate(os.path.getsize(entries[0]) - 4)
    # Another program's cubin, one byte changed: its hash no longer matches.
    cubin_hash = open(entries[1]).read().splitlines()[1].split()[1]
    with open(tmp_path / "cubins" / f"{cubin_hash}.cubin", "r+b") as f:
        f.seek(100)
        byte = f.read(1)
        f.seek(100)
        f.write(bytes([byte[0] ^ 0xFF]))
    damaged = compile_variants(four, programs, inject="slot_0", cache_dir=tmp_path)
    r = damaged.report
    assert (r["cache_rejected"], r["cache_hits"], r["modules"]) == (2, 1, 2)
    assert sorted(p.origin for p in damaged.places) == ["cache", "compiled", "compiled"]
    for p in range(3):
        assert damaged.cubin_of(p) == cold.cubin_of(p)
    # Stored again: the next call is all hits.
    healed = compile_variants(four, programs, inject="slot_0", cache_dir=tmp_path)
    assert healed.report["cache_hits"] == 3 and healed.report["cache_rejected"] == 0


def test_cache_dir_true_is_the_cli_default(four, tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert ptxinject.variants.default_cache_dir() == str(tmp_path / "ptxinject" / "variants")
    compile_variants(four, PROGRAMS[:1], inject="slot_0", cache_dir=True)
    assert glob.glob(str(tmp_path / "ptxinject" / "variants" / "entries" / "*" / "*"))
    off = compile_variants(four, PROGRAMS[:1], inject="slot_0")
    assert off.report["cache_dir"] is None and off.report["cache_hits"] == 0


def test_random_programs_are_deduplicated_and_cached(four, tmp_path):
    first = compile_variants(four, None, inject="slot_0", random=(40, 32, 7, False), cache_dir=tmp_path)
    r = first.report
    assert r["variants"] == 40 and r["modules"] == r["unique_programs"] < 40
    again = compile_variants(four, None, inject="slot_0", random=(40, 32, 7, False), cache_dir=tmp_path)
    assert again.report["cache_hits"] == r["unique_programs"] and again.report["modules"] == 0


def test_unfilled_kernels_are_left_out_unless_kept(tmp_path):
    # Two kernels of two sites each and a helper kernel without sites (the
    # CLI's lit input): six programs at pack 4 fill module 0 and only k_a's
    # sites of module 1, so module 1's cubin has no k_b unless it is kept.
    from conftest import nvcc_ptx
    from elf_sections import kernel_names
    here = os.path.dirname(os.path.abspath(__file__))
    source = os.path.join(here, "..", "variants", "Inputs", "unfilled-kernels.cu")
    module = ptxinject.Module.parse(nvcc_ptx(source, tmp_path))
    stubs = ["add.rn.f32 %{z}, %{x}, %{x};", "mul.rn.f32 %{z}, %{x}, %{x};",
             "abs.f32 %{z}, %{x};", "neg.f32 %{z}, %{x};",
             "sub.rn.f32 %{z}, %{x}, 0f3F800000;", "max.f32 %{z}, %{x}, 0f00000000;"]
    slots = ["inject_0", "inject_1", "inject_2", "inject_3"]
    pruned = compile_variants(module, stubs, kind="raw", slots=slots, pack=4)
    kept = compile_variants(module, stubs, kind="raw", slots=slots, pack=4,
                            keep_unfilled_kernels=True)
    names = lambda result: [sorted(kernel_names(m.cubin)) for m in result.modules]
    assert names(pruned) == [["k_a", "k_b", "k_helper"], ["k_a", "k_helper"]]
    assert names(kept) == [["k_a", "k_b", "k_helper"]] * 2
    assert pruned.report["pruned_kernels"] == 1 and kept.report["pruned_kernels"] == 0
    assert [p.inject for p in pruned.places[4:]] == ["inject_0", "inject_1"]


def _slow_stub(count=40000):
    """A stub that takes a PTX compiler about 90 s: dependent operations."""
    lines = ["mov.f32 %{z}, %{x};"]
    for i in range(count):
        lines.append("fma.rn.f32 %{z}, %{z}, %{y}, %{x};" if i % 2 else "sin.approx.f32 %{z}, %{z};")
    return "\n".join(lines)


def _files_bytes(folder):
    """Bytes on disk of the cache's files, as its bound counts them (a
    pinned cubin once)."""
    inodes = {}
    for root, _, files in os.walk(folder):
        for f in files:
            st = os.stat(os.path.join(root, f))
            inodes[st.st_ino] = st.st_blocks * 512
    return sum(inodes.values())


def test_the_cache_keeps_within_its_bound(four, tmp_path):
    bound = 128 * 1024
    first = compile_variants(four, None, inject="slot_0", random=(120, 32, 3, True),
                             cache_dir=tmp_path, cache_max_size="128K")
    assert first.report["modules"] > 40
    assert _files_bytes(tmp_path) <= bound
    stats = ptxinject.variants.cache_stats(tmp_path)
    assert stats["max_bytes"] == 5 << 30  # the option bounds the call, not the folder
    assert 0 < stats["bytes"] <= bound and stats["entries"] > 0
    # The most recent programs stayed: a rerun finds some of them.
    again = compile_variants(four, None, inject="slot_0", random=(120, 32, 3, True),
                             cache_dir=tmp_path, cache_max_size=bound)
    assert again.report["cache_hits"] > 0


def test_cache_upkeep_from_python(four, tmp_path):
    compile_variants(four, PROGRAMS, inject="slot_0", cache_dir=tmp_path)
    assert ptxinject.variants.set_cache_max_size("16K", tmp_path) == 16 * 1024
    assert ptxinject.variants.cache_stats(tmp_path)["max_bytes"] == 16 * 1024
    trimmed = ptxinject.variants.trim_cache(tmp_path)
    assert trimmed["bytes_after"] <= 16 * 1024 * 9 // 10 < trimmed["bytes_before"]
    cleared = ptxinject.variants.clear_cache(tmp_path)
    after = ptxinject.variants.cache_stats(tmp_path)
    assert after["entries"] == after["cubins"] == 0
    assert cleared["bytes_after"] <= 8192  # cache.conf and the recorded size
    with pytest.raises(ValueError, match="not a size"):
        ptxinject.variants.set_cache_max_size("lots", tmp_path)
    with pytest.raises(ValueError, match="not a size"):
        compile_variants(four, PROGRAMS, inject="slot_0", cache_dir=tmp_path, cache_max_size="5Q")


def test_a_result_keeps_its_cached_cubins(four, tmp_path):
    compile_variants(four, PROGRAMS[:1], inject="slot_0", cache_dir=tmp_path)
    warm = compile_variants(four, PROGRAMS[:1], inject="slot_0", cache_dir=tmp_path)
    path = warm.places[0].cached_cubin
    assert warm.places[0].origin == "cache" and os.sep + "pins" + os.sep in path
    # Another process clears the cache: the result still reads its cubin.
    ptxinject.variants.clear_cache(tmp_path)
    assert warm.cubin_of(0)[:4] == b"\x7fELF"
    del warm
    import gc
    gc.collect()
    assert not os.path.exists(path)


def test_a_module_past_its_deadline_fails_alone(four):
    result = compile_variants(four, [_slow_stub(), "add.f32 %{z}, %{x}, %{y};"], kind="raw",
                              inject="slot_0", backend="ptxas", timeout=0.5, jobs=1)
    assert [(f.program, f.stage) for f in result.failures] == [(0, "timeout")]
    assert "time limit of 0.5 s" in result.failures[0].message
    assert result.places[1].origin == "compiled"
    with pytest.raises(ValueError, match="timeout"):
        compile_variants(four, PROGRAMS, inject="slot_0", timeout=0)


def test_compile_ptx_timeout(four):
    from ptxinject import compile_ptx
    stub = _slow_stub().replace("%{z}", "%_x0").replace("%{x}", "%_x1").replace("%{y}", "%_x2")
    slow = four.render({"slot_0": stub, "slot_1": "", "slot_2": "", "slot_3": ""})
    with pytest.raises(ptxinject.Error) as info:
        compile_ptx(slow, backend="nvjitlink", timeout=0.5)
    assert info.value.code == "timeout"


HEADER = "program\tmodule\tinject\tstatus\tpack_index\tentries\tsource\ttext\tsame_as\torigin\n"


def test_read_manifest_of_a_killed_run(tmp_path):
    (tmp_path / "manifest.tsv").write_text(
        HEADER
        + "0\tmodule_000000.cubin\tinject_0\tok\t0\tk0,k1\tp.stack:1:1\tx y add.ftz.f32\t-\tcompiled\n"
        + "2\t-\tinject_0\tfailed\t0\tk0\tp.stack:3:1\tx nosuch\t-\t-\n"
        + "1\tmodule_0000")
    manifest = ptxinject.read_manifest(tmp_path)
    assert manifest.truncated
    assert [r.program for r in manifest.rows] == [0, 2]
    first = manifest.rows[0]
    assert (first.module, first.ok, first.entries, first.same_as, first.origin) == \
        ("module_000000.cubin", True, ["k0", "k1"], None, "compiled")
    assert manifest.rows[1].module is None and not manifest.rows[1].ok


def test_read_manifest_refuses_a_path_as_module(tmp_path):
    path = tmp_path / "manifest.tsv"
    path.write_text(HEADER + "0\t../../secret.cubin\tinject_0\tok\t0\tk\t-\t-\t-\tcompiled\n")
    with pytest.raises(ptxinject.Error) as info:
        ptxinject.read_manifest(path)
    assert (info.value.line, info.value.column) == (2, 3)
    assert "module" in info.value.message
