"""The driver's side of "never compile the same live program twice": before
a program is shipped, its stub is made and hashed as the engine hashes it
(``_core._fingerprint_variants``); a program equal to an earlier one is not
shipped (it runs that one's code), nor is one the cache holds
(``_core._VariantCache``, the engine's VariantCache: the folder, keys and
format of ``ptxinject variants`` and the local ``compile_variants``). What
comes back from the workers is stored in the cache by the driver, so the
cache folder need only be on the driver's machine.

Programs are screened as they are read, so a generator still works in
bounded memory: what is kept per distinct program is its hash and where its
code went.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Dict, List, Optional, Tuple

from .. import _core
from .._core import Backend, Module
from ..variants import ProgramPlace, VariantFailure


@dataclass
class Settled:
    """Programs whose outcome is known: places for those with code, failures
    for the others."""

    places: List[ProgramPlace] = field(default_factory=list)
    failures: List[VariantFailure] = field(default_factory=list)

    def numbers(self) -> List[int]:
        return sorted({p.program for p in self.places} | {f.program for f in self.failures})

    def extend(self, other: "Settled") -> None:
        self.places += other.places
        self.failures += other.failures


@dataclass
class ToShip:
    number: int
    program: object
    code: str


class Screen:
    """Deduplication and cache lookups for one search on the driver."""

    def __init__(self, module: Module, options: dict, dedup: bool, cache_dir: Optional[str]):
        self.module = module
        self.kind = options["kind"]
        self.slots = options["slots"] or []
        self.pack = options["pack"]
        self.arch = options["arch"]
        self.dedup = dedup
        # The cache key holds the assembler options: a back end made with them.
        backend = (Backend(options["backend"], options["arch"], **options["assembler"])
                   if options.get("assembler") else options["backend"])
        self.cache = (_core._VariantCache(cache_dir, module, backend, options["arch"])
                      if cache_dir else None)
        self.first: Dict[str, int] = {}  # code -> first program with it (dedup)
        # first program -> (module, cached cubin, inject, pack index), or the
        # cubin failure it met; kept for duplicates that come later.
        self.outcome: Dict[int, object] = {}
        self.waiting: Dict[int, List[int]] = {}  # first -> duplicates before its answer
        self.codes: Dict[int, str] = {}  # shipped, not yet back: program -> code
        self.distinct = set() if not dedup else None  # codes, to count them without dedup
        self.unique = self.hits = self.rejected = 0
        self.warning = ""

    @property
    def backend_version(self) -> Optional[str]:
        return self.cache.backend_version if self.cache else None

    def _fingerprints(self, programs: list) -> list:
        """Code hash, (message, line, column) for a bad stub, or an exception
        for something that is not a program at all."""
        args = (self.kind, None, self.slots, self.pack, self.arch)
        try:
            return _core._fingerprint_variants(self.module, programs, *args)
        except (TypeError, ValueError, OverflowError):
            pass
        out = []
        for p in programs:
            try:
                out += _core._fingerprint_variants(self.module, [p], *args)
            except (_core.Error, TypeError, ValueError, OverflowError) as e:
                out.append(e)
        return out

    def screen(self, first: int, programs: list) -> Tuple[List[ToShip], Settled]:
        """Programs first, first + 1, ...: those to compile, and those settled
        now (bad stubs, cache hits, duplicates of settled programs)."""
        settled = Settled()
        new: List[ToShip] = []
        for i, fp in enumerate(self._fingerprints(programs)):
            number = first + i
            if isinstance(fp, Exception):
                settled.failures.append(VariantFailure(number, "input", str(fp)))
            elif isinstance(fp, tuple):
                settled.failures.append(VariantFailure(number, "stub", *fp))
            elif self.dedup and fp in self.first:
                self._duplicate(number, self.first[fp], settled)
            else:
                if self.dedup:
                    self.first[fp] = number
                    self.unique += 1
                else:
                    self.distinct.add(fp)
                new.append(ToShip(number, programs[i], fp))
        if self.cache is None or not new:
            return new, settled
        ship = []
        for item, found in zip(new, self.cache.lookup([s.code for s in new])):
            if found is None or found == "damaged":
                self.rejected += found == "damaged"
                ship.append(item)
                self.codes[item.number] = item.code
                continue
            path, inject, pack_index = found
            self.hits += 1
            self.outcome[item.number] = (None, path, inject, pack_index)
            settled.places.append(ProgramPlace(item.number, item.number, None, path, inject, pack_index))
            # Duplicates later in this chunk were read before the lookup.
            for number in self.waiting.pop(item.number, []):
                self._settle_duplicate(number, item.number, self.outcome[item.number], settled)
        return ship, settled

    def _duplicate(self, number: int, first: int, settled: Settled) -> None:
        outcome = self.outcome.get(first)
        if outcome is None:
            self.waiting.setdefault(first, []).append(number)
        else:
            self._settle_duplicate(number, first, outcome, settled)

    def _settle_duplicate(self, number: int, first: int, outcome, settled: Settled) -> None:
        if isinstance(outcome, VariantFailure):
            # The same stubs give the same PTX, the same compiler error.
            settled.failures.append(VariantFailure(
                number, outcome.stage, f"same stubs as program {first}: {outcome.message}",
                outcome.line, outcome.column))
            settled.places.append(ProgramPlace(number, first))
        else:
            settled.places.append(ProgramPlace(number, first, *outcome))

    def answered(self, modules, failures, places, store: bool) -> Settled:
        """A batch came back: its cubins go to the cache (when ``store``:
        the worker's back end is the driver's), and the duplicates waiting
        for its programs are settled."""
        settled = Settled(list(places), list(failures))
        if self.cache is not None and store:
            at = {p.program: p for p in places}
            for m in modules:
                entries = [(self.codes[n], at[n].inject, at[n].pack_index)
                           for n in m.programs if n in at and n in self.codes]
                if m.cubin and entries:
                    warning = self.cache.store(m.cubin, entries)
                    self.warning = self.warning or warning
        for p in places:
            self.outcome[p.program] = (p.module, None, p.inject, p.pack_index)
        for f in failures:
            self.outcome[f.program] = f
        for m in modules:
            for n in m.programs:
                self.codes.pop(n, None)
        for first in [p.program for p in places] + [f.program for f in failures]:
            for number in self.waiting.pop(first, []):
                self._settle_duplicate(number, first, self.outcome[first], settled)
        return settled

    def unique_programs(self) -> int:
        return self.unique if self.dedup else len(self.distinct)

