"""What a packed module's launch looks like: the arguments, the geometry,
and which site each ``blockIdx.x`` runs.

A packed kernel holds several inject sites and runs one per block x index
(``examples/variants``: ``switch (blockIdx.x)``, ``case i`` holds the
kernel's i-th inject). One launch per entry function runs every site of it;
an ``Output`` argument is allocated with one row per site, and the program
of site i reads its result from row i.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable, Dict, List, Optional, Sequence, Tuple, Union

import numpy as np


@dataclass(frozen=True)
class Output:
    """A kernel argument the launch allocates: ``shape`` elements of
    ``dtype`` per site, zeroed before the launch (a site's row is
    ``out[site]``). ``name`` keys the outputs of a program."""

    name: str
    dtype: object = np.float32
    shape: Tuple[int, ...] = ()

    def per_site(self) -> Tuple[int, ...]:
        return tuple(self.shape) if isinstance(self.shape, (tuple, list)) else (int(self.shape),)


@dataclass(frozen=True)
class SiteTimer:
    """A kernel argument of two uint64 per site, set to (2**64 - 1, 0)
    before the launch: a kernel that times its sites writes, for site i,
    ``atomicMin(&t[2 * i], start)`` and ``atomicMax(&t[2 * i + 1], end)``
    with %globaltimer readings (nanoseconds), and a program's
    ``site_time_ns`` is end - start (docs/gpu.md)."""


@dataclass(frozen=True)
class Launch:
    """How to launch the entry functions of a packed module.

    args: the kernel's arguments in order: NumPy arrays (copied to the
      device once per run and shared by every launch), NumPy scalars
      (``np.int32(n)``: a plain Python number has no size and is refused),
      ``Output`` and ``SiteTimer`` markers, or device buffers of the user's
      (anything with a ``handle``, passed as they are).
    block: the block shape. grid: the grid shape; ``None`` in x (the
      default) stands for the number of sites the launch runs (up to the
      highest block x index a program of the module needs), or a function
      of that number returning the shape.
    shared: dynamic shared memory bytes.
    """

    args: Sequence[object]
    block: Tuple[int, ...] = (256,)
    grid: Union[Tuple[Optional[int], ...], Callable[[int], Tuple[int, ...]]] = (None,)
    shared: int = 0

    def grid_for(self, sites: int) -> Tuple[int, ...]:
        if callable(self.grid):
            return tuple(int(g) for g in self.grid(sites))
        return tuple(sites if g is None else int(g) for g in self.grid)

    def outputs(self) -> List[Tuple[int, Output]]:
        return [(i, a) for i, a in enumerate(self.args) if isinstance(a, Output)]

    def timer(self) -> Optional[int]:
        found = [i for i, a in enumerate(self.args) if isinstance(a, SiteTimer)]
        if len(found) > 1:
            raise ValueError("a launch takes at most one SiteTimer argument")
        return found[0] if found else None

    def check(self) -> None:
        """Raises TypeError/ValueError for arguments no launch can pass."""
        names = [o.name for _, o in self.outputs()]
        if len(set(names)) != len(names):
            raise ValueError(f"two Output arguments share a name: {names}")
        for i, a in enumerate(self.args):
            if isinstance(a, (bool, int, float)):
                raise TypeError(f"argument {i} is a Python {type(a).__name__}, which has no "
                                f"size: give a NumPy scalar such as np.int32({a!r})")
        self.timer()


@dataclass(frozen=True)
class Site:
    """Where an inject's code runs: the entry function and its block x
    index."""

    entry: str
    index: int


_ENTRY = re.compile(r"^\s*(?:\.visible\s+|\.weak\s+)?\.entry\s+([A-Za-z_$%][\w$]*)", re.M)


def natural_key(name: str):
    """A sort key that orders inject_2 before inject_10."""
    return [int(part) if part.isdigit() else part for part in re.split(r"(\d+)", name)]


def block_x_selects_site(module) -> Dict[str, Site]:
    """The layout of ``examples/variants``: in each entry function,
    ``blockIdx.x == i`` runs its i-th inject in natural name order
    (``inject_8`` .. ``inject_15`` are blocks 0 .. 7 of the second kernel).
    An inject with sites in several entries runs in the first of them.

    module: a ``ptxinject.Module`` (its PTX and sites)."""
    ptx = module.source
    if isinstance(ptx, bytes):
        ptx = ptx.decode("utf-8", "replace")
    starts = []  # (line, entry name), in PTX order
    for m in _ENTRY.finditer(ptx):
        starts.append((ptx.count("\n", 0, m.start()) + 1, m.group(1)))
    by_entry: Dict[str, List[str]] = {}
    first_entry: Dict[str, str] = {}
    for inject in module.injects:
        for line, _column in inject.sites:
            entry = None
            for start, name in starts:
                if start <= line:
                    entry = name
            if entry is None:
                continue
            by_entry.setdefault(entry, [])
            if inject.name not in by_entry[entry]:
                by_entry[entry].append(inject.name)
            first_entry.setdefault(inject.name, entry)
    layout = {}
    for entry, names in by_entry.items():
        names.sort(key=natural_key)
        for i, name in enumerate(names):
            if first_entry[name] == entry:
                layout[name] = Site(entry, i)
    return layout


def explicit_layout(sites: Dict[str, Tuple[str, int]]) -> Dict[str, Site]:
    """A layout of the user's: ``{inject: (entry, block x index)}``."""
    return {name: Site(entry, int(index)) for name, (entry, index) in sites.items()}


__all__ = ["Output", "SiteTimer", "Launch", "Site", "block_x_selects_site", "explicit_layout"]
