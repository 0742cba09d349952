"""Many kernel variants to cubins: the C++ variant engine from Python.

::

    result = ptxinject.compile_variants(module, ["x y add.ftz.f32", "x y mul.ftz.f32"], pack=2)
    for m in result.modules:
        m.cubin          # ELF bytes for cuda.core's ObjectCode.from_cubin
        m.programs       # range of program numbers in it, one per slot
    result.failures      # programs that produced no code, and why

The engine runs on every core with the GIL released.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from dataclasses import dataclass, field
from typing import Callable, Dict, List, Optional, Sequence, Union

from . import _core
from ._core import Backend, Module, available_backends, default_backend, stack_registers

__all__ = [
    "compile_variants",
    "Backend",
    "CompiledModule",
    "VariantFailure",
    "VariantResult",
    "stack_registers",
    "available_backends",
    "default_backend",
]


@dataclass(frozen=True)
class VariantFailure:
    """A program that produced no code: stage 'stub' (with its place in the
    program's text when known) or 'cubin'."""

    program: int
    stage: str
    message: str
    line: int = 0
    column: int = 0


@dataclass
class CompiledModule:
    """One compiled module: programs[i] went to slot i."""

    index: int
    programs: range
    cubin: bytes
    failed: List[int] = field(default_factory=list)
    ptx: Optional[str] = None
    cached: bool = False


@dataclass
class VariantResult:
    modules: List[CompiledModule]
    failures: List[VariantFailure]
    report: Dict[str, object]

    def cubin_of(self, program: int) -> Optional[bytes]:
        """The cubin holding a program (None when it failed)."""
        for m in self.modules:
            if program in m.programs:
                return None if program in m.failed else m.cubin
        return None


def _progress_callback(progress, total):
    """progress=True: a tqdm bar when tqdm is installed, else nothing."""
    if callable(progress):
        return progress, None
    if not progress:
        return None, None
    try:
        from tqdm import tqdm
    except ImportError:
        return None, None
    bar = tqdm(total=total, unit="prog", desc="variants")

    def update(done, _total):
        bar.update(done - bar.n)

    return update, bar


def _module_key(module: Module, programs: Sequence, kind, pack, slots, backend, arch) -> str:
    h = hashlib.sha256()
    h.update(module.source.encode())
    h.update(json.dumps([kind, pack, list(slots or []), backend, arch, _core.__version__]).encode())
    for p in programs:
        h.update(b"\0")
        h.update(p.encode() if isinstance(p, str) else bytes(memoryview(_as_words(p))))
    return h.hexdigest()


def _as_words(p):
    import numpy as np

    return np.ascontiguousarray(np.asarray(p, dtype=np.uint64))


def compile_variants(
    module: Module,
    programs: Union[Sequence, "numpy.ndarray", None] = None,
    *,
    inject: Optional[str] = None,
    slots: Optional[Sequence[str]] = None,
    pack: int = 1,
    kind: str = "stack",
    backend: Union[str, Backend, None] = None,
    arch: Optional[str] = None,
    jobs: int = 0,
    cache_dir: Optional[Union[str, os.PathLike]] = None,
    progress: Union[bool, Callable[[int, int], None], None] = None,
    keep_ptx: bool = False,
    instruction_set=None,
    random: Optional[tuple] = None,
) -> VariantResult:
    """Compiles each program into the module and the module into cubins.

    programs: Stack PTX programs (text using operand labels, uint64 arrays or lists
      of instructions, or a 2-D array with one program per row; registers as
      ``stack_registers(module, inject)`` lists them), AST PTX programs
      (``kind="ast"``) or ready PTX stubs naming operands as ``%{label}``
      (``kind="raw"``).
    inject / slots: the inject that receives programs, or the injects that do
      (``pack`` programs per module, one per slot). Default: every inject in
      natural name order.
    backend: 'nvptxcompiler', 'ptxas' or 'nvjitlink' (default: the fastest built),
      or a ``Backend`` created once and reused by every call (a name creates one
      per call).
    arch: target, default the Backend's or "sm_80".
    jobs: worker threads (0: every core).
    cache_dir: keep each module's cubin under this folder, keyed by the PTX, the
      programs and the options; a later call reuses it instead of compiling.
    progress: a callable(done, total), or True for a tqdm bar when tqdm is installed.
    random: (count, length, seed, live) adds random Stack PTX programs.

    Raises ptxinject.Error when the batch cannot start (unknown slot, pack larger
    than the slots, programs that cannot target the inject); a bad program is a
    VariantFailure and the rest go on.
    """
    if inject is not None:
        if slots is not None:
            raise TypeError("give inject= or slots=, not both")
        slots = [inject]
    slot_list = list(slots) if slots is not None else []
    if programs is None:
        programs = []
    if hasattr(programs, "ndim") and programs.ndim == 2:
        programs = list(programs)
    programs = list(programs)
    total = len(programs) + (random[0] if random else 0)
    callback, bar = _progress_callback(progress, total)
    if isinstance(backend, Backend):
        backend_name, arch = backend.kind, arch or backend.arch
    else:
        backend_name, arch = backend or default_backend(), arch or "sm_80"

    cached: Dict[int, CompiledModule] = {}
    cached_failures: List[VariantFailure] = []
    todo = list(range(len(programs)))
    if cache_dir is not None and random is None:
        os.makedirs(cache_dir, exist_ok=True)
        todo = []
        for first in range(0, len(programs), pack):
            group = programs[first : first + pack]
            key = _module_key(module, group, kind, pack, slot_list, backend_name, arch)
            path = os.path.join(cache_dir, key)
            if os.path.exists(path + ".cubin") and os.path.exists(path + ".json"):
                with open(path + ".cubin", "rb") as f, open(path + ".json") as g:
                    cubin, meta = f.read(), json.load(g)
                cached[first] = CompiledModule(first // pack, range(first, first + len(group)), cubin,
                                               [first + i for i in meta["failed"]], None, True)
                cached_failures.extend(VariantFailure(first + f[0], *f[1:]) for f in meta["failures"])
            else:
                todo.extend(range(first, first + len(group)))

    raw = _core._compile_variants(
        module, [programs[i] for i in todo], kind, instruction_set, random, slot_list, pack,
        backend, arch, jobs, keep_ptx, callback)
    if bar is not None:
        bar.close()

    modules: List[CompiledModule] = list(cached.values())
    for index, first, count, failed, cubin, ptx in raw["modules"]:
        real_first = todo[first] if first < len(todo) else first
        m = CompiledModule(real_first // pack, range(real_first, real_first + count), cubin,
                           [todo[f] if f < len(todo) else f for f in failed], ptx)
        modules.append(m)
    modules.sort(key=lambda m: m.index)
    failures = [VariantFailure(todo[p] if p < len(todo) else p, stage, msg, line, col)
                for p, stage, msg, line, col in raw["failures"]]
    if cache_dir is not None and random is None:
        for m in modules:
            if m.cached or not m.cubin:
                continue
            key = _module_key(module, programs[m.programs.start : m.programs.stop], kind, pack,
                              slot_list, backend_name, arch)
            own = [[f.program - m.programs.start, f.stage, f.message, f.line, f.column]
                   for f in failures if f.program in m.programs]
            _write_atomically(os.path.join(cache_dir, key + ".cubin"), m.cubin)
            _write_atomically(os.path.join(cache_dir, key + ".json"),
                              json.dumps({"failed": [f - m.programs.start for f in m.failed],
                                          "failures": own}).encode())
    failures = sorted(failures + cached_failures, key=lambda f: f.program)
    report = dict(raw["report"])
    report["cached_modules"] = len(cached)
    return VariantResult(modules, failures, report)


def _write_atomically(path: str, data: bytes) -> None:
    fd, tmp = tempfile.mkstemp(dir=os.path.dirname(path), prefix=".tmp-")
    with os.fdopen(fd, "wb") as f:
        f.write(data)
    os.replace(tmp, path)
