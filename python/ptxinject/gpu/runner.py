"""Runs a compiled batch: each cubin loaded once, each entry function that
holds a program launched once for all its sites, outputs and times read
back per program.

Modules go through a two-deep pipeline on two streams: module k + 1 is
loaded (a host-side call) and its launches queued while module k's run on
the device, and module k's outputs are read and the module unloaded after.
A failed load or launch fails its programs with the driver's message; the
batch goes on.
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass, field
from typing import Callable, Dict, List, Optional, Tuple, Union

import numpy as np

from . import driver
from .launch import Launch, Output, Site, block_x_selects_site, explicit_layout


@dataclass
class ProgramRun:
    """One program's run: ``outputs`` by ``Output`` name (its site's row),
    ``time_ms`` of the launch that ran it (CUDA events around the launch of
    its entry function, which ran ``launch_sites`` sites together: the
    packed launch's time, not the site's), and ``site_time_ns`` when the
    launch has a ``SiteTimer`` (the kernel's own %globaltimer readings for
    this site)."""

    program: int
    outputs: Dict[str, np.ndarray]
    time_ms: float
    module: str
    entry: str
    site: int
    launch_sites: int
    site_time_ns: Optional[int] = None


@dataclass(frozen=True)
class RunFailure:
    """A program with no run: stage 'compile' (no cubin holds it), 'layout'
    (its inject has no site in the layout), 'load' (the module or its entry
    function), 'launch' or 'run' (the device reported an error when the
    launch's work was waited for)."""

    program: int
    stage: str
    message: str


@dataclass
class RunResult:
    runs: Dict[int, ProgramRun]
    failures: List[RunFailure]
    report: Dict[str, object] = field(default_factory=dict)

    def output(self, program: int, name: Optional[str] = None) -> Optional[np.ndarray]:
        """A program's output (the only one, or by name); None when it did
        not run."""
        r = self.runs.get(program)
        if r is None:
            return None
        if name is None:
            if len(r.outputs) != 1:
                raise ValueError(f"the launch has outputs {sorted(r.outputs)}: name one")
            return next(iter(r.outputs.values()))
        return r.outputs[name]


@dataclass
class _Unit:
    """One cubin and the programs whose code it holds."""

    label: str
    read: Callable[[], bytes]
    programs: List[Tuple[int, str]] = field(default_factory=list)  # (program, inject)


def _units_of_result(result) -> Tuple[List[_Unit], List[RunFailure], int]:
    units: Dict[object, _Unit] = {}
    failures = []
    for place in result.places:
        if place.origin == "failed":
            why = next((f.message for f in result.failures if f.program == place.program),
                       "no cubin holds its code")
            failures.append(RunFailure(place.program, "compile", why))
            continue
        if place.module is not None:
            key = ("module", place.module)
            module = next(m for m in result.modules if m.index == place.module)
            make = lambda m=module: _Unit(f"module {m.index}", lambda: m.cubin)  # noqa: E731
        else:
            key = ("cache", place.cached_cubin)
            make = lambda path=place.cached_cubin: _Unit(  # noqa: E731
                os.path.basename(path), lambda: _read(path))
        if key not in units:
            units[key] = make()
        units[key].programs.append((place.program, place.inject))
    return list(units.values()), failures, len(result.places)


def _read(path: str) -> bytes:
    with open(path, "rb") as f:
        return f.read()


def _units_of_folder(folder: str) -> Tuple[List[_Unit], List[RunFailure], int]:
    from ..variants import read_manifest

    manifest = read_manifest(folder)
    units: Dict[str, _Unit] = {}
    failures = []
    seen = set()
    for row in manifest.rows:
        if row.program in seen:  # a variant of several injects: its first row
            continue
        seen.add(row.program)
        if not row.ok or row.module is None:
            failures.append(RunFailure(row.program, "compile", "the manifest marks it failed"))
            continue
        if row.module not in units:
            path = os.path.join(folder, row.module)
            units[row.module] = _Unit(row.module, lambda p=path: _read(p))
        units[row.module].programs.append((row.program, row.inject))
    count = 1 + max(seen) if seen else 0
    return list(units.values()), failures, count


class _Loaded:
    """A unit on its way through the device: its module, the launches
    queued for it, and the failures so far."""

    def __init__(self, unit: _Unit):
        self.unit = unit
        self.code = None
        self.launches = []  # (entry, sites, outputs {name: (buffer, array)}, timer, start, end)
        self.failed: Dict[str, Tuple[str, str]] = {}  # entry -> (stage, message)
        self.load_ms = 0.0


class Runner:
    """Runs batches on one device with one launch description. Reusable:
    the inputs are copied to the device once, by the first run."""

    def __init__(self, launch: Launch, *, module=None,
                 layout: Optional[Dict[str, Union[Site, Tuple[str, int]]]] = None):
        launch.check()
        if layout is None:
            if module is None:
                raise TypeError("give module= (the Module the batch was compiled from, for "
                                "the default layout) or layout={inject: (entry, index)}")
            layout = block_x_selects_site(module)
        elif layout and not isinstance(next(iter(layout.values())), Site):
            layout = explicit_layout(layout)
        self.launch = launch
        self.layout: Dict[str, Site] = dict(layout)
        self._device = None
        self._streams = None
        self._inputs = None  # per argument: a device buffer, or None

    # -- device state ------------------------------------------------------

    def _start(self):
        if self._device is not None:
            return
        self._device = driver.device()
        self._streams = [self._device.create_stream() for _ in range(2)]
        stream = self._streams[0]
        inputs = []
        for a in self.launch.args:
            if isinstance(a, np.ndarray):
                array = np.ascontiguousarray(a)
                buffer = self._device.allocate(max(array.nbytes, 1), stream=stream)
                if array.nbytes:
                    buffer.copy_from(driver.host_buffer(array), stream=stream)
                inputs.append(buffer)
            else:
                inputs.append(None)
        stream.sync()
        self._inputs = inputs

    def close(self) -> None:
        """Frees the device copies of the inputs."""
        if self._inputs:
            for b in self._inputs:
                if b is not None:
                    b.close()
        self._inputs = None
        self._device = None
        self._streams = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    # -- one module ----------------------------------------------------------

    def _entries(self, unit: _Unit) -> Dict[str, int]:
        """The entries to launch, each with the sites to run: up to the
        highest block x index a program of the unit needs (a module of one
        program at site 0 launches one site, not the entry's all)."""
        entries: Dict[str, int] = {}
        for _, inject in unit.programs:
            site = self.layout.get(inject)
            if site is not None:
                entries[site.entry] = max(entries.get(site.entry, 0), site.index + 1)
        return entries

    def _enqueue(self, unit: _Unit, stream) -> _Loaded:
        c = driver.core()
        loaded = _Loaded(unit)
        entries = self._entries(unit)
        started = time.perf_counter()
        try:
            loaded.code = driver.Library(unit.read())
            kernels = {e: loaded.code.kernel(e) for e in entries}
        except Exception as e:  # noqa: BLE001 - the driver's error, reported per program
            for entry in entries:
                loaded.failed[entry] = ("load", _message(e))
            return loaded
        finally:
            loaded.load_ms = (time.perf_counter() - started) * 1e3
        options = driver.timing_event_options()
        timer_index = self.launch.timer()
        for entry, sites in entries.items():
            outputs = {}
            args = []
            timer = None
            try:
                for i, a in enumerate(self.launch.args):
                    if isinstance(a, Output):
                        shape = (sites,) + a.per_site()
                        array = np.zeros(shape, dtype=a.dtype)
                        buffer = self._device.allocate(max(array.nbytes, 1), stream=stream)
                        buffer.fill(0, stream=stream)
                        outputs[a.name] = (buffer, array)
                        args.append(buffer)
                    elif i == timer_index:
                        array = np.zeros((sites, 2), dtype=np.uint64)
                        array[:, 0] = np.iinfo(np.uint64).max
                        buffer = self._device.allocate(array.nbytes, stream=stream)
                        buffer.copy_from(driver.host_buffer(array), stream=stream)
                        timer = (buffer, array)
                        args.append(buffer)
                    elif self._inputs[i] is not None:
                        args.append(self._inputs[i])
                    else:
                        args.append(a)
                config = c.LaunchConfig(grid=self.launch.grid_for(sites), block=self.launch.block,
                                        shmem_size=self.launch.shared)
                start = stream.record(options=options)
                c.launch(stream, config, kernels[entry], *args)
                end = stream.record(options=options)
            except Exception as e:  # noqa: BLE001
                loaded.failed[entry] = ("launch", _message(e))
                _free(outputs, timer)
                continue
            loaded.launches.append((entry, sites, outputs, timer, start, end))
        return loaded

    def _finish(self, loaded: _Loaded, stream, result: RunResult) -> None:
        per_entry = {}
        for entry, sites, outputs, timer, start, end in loaded.launches:
            try:
                end.sync()
                elapsed = float(end - start)
                for _, (buffer, array) in outputs.items():
                    buffer.copy_to(driver.host_buffer(array), stream=stream)
                if timer is not None:
                    timer[0].copy_to(driver.host_buffer(timer[1]), stream=stream)
                stream.sync()
                per_entry[entry] = (sites, outputs, timer, elapsed)
            except Exception as e:  # noqa: BLE001
                loaded.failed[entry] = ("run", _message(e))
            finally:
                _free(outputs, timer, stream)
        label = loaded.unit.label
        for program, inject in loaded.unit.programs:
            site = self.layout.get(inject)
            if site is None:
                result.failures.append(RunFailure(
                    program, "layout", f"inject {inject!r} has no site in the layout"))
                continue
            if site.entry in loaded.failed:
                stage, message = loaded.failed[site.entry]
                result.failures.append(RunFailure(program, stage, f"{label}: {site.entry}: {message}"))
                continue
            sites, outputs, timer, elapsed = per_entry[site.entry]
            site_ns = None
            if timer is not None:
                first, last = timer[1][site.index]
                if last >= first:
                    site_ns = int(last - first)
            result.runs[program] = ProgramRun(
                program, {name: array[site.index] for name, (_, array) in outputs.items()},
                elapsed, label, site.entry, site.index, sites, site_ns)
        result.report["modules"] += 1
        result.report["launches"] += len(loaded.launches)
        result.report["load_ms"].append(loaded.load_ms)
        if loaded.code is not None:
            loaded.code.close()

    # -- a batch ---------------------------------------------------------------

    def run(self, batch, *, progress: Optional[Callable[[int, int], None]] = None) -> RunResult:
        """Runs a ``VariantResult`` of ``compile_variants`` or the output
        folder of ``ptxinject variants`` (its manifest.tsv)."""
        if isinstance(batch, (str, os.PathLike)):
            units, failures, count = _units_of_folder(os.fspath(batch))
        else:
            units, failures, count = _units_of_result(batch)
        self._start()
        result = RunResult({}, list(failures), {"programs": count, "modules": 0, "launches": 0,
                                                 "load_ms": []})
        started = time.perf_counter()
        pending: Optional[Tuple[_Loaded, object]] = None
        for k, unit in enumerate(units):
            stream = self._streams[k % 2]
            loaded = self._enqueue(unit, stream)
            if pending is not None:
                self._finish(*pending, result)
                if progress is not None:
                    progress(k, len(units))
            pending = (loaded, stream)
        if pending is not None:
            self._finish(*pending, result)
            if progress is not None:
                progress(len(units), len(units))
        wall = time.perf_counter() - started
        result.failures.sort(key=lambda f: f.program)
        result.report["wall_s"] = wall
        result.report["programs_run"] = len(result.runs)
        result.report["programs_per_s"] = len(result.runs) / wall if wall > 0 else 0.0
        return result


def _free(outputs, timer, stream=None):
    for buffer, _ in outputs.values():
        buffer.close(stream) if stream is not None else buffer.close()
    if timer is not None:
        timer[0].close(stream) if stream is not None else timer[0].close()


def _message(e: BaseException) -> str:
    text = str(e).strip() or type(e).__name__
    return text.splitlines()[0] if "\n" in text else text


def run(batch, launch: Launch, *, module=None, layout=None,
        progress: Optional[Callable[[int, int], None]] = None) -> RunResult:
    """Runs a compiled batch once (see ``Runner``)."""
    with Runner(launch, module=module, layout=layout) as runner:
        return runner.run(batch, progress=progress)
