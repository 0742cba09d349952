"""The driver side: workers placed on the cluster, batches sent with a bound
on how many are in flight, results taken in completion order, and the
batches of a worker that died sent again to the others.

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
from dataclasses import dataclass, field
from typing import Callable, Deque, Dict, Iterable, Iterator, List, Optional, Sequence, Union

import numpy as np
import ray
from ray.exceptions import ActorDiedError, ActorUnavailableError, RayActorError, WorkerCrashedError
from ray.util.scheduling_strategies import NodeAffinitySchedulingStrategy

from .._core import Module, default_backend
from ..variants import CompiledModule, VariantFailure, VariantResult, _progress_callback, compile_variants
from ._worker import VariantWorker

MAX_ATTEMPTS = 3
TARGET_BATCH_SECONDS = 0.1
_LOST = (RayActorError, ActorDiedError, ActorUnavailableError, WorkerCrashedError)


@dataclass
class VariantBatch:
    """One batch's results, as it completes: programs[i] are program numbers of the whole search."""

    programs: range
    modules: List[CompiledModule]
    failures: List[VariantFailure]
    worker: str
    seconds: float


@dataclass
class _Batch:
    first: int
    programs: list
    attempts: int = 0


@dataclass
class _Worker:
    actor: object
    cpus: int
    name: str = ""
    in_flight: int = 0
    ready: bool = False


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
            host, pid = ray.get(ping)
            w.name, w.ready = f"{host}:{pid}", True
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
    cache_dir: Optional[Union[str, os.PathLike]] = None,
    batch_modules: Optional[int] = None,
    depth: int = 2,
    keep_ptx: bool = False,
    stubs_only: bool = False,
    startup_timeout: float = 60.0,
    stats: Optional[dict] = None,
) -> Iterator[VariantBatch]:
    """Yields each batch's results as it completes (completion order).

    programs may be any iterable, a generator included: it is read only as
    batches are sent, so at most ``depth`` batches per worker are held.
    batch_modules: modules per batch (default 16 per CPU of a worker).
    stubs_only: Stack PTX and render without the assembler (empty cubins), to
      measure what distribution itself costs.
    stats: a dict filled with startup_seconds (until the workers answered),
      lost_workers and resent_batches.
    """
    stats = {} if stats is None else stats
    stats.update(startup_seconds=0.0, lost_workers=0, resent_batches=0)
    if not ray.is_initialized():
        ray.init()
    if pack < 1:
        raise ValueError("pack must be at least 1")
    module = kernel if isinstance(kernel, Module) else Module.parse(kernel)
    options = dict(slots=list(slots) if slots is not None else None, pack=pack,
                   backend=backend or default_backend(), arch=arch, kind=kind, keep_ptx=keep_ptx,
                   cache_dir=None if cache_dir is None else os.fspath(cache_dir))
    # What would stop the whole local batch (no such slot, pack larger than
    # the slots, unknown back end) raises here, as it does locally.
    compile_variants(module, [], **options)
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
    source = _Batches(programs, size)
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
                ref = w.actor.compile.remote(batch.first, _pack_programs(batch.programs))
                w.in_flight += 1
                in_flight[ref] = (w, batch)
            if not in_flight and not retry and exhausted:
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
                first, modules, failures, seconds = ray.get(ref)
            except _LOST:
                stats["lost_workers"] += w.actor in pool.workers
                pool.lost(w)
                again = _after_loss(batch, pack)
                stats["resent_batches"] += len(again)
                retry.extend(again)
                for failed in _give_up(batch, pack):
                    yield failed
                continue
            if adaptive and not stubs_only:
                source.size = _adapted_size(seconds, len(batch.programs), per_worker, pack, cap)
            yield VariantBatch(range(batch.first, batch.first + len(batch.programs)), modules, failures,
                               w.name, seconds)
    finally:
        for ref in in_flight:
            ray.cancel(ref, force=False)
        pool.shutdown()


def _after_loss(batch: _Batch, pack: int) -> List[_Batch]:
    """The batches to send again after `batch` lost its worker."""
    if batch.attempts < MAX_ATTEMPTS:
        return [batch]
    if len(batch.programs) > pack:  # find the module that kills workers
        return [_Batch(batch.first + s, batch.programs[s : s + pack], MAX_ATTEMPTS - 1)
                for s in range(0, len(batch.programs), pack)]
    return []


def _give_up(batch: _Batch, pack: int) -> List[VariantBatch]:
    if batch.attempts < MAX_ATTEMPTS or len(batch.programs) > pack:
        return []
    numbers = range(batch.first, batch.first + len(batch.programs))
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
    cache_dir: Optional[Union[str, os.PathLike]] = None,
    progress: Union[bool, Callable[[int, int], None], None] = True,
    **more,
) -> VariantResult:
    """compile_variants on a Ray cluster: the same modules, cubins and failures.

    kernel: a Module or its PTX text (each worker parses it once).
    workers: None for one worker per node using all its CPUs, or a count
      (each with cluster CPUs / count, or ``cpus_per_worker=``).
    cache_dir: the content-addressed cubin cache of compile_variants, read and
      written by the workers: on a shared path every node reuses every cubin.
    progress: a callable(done, total), True for a tqdm bar (when installed).
    more: kind, cpus_per_worker, batch_modules, depth, keep_ptx, stubs_only
      (see iter_variants_on_ray).
    """
    if hasattr(programs, "ndim") and programs.ndim == 2:
        programs = list(programs)
    total = len(programs) if hasattr(programs, "__len__") else 0
    callback, bar = _progress_callback(progress, total)
    start = time.perf_counter()
    modules: List[CompiledModule] = []
    failures: List[VariantFailure] = []
    done = batches = 0
    workers_seen = set()
    busy = 0.0
    stats: dict = {}
    try:
        for batch in iter_variants_on_ray(kernel, programs, slots=slots, pack=pack, backend=backend,
                                          arch=arch, workers=workers, cache_dir=cache_dir, stats=stats,
                                          **more):
            modules += batch.modules
            failures += batch.failures
            done += len(batch.programs)
            batches += 1
            busy += batch.seconds
            workers_seen.add(batch.worker)
            if callback is not None:
                callback(done, total or done)
    finally:
        if bar is not None:
            bar.close()
    modules.sort(key=lambda m: m.index)
    failures.sort(key=lambda f: f.program)
    report = {
        "variants": done,
        "modules": len(modules),
        "batches": batches,
        "workers": len(workers_seen - {""}),
        "wall_seconds": time.perf_counter() - start,
        "worker_seconds": busy,
        "backend": backend or default_backend(),
        "arch": arch,
        "cached_modules": sum(1 for m in modules if m.cached),
        **stats,
    }
    return VariantResult(modules, failures, report)
