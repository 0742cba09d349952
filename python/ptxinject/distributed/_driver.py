"""The driver side: workers placed on the cluster, batches sent with a bound
on how many are in flight, results taken in completion order, and the
batches of a worker that died sent again to the others.

With deduplication or a cache (the default deduplicates), the driver
screens programs as it reads them (``_screen.Screen``): a program equal to
an earlier one, or found in the cache, is never shipped, and cubins that
come back are stored in the cache by the driver.

Exactly once: a batch's answer is taken from the one task that returned it;
a task whose worker died returns nothing, so its batch is sent again, and a
batch whose programs keep killing workers is split into single modules, and
a single module that kills ``MAX_ATTEMPTS`` workers is reported as failed
(stage 'worker') instead of being tried forever.
"""

from __future__ import annotations

import collections
import itertools
import os
import time
import warnings
from dataclasses import dataclass, field
from typing import Callable, Deque, Dict, Iterable, Iterator, List, Optional, Sequence, Union

import numpy as np
import ray
from ray.exceptions import ActorDiedError, ActorUnavailableError, RayActorError, WorkerCrashedError
from ray.util.scheduling_strategies import NodeAffinitySchedulingStrategy

from .._core import Module, default_backend
from ..variants import (CompiledModule, ProgramPlace, VariantFailure, VariantResult, _cache_folder,
                        _duplicate_rate, _progress_callback, compile_variants)
from ._screen import Screen, Settled
from ._worker import VariantWorker

MAX_ATTEMPTS = 3
TARGET_BATCH_SECONDS = 0.1
_LOST = (RayActorError, ActorDiedError, ActorUnavailableError, WorkerCrashedError)


@dataclass
class VariantBatch:
    """One batch's results, as it completes: the programs (numbers of the
    whole search) it settles, the modules compiled for them, failures, and
    where each program's code is. With deduplication or a cache, a batch
    from worker '' settles programs without compiling them (bad stubs,
    cache hits, duplicates of programs already back); a duplicate is
    settled with the batch of the program it repeats, or after it."""

    programs: Sequence[int]
    modules: List[CompiledModule]
    failures: List[VariantFailure]
    worker: str
    seconds: float
    places: List[ProgramPlace] = field(default_factory=list)
    # Holds the cached cubins that places name (pinned in the cache folder
    # against trimming by other processes) for as long as this batch lives.
    _pins: object = field(default=None, repr=False, compare=False)


@dataclass
class _Batch:
    first: int  # position among the programs shipped (a multiple of pack)
    programs: list
    attempts: int = 0
    numbers: Optional[List[int]] = None  # program numbers; None: first, first + 1, ...

    def program_numbers(self) -> Sequence[int]:
        return self.numbers if self.numbers is not None else range(self.first, self.first + len(self.programs))


@dataclass
class _Worker:
    actor: object
    cpus: int
    name: str = ""
    in_flight: int = 0
    ready: bool = False
    version: str = ""


def _pack_programs(programs: list):
    """Programs as they travel: one uint64 array (8-byte words, one row each)
    when they are equal-length instruction arrays, else text and 1-D arrays."""
    if programs and all(not isinstance(p, (str, bytes)) for p in programs):
        try:
            rows = [np.asarray(p, dtype=np.uint64) for p in programs]
            if all(r.ndim == 1 for r in rows) and len({r.shape[0] for r in rows}) == 1:
                return np.stack(rows)
        except (TypeError, ValueError, OverflowError):
            pass  # a bad program: sent as is, reported by the worker
    return programs


class _Batches:
    """Cuts the programs into batches of `size` (a multiple of pack), read lazily."""

    def __init__(self, programs: Iterable, size: int):
        self.it = iter(programs)
        self.size = size
        self.first = 0

    def next(self) -> Optional[_Batch]:
        chunk = list(itertools.islice(self.it, self.size))
        if not chunk:
            return None
        batch = _Batch(self.first, chunk)
        self.first += len(chunk)
        return batch

    def take_settled(self) -> Settled:
        return Settled()


class _ScreenedBatches:
    """Cuts the programs the screen lets through into batches of `size` (a
    multiple of pack), reading and screening programs only as batches are
    asked for. Positions among the shipped programs number the modules, as
    the local engine numbers them."""

    def __init__(self, programs: Iterable, size: int, screen: Screen):
        self.it = iter(programs)
        self.size = size
        self.screen = screen
        self.first = 0  # programs read
        self.shipped = 0
        self.queue: Deque = collections.deque()
        self.settled = Settled()
        self.exhausted = False

    def next(self) -> Optional[_Batch]:
        while len(self.queue) < self.size and not self.exhausted:
            chunk = list(itertools.islice(self.it, self.size))
            if not chunk:
                self.exhausted = True
                break
            ship, settled = self.screen.screen(self.first, chunk)
            self.first += len(chunk)
            self.queue.extend(ship)
            self.settled.extend(settled)
        take = min(self.size, len(self.queue))
        if not take:
            return None
        items = [self.queue.popleft() for _ in range(take)]
        batch = _Batch(self.shipped, [i.program for i in items], numbers=[i.number for i in items])
        self.shipped += take
        return batch

    def take_settled(self) -> Settled:
        settled, self.settled = self.settled, Settled()
        return settled


def _adapted_size(seconds: float, programs: int, cpus: int, pack: int, cap: int) -> int:
    """Programs per batch so that a batch keeps a worker busy about
    TARGET_BATCH_SECONDS: long enough to hide the trip, short enough to
    share the last batches out evenly."""
    per_program = seconds / max(1, programs)
    want = int(TARGET_BATCH_SECONDS / per_program) if per_program > 0 else cap
    want = max(pack * cpus, min(cap, want))
    return max(pack, want - want % pack)


class _Pool:
    """The workers: one per node (each using the node's CPUs) or `workers` of `cpus` each."""

    def __init__(self, ptx: str, options: dict, workers: Optional[int], cpus_per_worker: Optional[int],
                 startup_timeout: float = 60.0):
        self.ptx_ref = ray.put(ptx)
        self.options = options
        self.workers: Dict[object, _Worker] = {}
        self.pings: Dict[object, _Worker] = {}
        self.replacements_left = 0
        nodes = [n for n in ray.nodes() if n.get("Alive") and n["Resources"].get("CPU", 0) >= 1]
        if not nodes:
            raise RuntimeError("the Ray cluster has no node with a CPU")
        if workers is None and cpus_per_worker is None:
            for n in nodes:
                cpus = int(n["Resources"]["CPU"])
                self._start(cpus, NodeAffinitySchedulingStrategy(n["NodeID"], soft=True))
        else:
            total = sum(int(n["Resources"]["CPU"]) for n in nodes)
            largest = max(int(n["Resources"]["CPU"]) for n in nodes)
            cpus = cpus_per_worker or max(1, min(largest, total // max(1, workers)))
            count = workers or max(1, total // cpus)
            for _ in range(count):
                self._start(cpus, "SPREAD")
        self.replacements_left = len(self.workers)
        self.started = time.perf_counter()
        # Workers start in about a second each; waiting for them all spreads
        # the first batches evenly. One that cannot start in time joins later.
        ready, _ = ray.wait(list(self.pings), num_returns=len(self.pings), timeout=startup_timeout)
        for ref in ready:
            self._answer(ref)

    def _answer(self, ping) -> None:
        w = self.pings.pop(ping)
        try:
            host, pid, version = ray.get(ping)
            w.name, w.ready, w.version = f"{host}:{pid}", True, version
        except _LOST:
            self.lost(w)

    def _start(self, cpus: int, strategy) -> None:
        actor = ray.remote(VariantWorker).options(
            num_cpus=cpus, max_restarts=0, max_concurrency=1, scheduling_strategy=strategy
        ).remote(self.ptx_ref, dict(self.options, jobs=cpus))
        w = _Worker(actor, cpus)
        self.workers[actor] = w
        self.pings[actor.where.remote()] = w

    def lost(self, w: _Worker) -> None:
        """A worker died: forget it and start another in its place while the budget lasts."""
        if self.workers.pop(w.actor, None) is None:
            return
        if self.replacements_left > 0:
            self.replacements_left -= 1
            self._start(w.cpus, "DEFAULT")

    def idle(self, depth: int) -> Optional[_Worker]:
        ready = [w for w in self.workers.values() if w.ready and w.in_flight < depth]
        return min(ready, key=lambda w: w.in_flight) if ready else None

    def shutdown(self) -> None:
        for actor in list(self.workers):
            ray.kill(actor)
        self.workers.clear()


def iter_variants_on_ray(
    kernel: Union[Module, str],
    programs: Iterable,
    *,
    slots: Optional[Sequence[str]] = None,
    pack: int = 1,
    backend: Optional[str] = None,
    arch: str = "sm_80",
    kind: str = "stack",
    workers: Optional[int] = None,
    cpus_per_worker: Optional[int] = None,
    dedup: bool = True,
    cache_dir: Union[str, os.PathLike, bool, None] = None,
    batch_modules: Optional[int] = None,
    depth: int = 2,
    keep_ptx: bool = False,
    stubs_only: bool = False,
    startup_timeout: float = 60.0,
    stats: Optional[dict] = None,
    assembler: Optional[dict] = None,
) -> Iterator[VariantBatch]:
    """Yields each batch's results as it completes (completion order).

    programs may be any iterable, a generator included: it is read only as
    batches are sent, so at most ``depth`` batches per worker are held.
    dedup, cache_dir: as compile_variants; the driver screens the programs
      (duplicates and cache hits are not shipped) and stores the cubins that
      come back, so the cache folder need only be on the driver's machine.
    batch_modules: modules per batch (default 16 per CPU of a worker).
    stubs_only: Stack PTX and render without the assembler (empty cubins), to
      measure what distribution itself costs.
    assembler: the assembler options of compile_variants (opt_level,
      max_registers, fast_compile, lineinfo, ptxas_options): every worker's
      back end and the driver's cache key take them.
    stats: a dict filled with startup_seconds (until the workers answered),
      lost_workers and resent_batches, and (deduplicating or caching)
      unique_programs, cache_hits, cache_rejected and cache_warning.
    """
    stats = {} if stats is None else stats
    stats.update(startup_seconds=0.0, lost_workers=0, resent_batches=0)
    if not ray.is_initialized():
        ray.init()
    if pack < 1:
        raise ValueError("pack must be at least 1")
    module = kernel if isinstance(kernel, Module) else Module.parse(kernel)
    options = dict(slots=list(slots) if slots is not None else None, pack=pack,
                   backend=backend or default_backend(), arch=arch, kind=kind, keep_ptx=keep_ptx)
    assembler = {k: v for k, v in (assembler or {}).items() if v is not None}
    # What would stop the whole local batch (no such slot, pack larger than
    # the slots, unknown back end, assembler options it does not take)
    # raises here, as it does locally.
    checked = compile_variants(module, [], **options, **assembler)
    stats["assembler_options"] = checked.report["assembler_options"]
    stats["compiler"] = checked.report["compiler"]
    if assembler:
        options["assembler"] = assembler
    folder = _cache_folder(cache_dir)
    screen = Screen(module, options, dedup, folder) if (dedup or folder) and not stubs_only else None
    pins = screen.cache if screen else None
    options["stubs_only"] = stubs_only
    ptx = module.source
    total = len(programs) if hasattr(programs, "__len__") else None
    if hasattr(programs, "ndim") and programs.ndim == 2:
        programs = iter(programs)
    started = time.perf_counter()
    pool = _Pool(ptx, options, workers, cpus_per_worker, startup_timeout)
    stats["startup_seconds"] = time.perf_counter() - started
    per_worker = max(w.cpus for w in pool.workers.values())
    adaptive = batch_modules is None
    size = pack * (batch_modules or 4 * per_worker)
    # A batch never holds more than a quarter of each worker's share.
    cap = max(size, total // (4 * max(1, len(pool.workers))) if total else 64 * size)
    source = _ScreenedBatches(programs, size, screen) if screen else _Batches(programs, size)
    retry: Deque[_Batch] = collections.deque()
    in_flight: Dict[object, tuple] = {}
    exhausted = False
    try:
        while True:
            while True:  # send while a worker has room
                w = pool.idle(depth)
                if w is None:
                    break
                if retry:
                    batch = retry.popleft()
                elif not exhausted:
                    batch = source.next()
                    if batch is None:
                        exhausted = True
                        continue
                else:
                    break
                batch.attempts += 1
                ref = w.actor.compile.remote(batch.first, _pack_programs(batch.programs), batch.numbers)
                w.in_flight += 1
                in_flight[ref] = (w, batch)
            settled = source.take_settled()
            if settled.places or settled.failures:
                yield VariantBatch(settled.numbers(), [], settled.failures, "", 0.0, settled.places, pins)
            if not in_flight and not retry and exhausted:
                if screen is not None:
                    stats.update(unique_programs=screen.unique_programs(), cache_hits=screen.hits,
                                 cache_rejected=screen.rejected, cache_warning=screen.warning)
                return
            if not pool.workers:
                left = [b.first for b in retry] + [v[1].first for v in in_flight.values()]
                raise RuntimeError("every Ray worker died (and the replacements too); programs from "
                                   f"{min(left or [source.first])} on were not compiled")
            waiting = list(in_flight) + list(pool.pings)
            done, _ = ray.wait(waiting, num_returns=1, timeout=None if in_flight else startup_timeout)
            if not done:
                cpus = max(w.cpus for w in pool.workers.values())
                raise RuntimeError(f"no Ray worker started in {startup_timeout:.0f} s: can a node of the "
                                   f"cluster give {cpus} CPU(s) to one? (workers=, cpus_per_worker=)")
            ref = done[0]
            if ref in pool.pings:
                pool._answer(ref)
                continue
            w, batch = in_flight.pop(ref)
            w.in_flight -= 1
            try:
                first, modules, failures, places, seconds = ray.get(ref)
            except _LOST:
                stats["lost_workers"] += w.actor in pool.workers
                pool.lost(w)
                again = _after_loss(batch, pack)
                stats["resent_batches"] += len(again)
                retry.extend(again)
                for failed in _give_up(batch, pack):
                    if screen is not None:
                        s = screen.answered(failed.modules, failed.failures, [], store=False)
                        failed = VariantBatch(s.numbers(), failed.modules, s.failures, "", 0.0, s.places, pins)
                    yield failed
                continue
            if adaptive and not stubs_only:
                source.size = _adapted_size(seconds, len(batch.programs), per_worker, pack, cap)
            if screen is None:
                yield VariantBatch(batch.program_numbers(), modules, failures, w.name, seconds, places, pins)
                continue
            # A worker whose back end is not the driver's (another toolkit on
            # that node) made cubins the driver's keys do not describe.
            s = screen.answered(modules, failures, places, store=w.version == screen.backend_version)
            if screen.cache is not None and w.version != screen.backend_version and not screen.warning:
                screen.warning = (f"worker {w.name} has back end '{w.version}', the driver "
                                  f"'{screen.backend_version}': its cubins are not stored")
            yield VariantBatch(s.numbers(), modules, s.failures, w.name, seconds, s.places, pins)
    finally:
        for ref in in_flight:
            ray.cancel(ref, force=False)
        pool.shutdown()


def _after_loss(batch: _Batch, pack: int) -> List[_Batch]:
    """The batches to send again after `batch` lost its worker."""
    if batch.attempts < MAX_ATTEMPTS:
        return [batch]
    if len(batch.programs) > pack:  # find the module that kills workers
        numbers = batch.program_numbers()
        return [_Batch(batch.first + s, batch.programs[s : s + pack], MAX_ATTEMPTS - 1,
                       None if batch.numbers is None else list(numbers[s : s + pack]))
                for s in range(0, len(batch.programs), pack)]
    return []


def _give_up(batch: _Batch, pack: int) -> List[VariantBatch]:
    if batch.attempts < MAX_ATTEMPTS or len(batch.programs) > pack:
        return []
    numbers = batch.program_numbers()
    message = f"a worker died each of the {MAX_ATTEMPTS} times this module was sent (the last time alone)"
    module = CompiledModule(batch.first // pack, numbers, b"", list(numbers))
    return [VariantBatch(numbers, [module], [VariantFailure(p, "worker", message) for p in numbers], "", 0.0)]


def compile_variants_on_ray(
    kernel: Union[Module, str],
    programs: Iterable,
    *,
    slots: Optional[Sequence[str]] = None,
    pack: int = 1,
    backend: Optional[str] = None,
    arch: str = "sm_80",
    workers: Optional[int] = None,
    dedup: bool = True,
    cache_dir: Union[str, os.PathLike, bool, None] = None,
    progress: Union[bool, Callable[[int, int], None], None] = True,
    **more,
) -> VariantResult:
    """compile_variants on a Ray cluster: the same modules, cubins, failures
    and places.

    kernel: a Module or its PTX text (each worker parses it once).
    workers: None for one worker per node using all its CPUs, or a count
      (each with cluster CPUs / count, or ``cpus_per_worker=``).
    dedup: compile each distinct program once; duplicates are not shipped.
    cache_dir: the cache of compile_variants and ``ptxinject variants`` (a
      folder, True for the default one, None for none), read before shipping
      and written with what comes back, on the driver's machine only.
    progress: a callable(done, total), True for a tqdm bar (when installed).
    more: kind, cpus_per_worker, batch_modules, depth, keep_ptx, stubs_only
      (see iter_variants_on_ray), and the assembler options of
      compile_variants (opt_level, max_registers, fast_compile, lineinfo,
      ptxas_options).
    """
    assembler = {k: more.pop(k) for k in ("opt_level", "max_registers", "fast_compile",
                                          "lineinfo", "ptxas_options") if k in more}
    if hasattr(programs, "ndim") and programs.ndim == 2:
        programs = list(programs)
    total = len(programs) if hasattr(programs, "__len__") else 0
    callback, bar = _progress_callback(progress, total)
    start = time.perf_counter()
    modules: List[CompiledModule] = []
    failures: List[VariantFailure] = []
    places: Dict[int, ProgramPlace] = {}
    done = batches = 0
    workers_seen = set()
    busy = 0.0
    stats: dict = {}
    pins = None
    try:
        for batch in iter_variants_on_ray(kernel, programs, slots=slots, pack=pack, backend=backend,
                                          arch=arch, workers=workers, dedup=dedup, cache_dir=cache_dir,
                                          stats=stats, assembler=assembler, **more):
            modules += batch.modules
            failures += batch.failures
            places.update((p.program, p) for p in batch.places)
            pins = batch._pins if batch._pins is not None else pins
            done += len(batch.programs)
            batches += batch.worker != ""
            busy += batch.seconds
            workers_seen.add(batch.worker)
            if callback is not None:
                callback(done, total or done)
    finally:
        if bar is not None:
            bar.close()
    modules.sort(key=lambda m: m.index)
    failures.sort(key=lambda f: f.program)
    failed = {f.program for f in failures}
    ordered = [ProgramPlace(p, places[p].same_as if p in places else p)
               if p in failed or p not in places else places[p] for p in range(done)]
    unique = stats.pop("unique_programs", None)
    if stats.get("cache_warning"):
        warnings.warn(f"variant cache: {stats['cache_warning']} (the results are complete; a later "
                      "search compiles them again)", stacklevel=2)
    report = {
        "variants": done,
        "modules": len(modules),
        "batches": batches,
        "workers": len(workers_seen - {""}),
        "wall_seconds": time.perf_counter() - start,
        "worker_seconds": busy,
        "backend": backend or default_backend(),
        "arch": arch,
        "dedup": bool(dedup),
        "cache_dir": _cache_folder(cache_dir),
        "unique_programs": unique,
        "duplicate_rate": _duplicate_rate(done, failures, unique),
        "cache_hits": stats.pop("cache_hits", 0),
        "cache_rejected": stats.pop("cache_rejected", 0),
        "cache_warning": stats.pop("cache_warning", ""),
        "cached_modules": len({p.cached_cubin for p in ordered if p.cached_cubin}),
        **stats,
    }
    options = [report.get("assembler_options", "")] * len(ordered)
    return VariantResult(modules, failures, report, ordered, options, len(ordered), _pins=pins)
