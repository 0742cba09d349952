"""What runs inside one Ray actor: the parsed kernel, created once, and the
compile of one batch of programs.

A batch is a run of whole modules (its first program is a multiple of
``pack`` among the programs the driver ships), so module numbers are the
ones the local ``compile_variants`` gives the same programs. The driver has
already left out duplicates and cache hits (and stores what comes back in
the cache), so a worker compiles every program it gets and needs no cache
folder. Nothing a program holds can make a batch raise: a program the
engine refuses becomes a VariantFailure of stage 'input', and the other
modules of the batch go on.
"""

from __future__ import annotations

import os
import socket
from typing import List, Optional, Sequence, Tuple

from .. import _core
from .._core import Backend, Module, OperandKind, stack_registers
from ..variants import CompiledModule, ProgramPlace, VariantFailure, _as_sequence, compile_variants

# One batch's answer: (first program, modules, failures, places of the
# programs that have code, seconds spent compiling).
BatchAnswer = Tuple[int, List[CompiledModule], List[VariantFailure], List[ProgramPlace], float]


class VariantWorker:
    """Holds the parsed Module and the back end of one search, created once
    and shared by every batch."""

    def __init__(self, ptx: str, options: dict):
        self.module = Module.parse(ptx)
        self.options = dict(options, dedup=False, cache_dir=None)
        self.stubs_only = self.options.pop("stubs_only", False)
        # The assembler options go to the back end made here once; should it
        # not be made, to each compile_variants call with the name.
        self.assembler = self.options.pop("assembler", None) or {}
        self.pack = self.options["pack"]
        self._stub_plan = None
        if not self.stubs_only:
            try:
                self.options["backend"] = Backend(self.options["backend"], self.options["arch"],
                                                  **self.assembler)
                self.assembler = {}
            except _core.Error:
                pass  # not on this node: each batch reports why, as a name would

    def where(self) -> Tuple[str, int, str]:
        """(host name, process id, back-end version): answered once the actor
        is up. The driver keys the cache with its own back end's version and
        stores only cubins from workers whose version is the same."""
        backend = self.options["backend"]
        version = backend.version if isinstance(backend, Backend) else ""
        return socket.gethostname(), os.getpid(), version

    def backends_created(self) -> int:
        """Back ends this process has created (tests check it stays at one)."""
        return _core._backends_created()

    def compile(self, first: int, programs, numbers: Optional[Sequence[int]] = None) -> BatchAnswer:
        """Compiles programs first, first + 1, ... (whole modules) of those
        the driver ships; numbers[i] is the search's number of programs[i]
        (default: first + i)."""
        import time

        start = time.perf_counter()
        programs = list(programs)
        if self.stubs_only:
            modules, failures = self._stubs_only(first, programs)
            places = []
        else:
            modules, failures, places = self._compile(first, programs)
        if numbers is not None:
            modules, failures, places = _renumber(modules, failures, places, first, list(numbers))
        return first, modules, failures, places, time.perf_counter() - start

    def _compile(self, first: int, programs: list):
        try:
            result = compile_variants(self.module, programs, **self.options, **self.assembler)
            return _shift(result.modules, result.failures, result.places, first, self.pack)
        except (_core.Error, TypeError, ValueError, OverflowError):
            pass
        # Some program cannot be read at all: compile module by module so
        # only the modules holding such a program fail.
        modules: List[CompiledModule] = []
        failures: List[VariantFailure] = []
        places: List[ProgramPlace] = []
        for start in range(0, len(programs), self.pack):
            group = programs[start : start + self.pack]
            try:
                result = compile_variants(self.module, group, **self.options, **self.assembler)
                m, f, p = _shift(result.modules, result.failures, result.places, first + start, self.pack)
                modules += m
                failures += f
                places += p
            except (_core.Error, TypeError, ValueError, OverflowError) as e:
                numbers = range(first + start, first + start + len(group))
                modules.append(CompiledModule((first + start) // self.pack, numbers, b"", list(numbers)))
                failures += [VariantFailure(p, "input", str(e)) for p in numbers]
        return modules, failures, places

    def _stubs_only(self, first: int, programs: list):
        """Stack PTX compile and render, no assembler: the cheapest real work,
        for measuring what distribution itself costs."""
        from .. import stack

        if self._stub_plan is None:
            slots = self.options.get("slots") or sorted(
                (i.name for i in self.module.injects), key=_natural_key)
            plan = []
            for name in slots:
                regs = stack_registers(self.module, name)
                inject = self.module[name]
                requests = [label for label, _ in regs if inject[label].kind != OperandKind.IN]
                plan.append((name, regs, requests))
            self._stub_plan = plan
        modules, failures = [], []
        for start in range(0, len(programs), self.pack):
            number = first + start
            stubs = {name: "" for name, _, _ in self._stub_plan}
            failed = []
            for slot, program in enumerate(programs[start : start + self.pack]):
                name, regs, requests = self._stub_plan[slot]
                try:
                    stubs[name] = stack.compile(program, regs, requests)
                except (_core.Error, TypeError, ValueError, OverflowError) as e:
                    failed.append(number + slot)
                    failures.append(VariantFailure(number + slot, "stub", str(e)))
            count = min(self.pack, len(programs) - start)
            self.module.render(stubs)
            modules.append(CompiledModule(number // self.pack, range(number, number + count), b"", failed))
        return modules, failures


def _shift(modules: Sequence[CompiledModule], failures: Sequence[VariantFailure],
           places: Sequence[ProgramPlace], first: int, pack: int):
    """Renumbers a batch's modules, failures and places from its own 0 to
    `first` (programs) and first // pack (modules)."""
    base = first // pack
    out_modules = [
        CompiledModule(m.index + base, range(m.programs.start + first, m.programs.stop + first),
                       m.cubin, [p + first for p in m.failed], m.ptx)
        for m in modules
    ]
    out_failures = [VariantFailure(f.program + first, f.stage, f.message, f.line, f.column) for f in failures]
    out_places = [ProgramPlace(p.program + first, p.same_as + first, p.module + base, None, p.inject,
                               p.pack_index)
                  for p in places if p.module is not None]
    return out_modules, out_failures, out_places


def _renumber(modules, failures, places, first: int, numbers: List[int]):
    """From positions among the shipped programs (first, first + 1, ...) to
    the search's program numbers."""
    def number(i):
        return numbers[i - first]

    out_modules = [CompiledModule(m.index, _as_sequence(number(p) for p in m.programs), m.cubin,
                                  [number(p) for p in m.failed], m.ptx)
                   for m in modules]
    out_failures = [VariantFailure(number(f.program), f.stage, f.message, f.line, f.column) for f in failures]
    out_places = [ProgramPlace(number(p.program), number(p.same_as), p.module, None, p.inject, p.pack_index)
                  for p in places]
    return out_modules, out_failures, out_places


def _natural_key(name: str):
    import re

    return [int(t) if t.isdigit() else t for t in re.split(r"(\d+)", name)]
