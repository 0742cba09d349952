"""ptxinject.distributed: the Ray path gives the local compile_variants'
results, on a local Ray instance and on a simulated two-node cluster; a
worker killed mid-search loses nothing; the driver holds a bounded number of
batches whatever the number of programs; duplicates and cache hits are
never shipped, and the cache is the local one's."""

import os
import signal
import subprocess
import sys

import pytest

import ptxinject
from ptxinject import compile_variants

ray = pytest.importorskip("ray", reason="Ray is not installed (pip install 'ptxinject[ray]')")
from ray.cluster_utils import Cluster  # noqa: E402

from ptxinject.distributed import compile_variants_on_ray, iter_variants_on_ray  # noqa: E402
from ptxinject.distributed._worker import VariantWorker  # noqa: E402

ONE = ["slot_0"]  # one program a module: which of the kernel's injects it fills
PROGRAMS = ["x y add.ftz.f32", "x y mul.ftz.f32", "x nosuch", "y x sub.ftz.f32", "x x add.ftz.f32",
            "x 2.0 mul.ftz.f32", "y y mul.ftz.f32 x add.ftz.f32", "x neg.ftz.f32"]



@pytest.fixture(scope="module")
def two_nodes():
    """A simulated cluster: a head and a second node of one CPU each."""
    cluster = Cluster(initialize_head=True, head_node_args={"num_cpus": 1})
    cluster.add_node(num_cpus=1)
    ray.init(address=cluster.address)
    cluster.wait_for_nodes()
    yield cluster
    ray.shutdown()
    cluster.shutdown()


def summary(result):
    return ([(m.index, list(m.programs), m.failed, m.cubin) for m in result.modules],
            [(f.program, f.stage, f.message, f.line, f.column) for f in result.failures],
            result.places)


def test_import_error_names_the_package():
    code = "import sys; sys.modules['ray'] = None; import ptxinject.distributed"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.returncode != 0 and "pip install 'ptxinject[ray]'" in out.stderr


def test_local_ray_instance(four):
    """ray.init(num_cpus=2) on this machine: two one-CPU workers."""
    ray.shutdown()  # the module's cluster is done with
    ray.init(address="local", num_cpus=2)
    try:
        local = compile_variants(four, PROGRAMS, pack=1, slots=ONE, jobs=2, dedup=False)
        remote = compile_variants_on_ray(four, PROGRAMS, pack=1, slots=ONE, workers=2, progress=False,
                                         batch_modules=1, dedup=False)
        assert summary(remote) == summary(local)
        assert remote.report["workers"] == 2
        # An actor creates its back end once, in its constructor, for every batch.
        options = dict(slots=ONE, pack=1, backend=ptxinject.variants.default_backend(), arch="sm_80",
                       kind="stack", keep_ptx=False, cache_dir=None)
        actor = ray.remote(VariantWorker).remote(four.source, options)
        batches = [ray.get(actor.compile.remote(first, PROGRAMS[first:first + 4])) for first in (0, 4)]
        assert ray.get(actor.backends_created.remote()) == 1
        assert [m.cubin for _, modules, _, _, _ in batches for m in modules] == [
            m.cubin for m in local.modules]
    finally:
        ray.shutdown()


@pytest.mark.parametrize("pack,dedup", [(1, False), (4, False), (1, True), (4, True)])
def test_two_nodes_match_local_byte_for_byte(two_nodes, four, pack, dedup):
    programs = PROGRAMS * 3
    slots = ONE if pack == 1 else None
    local = compile_variants(four, programs, pack=pack, slots=slots, jobs=2, dedup=dedup)
    remote = compile_variants_on_ray(four, programs, pack=pack, slots=slots, progress=False,
                                     batch_modules=2, dedup=dedup)
    assert summary(remote) == summary(local)
    assert remote.failures[0].program == 2 and remote.failures[0].stage == "stub"
    assert remote.report["workers"] == min(2, remote.report["batches"])  # one per node
    assert remote.report["variants"] == len(programs)
    if dedup:
        for key in ("unique_programs", "duplicate_rate", "modules"):
            assert remote.report[key] == local.report[key]


def test_results_stream_in_batches_with_program_numbers(two_nodes, four):
    seen = []
    for batch in iter_variants_on_ray(four, PROGRAMS, pack=4, slots=None, batch_modules=1, dedup=False):
        assert [m.programs for m in batch.modules] == [batch.programs]
        seen.append(batch.programs)
    assert sorted(seen, key=lambda r: r.start) == [range(0, 4), range(4, 8)]


def test_killed_worker_loses_nothing(two_nodes, four):
    programs = PROGRAMS * 8  # 64 programs, 32 batches of 2
    local = compile_variants(four, programs, pack=1, slots=ONE, jobs=2, dedup=False)
    batches, killed, stats = [], None, {}
    for batch in iter_variants_on_ray(four, programs, slots=ONE, workers=2, batch_modules=2,
                                      stats=stats, dedup=False):
        batches.append(batch)
        if killed is None:
            killed = int(batch.worker.rsplit(":", 1)[1])
            os.kill(killed, signal.SIGKILL)
    numbers = sorted(p for b in batches for p in b.programs)
    assert numbers == list(range(len(programs)))  # each program exactly once
    modules = sorted((m for b in batches for m in b.modules), key=lambda m: m.index)
    assert [(m.programs, m.failed, m.cubin) for m in modules] == \
        [(m.programs, m.failed, m.cubin) for m in local.modules]
    failures = sorted((f for b in batches for f in b.failures), key=lambda f: f.program)
    assert failures == local.failures
    assert stats["lost_workers"] == 1 and stats["resent_batches"] >= 1


@pytest.mark.parametrize("dedup", [False, True])
def test_bad_program_never_kills_a_worker(two_nodes, four, dedup):
    programs = ["x y add.ftz.f32", {"not": "a program"}, "x y mul.ftz.f32", [1, "two"]]
    result = compile_variants_on_ray(four, programs, pack=1, slots=ONE, workers=1, progress=False,
                                     dedup=dedup)
    assert [(f.program, f.stage) for f in result.failures] == [(1, "input"), (3, "input")]
    # Deduplicating, the driver reads every program first: the bad ones are
    # never shipped and take no module.
    assert [m.cubin[:4] for m in result.modules] == (
        [b"\x7fELF"] * 2 if dedup else [b"\x7fELF", b"", b"\x7fELF", b""])
    assert result.report["workers"] == 1 and result.report["batches"] == 1


def test_duplicates_are_not_shipped(two_nodes, four):
    programs = PROGRAMS * 3  # 8 distinct texts, one a bad stub: 7 to compile
    shipped, settled = [], []
    for batch in iter_variants_on_ray(four, programs, slots=ONE, batch_modules=2):
        shipped += [n for m in batch.modules for n in m.programs]
        settled += batch.programs
    assert sorted(shipped) == [0, 1, 3, 4, 5, 6, 7]
    assert sorted(settled) == list(range(len(programs)))  # every program settled exactly once


def test_cache_is_the_local_one(two_nodes, four, tmp_path):
    cold = compile_variants_on_ray(four, PROGRAMS, pack=2, cache_dir=tmp_path, progress=False,
                                   batch_modules=1)
    assert cold.report["cache_hits"] == 0 and cold.report["modules"] == 4
    warm = compile_variants_on_ray(four, PROGRAMS, pack=2, cache_dir=tmp_path, progress=False,
                                   batch_modules=1)
    r = warm.report
    assert r["cache_hits"] == r["unique_programs"] == 7 and r["batches"] == 0 and not warm.modules
    assert [warm.cubin_of(p) for p in range(8)] == [cold.cubin_of(p) for p in range(8)]
    # The driver stored what the workers compiled under the local engine's keys.
    local = compile_variants(four, PROGRAMS, pack=2, cache_dir=tmp_path)
    assert local.report["cache_hits"] == 7 and local.report["modules"] == 0
    # The same cubins of the same cache; each reader pins them in its own
    # folder (docs/variants.md), so the paths name the same file under
    # different pins.
    def by_cubin(places):
        return [(p.program, p.same_as, p.module, p.cached_cubin and os.path.basename(p.cached_cubin),
                 p.inject, p.pack_index) for p in places]
    assert by_cubin(local.places) == by_cubin(warm.places)
    assert all(os.path.dirname(os.path.dirname(p.cached_cubin)) == str(tmp_path / "pins")
               for p in warm.places if p.cached_cubin)
    # And the other way: what the local engine stored, the driver finds.
    more = ["x x sub.ftz.f32", "y y add.ftz.f32"]
    compile_variants(four, more, pack=2, cache_dir=tmp_path)
    grown = compile_variants_on_ray(four, PROGRAMS + more, pack=2, cache_dir=tmp_path, progress=False)
    assert grown.report["cache_hits"] == 9 and grown.report["batches"] == 0


def test_assembler_options_reach_the_workers_and_the_cache_key(two_nodes, four, tmp_path):
    local = compile_variants(four, PROGRAMS, pack=2, max_registers=32, lineinfo=True, dedup=False)
    remote = compile_variants_on_ray(four, PROGRAMS, pack=2, progress=False, max_registers=32,
                                     lineinfo=True, dedup=False)
    assert remote.options == ["-O3 -maxrregcount=32 -lineinfo"] * len(PROGRAMS)
    assert [remote.cubin_of(p) for p in range(len(PROGRAMS))] == \
        [local.cubin_of(p) for p in range(len(PROGRAMS))]
    # The driver's cache key holds the options: a run without them misses.
    compile_variants_on_ray(four, PROGRAMS, pack=2, cache_dir=tmp_path, progress=False,
                            max_registers=32)
    plain = compile_variants_on_ray(four, PROGRAMS, pack=2, cache_dir=tmp_path, progress=False)
    assert plain.report["cache_hits"] == 0
    again = compile_variants_on_ray(four, PROGRAMS, pack=2, cache_dir=tmp_path, progress=False,
                                    max_registers=32)
    assert again.report["cache_hits"] == again.report["unique_programs"]
    with pytest.raises(ptxinject.Error, match="-no-such-option"):
        compile_variants_on_ray(four, PROGRAMS, pack=2, progress=False,
                                ptxas_options=["-no-such-option"])


def test_damaged_cache_entry_is_compiled_again_on_the_cluster(two_nodes, four, tmp_path):
    cold = compile_variants_on_ray(four, PROGRAMS[:2], slots=ONE, cache_dir=tmp_path, progress=False)
    (entry,) = [e for e in (tmp_path / "entries").glob("*/*")][:1]
    entry.write_text("ptxinject-variants-cache 1\ncubin 00\n")  # truncated
    again = compile_variants_on_ray(four, PROGRAMS[:2], slots=ONE, cache_dir=tmp_path, progress=False)
    assert again.report["cache_rejected"] == 1 and again.report["cache_hits"] == 1
    assert again.report["modules"] == 1
    assert [again.cubin_of(p) for p in (0, 1)] == [cold.cubin_of(p) for p in (0, 1)]
    healed = compile_variants(four, PROGRAMS[:2], slots=ONE, cache_dir=tmp_path)
    assert healed.report["cache_hits"] == 2


def test_screen_settles_duplicates_and_stores_only_from_the_drivers_back_end(four, tmp_path):
    """The driver's screening without a cluster: a duplicate of a program
    that failed at the assembler fails as it did, whenever it comes; cubins
    from a worker whose back end differs from the driver's are not stored."""
    from ptxinject.distributed._screen import Screen
    from ptxinject.variants import CompiledModule, ProgramPlace, VariantFailure, default_backend

    options = dict(kind="stack", slots=ONE, pack=1, arch="sm_80", backend=default_backend())
    screen = Screen(four, options, True, str(tmp_path))
    ship, settled = screen.screen(0, ["x y add.ftz.f32", "x nosuch", "x y add.ftz.f32"])
    assert [s.number for s in ship] == [0] and [f.program for f in settled.failures] == [1]
    boom = VariantFailure(0, "compile", "boom")
    answer = screen.answered([CompiledModule(0, range(0, 1), b"", [0])], [boom], [], store=True)
    assert [(f.program, f.message) for f in answer.failures] == [(0, "boom"), (2, "same stubs as program 0: boom")]
    ship, settled = screen.screen(3, ["x y add.ftz.f32"])  # after its first's answer: settled at once
    assert not ship and [(f.program, f.stage) for f in settled.failures] == [(3, "compile")]

    def compiled(number, text):
        cubin = compile_variants(four, [text], slots=ONE).modules[0].cubin
        return [CompiledModule(0, [number], cubin)], [], [ProgramPlace(number, number, 0, None, "slot_0", 0)]

    ship, _ = screen.screen(4, ["y x sub.ftz.f32", "x x mul.ftz.f32"])
    assert [s.number for s in ship] == [4, 5]
    screen.answered(*compiled(4, "y x sub.ftz.f32"), store=False)
    assert not (tmp_path / "entries").exists()
    screen.answered(*compiled(5, "x x mul.ftz.f32"), store=True)
    assert len(list((tmp_path / "entries").glob("*/*"))) == 1
    assert compile_variants(four, ["x x mul.ftz.f32"], slots=ONE, cache_dir=tmp_path).report["cache_hits"] == 1


def test_batch_errors_raise_as_locally(two_nodes, four):
    with pytest.raises(ptxinject.Error):
        compile_variants_on_ray(four, PROGRAMS, slots=["nope"], progress=False)
    with pytest.raises(ptxinject.Error):
        compile_variants_on_ray(four, PROGRAMS, pack=8, progress=False)


def test_back_pressure_with_100000_programs(two_nodes, four):
    """The driver reads the program generator only as batches go out: at
    most depth x workers batches are ahead of what came back. The back end is
    skipped (stubs_only) so 100,000 programs take seconds."""
    read = 0

    def programs():
        nonlocal read
        for i in range(100_000):
            read += 1
            yield "x y add.ftz.f32" if i % 2 else "x y mul.ftz.f32"

    batch, depth, workers = 4 * 500, 2, 2
    returned = ahead = 0
    for b in iter_variants_on_ray(four, programs(), pack=4, workers=workers, batch_modules=500,
                                  depth=depth, stubs_only=True):
        returned += len(b.programs)
        ahead = max(ahead, read - returned)
        assert not b.failures
    assert returned == 100_000
    assert ahead <= (depth * workers + 1) * batch


def test_cli_on_the_cluster(two_nodes, four, tmp_path):
    kernel = tmp_path / "kernel.ptx"
    kernel.write_text(four.source)
    progs = tmp_path / "progs.stack"
    progs.write_text("# three programs\nx y add.ftz.f32\nx nosuch\nx y mul.ftz.f32 x y add.ftz.f32\n")
    env = dict(os.environ, XDG_CACHE_HOME=str(tmp_path / "xdg"))

    def run(out, *more):
        return subprocess.run([sys.executable, "-m", "ptxinject.distributed", "variants", str(kernel),
                               "--programs", str(progs), "--out-dir", str(out), "--ray", two_nodes.address,
                               "--pack", "2", *more], capture_output=True, text=True, env=env)

    cold = run(tmp_path / "cold")
    assert cold.returncode == 1, cold.stderr  # a program failed, as 'ptxinject variants' says
    assert "variants:            3" in cold.stdout
    assert "unique programs:     1 (duplicate rate 50.0%)" in cold.stdout
    assert f"cache hits:          0 of 1 ({tmp_path / 'xdg' / 'ptxinject' / 'variants'})" in cold.stdout
    assert f"{progs}:3:3: error: program 1 (stub)" in cold.stderr
    manifest = (tmp_path / "cold" / "manifest.tsv").read_text().splitlines()
    # The columns of 'ptxinject variants' (docs/variants.md), entries and
    # program sources included.
    asm = compile_variants(four, [], pack=2).report["compiler"]
    assert manifest == ["program\tmodule\tinject\tstatus\tpack_index\tentries\tsource\ttext\tsame_as\torigin"
                        "\tassembler\toptions\tresources",
                        f"0\tmodule_000000.cubin\tslot_0\tok\t0\tfour_slots\t{progs}:2:1\tx y add.ftz.f32\t-\tcompiled"
                        f"\t{asm}\t-O3\t-",
                        f"1\t-\tslot_1\tfailed:stub\t1\tfour_slots\t{progs}:3:1\tx nosuch\t-\t-\t{asm}\t-O3\t-",
                        f"2\tmodule_000000.cubin\tslot_0\tok\t0\tfour_slots\t{progs}:4:1"
                        f"\tx y mul.ftz.f32 x y add.ftz.f32\t0\tcompiled\t{asm}\t-O3\t-"]
    local = compile_variants(four, ["x y add.ftz.f32"], pack=2)
    assert (tmp_path / "cold" / "module_000000.cubin").read_bytes() == local.modules[0].cubin
    # Again: everything from the cache, its cubin linked into the folder.
    warm = run(tmp_path / "warm")
    assert warm.returncode == 1, warm.stderr
    assert "modules:             0 (pack 2)" in warm.stdout and "cache hits:          1 of 1" in warm.stdout
    rows = [line.split("\t") for line in (tmp_path / "warm" / "manifest.tsv").read_text().splitlines()]
    assert rows[1][1].startswith("cached_") and rows[1][9] == "cache" and rows[3][1] == rows[1][1]
    assert (tmp_path / "warm" / rows[1][1]).read_bytes() == local.modules[0].cubin
    # --no-dedup --no-cache: every program compiled, as before either existed.
    plain = run(tmp_path / "plain", "--no-dedup", "--no-cache")
    assert plain.returncode == 1, plain.stderr
    assert "modules:             2 (pack 2)" in plain.stdout and "cache:               off" in plain.stdout


def test_a_module_that_keeps_killing_workers_is_reported_once():
    """The retry rule without a cluster: a batch is resent until its third
    loss, then split into modules; a module lost a third time is a failure."""
    from ptxinject.distributed._driver import MAX_ATTEMPTS, _after_loss, _Batch, _give_up

    batch = _Batch(8, ["p"] * 6, attempts=1)
    assert _after_loss(batch, 2) == [batch] and not _give_up(batch, 2)
    batch.attempts = MAX_ATTEMPTS
    split = _after_loss(batch, 2)
    assert [(b.first, len(b.programs)) for b in split] == [(8, 2), (10, 2), (12, 2)]
    assert not _give_up(batch, 2)
    module = split[1]
    module.attempts += 1  # sent once more, lost once more
    assert _after_loss(module, 2) == []
    (failed,) = _give_up(module, 2)
    assert failed.programs == range(10, 12) and [f.stage for f in failed.failures] == ["worker", "worker"]
    assert failed.modules[0].index == 5 and failed.modules[0].failed == [10, 11]
