"""The MAP-Elites archive: one elite per cell of a grid over descriptors.

A cell is a tuple of bin indices, one per descriptor; a program whose
descriptors fall in a cell replaces the elite there only when its error is
lower (ties keep the elite that came first, so a run is stable). Coverage
is the share of cells holding an elite, the QD score the sum over elites of
their quality (``max_error - error``, clipped at 0).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Dict, List, Optional, Sequence, Tuple

import numpy as np


@dataclass(frozen=True)
class Descriptor:
    """A behaviour axis: ``name`` values from ``low`` to ``high`` cut into
    ``bins`` equal bins (values outside go to the end bins)."""

    name: str
    low: float
    high: float
    bins: int


@dataclass
class Elite:
    """An archived program and what is known of it."""

    words: np.ndarray  # uint64 instruction words, ending with a return
    error: float
    descriptors: Tuple[float, ...]
    text: str = ""
    stub: str = ""
    parents: Tuple[int, ...] = ()  # ids of the elites it was made from
    generation: int = 0
    id: int = 0
    # The words of the scaling tail (``a b fma``) before the return, 0 when
    # none: the search varies the words without it (genome).
    tail: int = 0

    @property
    def genome(self) -> np.ndarray:
        """The words the search varies: the program less its scaling tail."""
        if not self.tail:
            return self.words
        end = len(self.words) - 1  # the return
        return np.concatenate([self.words[: end - self.tail], self.words[end:]])


@dataclass
class Archive:
    descriptors: Sequence[Descriptor]
    max_error: float = 1.0  # the QD score's error scale
    cells: Dict[Tuple[int, ...], Elite] = field(default_factory=dict)
    next_id: int = 0

    @property
    def size(self) -> int:
        return int(np.prod([d.bins for d in self.descriptors])) if self.descriptors else 1

    def cell(self, values: Sequence[float]) -> Tuple[int, ...]:
        return self.cells_of(np.array([values], dtype=np.float64))[0]

    def cells_of(self, values: np.ndarray) -> List[Tuple[int, ...]]:
        """The cell of each row of values (programs x descriptors): per
        descriptor its bin, a value outside the range in the end bin (NaN
        in the first)."""
        values = np.asarray(values, dtype=np.float64).reshape(len(values), len(self.descriptors))
        bins = np.zeros((len(values), len(self.descriptors)), dtype=np.int64)
        for k, d in enumerate(self.descriptors):
            if d.high > d.low and d.bins > 1:
                t = np.nan_to_num((values[:, k] - d.low) / (d.high - d.low) * d.bins,
                                  nan=0.0, posinf=d.bins, neginf=0.0)
                bins[:, k] = np.clip(np.floor(t), 0, d.bins - 1)
        return [tuple(row) for row in bins.tolist()]

    def would_place(self, key: Tuple[int, ...], error: float) -> bool:
        """Whether an elite of this error would enter cell key."""
        held = self.cells.get(key)
        return error == error and (held is None or error < held.error)

    def add(self, elite: Elite, key: Optional[Tuple[int, ...]] = None) -> bool:
        """Places elite (in cell key, when known) if its cell is empty or
        holds a worse one (a NaN error never enters); returns whether it was
        placed."""
        key = self.cell(elite.descriptors) if key is None else key
        if not self.would_place(key, elite.error):
            return False
        elite.id = self.next_id
        self.next_id += 1
        self.cells[key] = elite
        return True

    def best(self) -> Optional[Elite]:
        return min(self.cells.values(), key=lambda e: (e.error, len(e.words), e.id), default=None)

    def elites(self) -> List[Elite]:
        return [self.cells[k] for k in sorted(self.cells)]

    def coverage(self) -> float:
        return len(self.cells) / self.size

    def qd_score(self) -> float:
        return float(sum(max(0.0, self.max_error - min(e.error, self.max_error))
                         for e in self.cells.values()))
