"""Checks a run's outputs against the Stack PTX interpreter on the CPU.

A program's GPU output must equal what the CPU interpreter computes from
the same inputs within a bound that its statements set: IEEE-exact
instructions (add, mul, fma, min, max, conversions, integer and bit
operations) contribute nothing, so a program of only those must match bit
for bit (NaN against NaN matches). An approximate instruction contributes
the maximum error the PTX ISA documents for it (``APPROXIMATE_ERROR``),
summed over its occurrences: a bound that holds for a chain of them, and
that errors magnified by cancellation (x - y of nearly equal approximate
results) can exceed, so report such a program's mismatch as suspect, not
proven wrong. Programs that read special registers (%tid, %clock, ...) are
not checked: the interpreter reads them as 0 and a GPU does not.

This is what keeps a search honest: a variant that scores well by skipping
work disagrees with its own program.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Dict, List, Optional, Sequence, Tuple

import numpy as np

from .. import stack

# Per approximate opcode (the description's "approximate" entries), the
# documented error: ("ulp", n) for a relative error of n units in the last
# place, ("abs", e) for an absolute error e (sin, cos and lg2 are specified
# that way, so their relative error near a zero of the result is unbounded).
APPROXIMATE_ERROR: Dict[str, Tuple[str, float]] = {
    "div.approx": ("ulp", 2.0),
    "rcp.approx": ("ulp", 1.0),
    "sqrt.approx": ("ulp", 1.0),
    "rsqrt.approx": ("ulp", 2.0),
    "ex2.approx": ("ulp", 2.0),
    "lg2.approx": ("abs", 2.0 ** -22.6),
    "sin.approx": ("abs", 2.0 ** -20.5),
    "cos.approx": ("abs", 2.0 ** -20.5),
    # Maximum relative error 2**-10.987: 2**12.013 units of a 24-bit significand.
    "tanh.approx": ("ulp", 2.0 ** 12.013),
}


@dataclass(frozen=True)
class Bound:
    """How far a program's output may be from the CPU's: ``ulp`` units in
    the last place, or, past that, ``absolute``."""

    ulp: float = 0.0
    absolute: float = 0.0

    def allows(self, ulp: float, absolute: float) -> bool:
        return ulp <= self.ulp or (self.absolute > 0 and absolute <= self.absolute)


def bound_of(stub: str) -> Bound:
    """The bound a stub's statements set (see the module's text)."""
    ulp = absolute = 0.0
    for line in stub.splitlines():
        line = line.strip()
        if not line.endswith(";") or line.startswith((".reg", "//")):
            continue
        opcode = line.split(None, 1)[0]
        for prefix, (kind, amount) in APPROXIMATE_ERROR.items():
            if opcode.startswith(prefix):
                if kind == "ulp":
                    ulp += amount
                else:
                    absolute += amount
                break
    return Bound(ulp, absolute)


@dataclass(frozen=True)
class Mismatch:
    """A program whose GPU output is beyond its bound: the first element
    that is, both values, and how far apart they are."""

    program: int
    site: str
    element: int
    gpu: float
    cpu: float
    ulp: float
    bound: Bound

    def __str__(self) -> str:
        return (f"program {self.program} ({self.site}): element {self.element}: GPU {self.gpu!r}, "
                f"CPU {self.cpu!r} ({_ulp_text(self.ulp)} apart; bound {self.bound.ulp:g} ulp"
                + (f" or {self.bound.absolute:.3g} absolute" if self.bound.absolute else "") + ")")


@dataclass
class CheckReport:
    checked: List[int] = field(default_factory=list)
    mismatches: List[Mismatch] = field(default_factory=list)
    unchecked: Dict[int, str] = field(default_factory=dict)  # program -> why

    @property
    def ok(self) -> bool:
        return not self.mismatches

    def __str__(self) -> str:
        lines = [f"{len(self.checked)} programs checked, {len(self.mismatches)} mismatched, "
                 f"{len(self.unchecked)} not checked"]
        lines += [str(m) for m in self.mismatches]
        return "\n".join(lines)


def _ulp_text(ulp: float) -> str:
    return "infinitely far" if ulp >= 2.0 ** 32 else f"{ulp:g} ulp"


def _f32_ulp(a: float, b: float) -> float:
    if math.isnan(a) and math.isnan(b):
        return 0.0
    if math.isnan(a) or math.isnan(b) or math.isinf(a) or math.isinf(b):
        return 0.0 if a == b else 2.0 ** 32

    def ordered(x: float) -> int:
        i = int(np.array([x], dtype=np.float32).view(np.int32)[0])
        return i if i >= 0 else -(i & 0x7FFFFFFF)
    return float(abs(ordered(a) - ordered(b)))


def check(ran, programs: Sequence, registers: Sequence[Tuple[str, str]], inputs,
          *, output: Optional[str] = None, request: Optional[str] = None,
          instruction_set=None, stubs: Optional[Sequence[str]] = None,
          only: Optional[Sequence[int]] = None) -> CheckReport:
    """Compares each program's GPU output with the CPU interpreter's.

    ran: a ``RunResult``. programs: the Stack PTX programs the batch was
    compiled from (text or words), in program order. registers: the
    inject's registers, ``ptxinject.variants.stack_registers(module,
    inject)``. inputs: the f32 input of each input register per element
    (a dict by register name), element i being what the kernel's element i
    reads. output: the ``Output`` holding the result (default: the only
    one). request: the register the output is (default: the last). stubs:
    the programs' stubs for that request, when the caller has them."""
    names = [r[0] for r in registers]
    request = names[-1] if request is None else request
    columns = []
    length = None
    for name in names:
        column = inputs.get(name) if isinstance(inputs, dict) else None
        if column is not None:
            column = np.ascontiguousarray(column, dtype=np.float32).ravel()
            length = len(column) if length is None else length
        columns.append(column)
    if length is None:
        raise ValueError("no input column names one of the registers "
                         f"{', '.join(names)}")
    columns = [c if c is not None else np.zeros(length, np.float32) for c in columns]
    set_ = instruction_set if instruction_set is not None else stack.InstructionSet.builtin()
    compiler = stack.StackCompiler(set_)
    special = {s for s in set_.special_registers}
    report = CheckReport()
    for program in sorted(ran.runs if only is None else set(only) & set(ran.runs)):
        run = ran.runs[program]
        words = programs[program]
        if isinstance(words, str):
            words = set_.parse(words, list(registers))
        stub = stubs[program] if stubs is not None else \
            compiler.compile(words, list(registers), [request])
        if any(("%" + s) in stub for s in special):
            report.unchecked[program] = "reads a special register, which the CPU reads as 0"
            continue
        gpu = np.ascontiguousarray(ran.output(program, output), dtype=np.float32).ravel()[:length]
        if len(gpu) < length:
            raise ValueError(f"program {program}: the output has {len(gpu)} elements, the "
                             f"inputs {length}")
        bound = bound_of(stub)
        scores = stack.evaluate([words], registers, columns, gpu, request=request,
                                instruction_set=instruction_set, jobs=1)
        if scores["errors"][0]:
            report.unchecked[program] = scores["errors"][0]
            continue
        report.checked.append(program)
        if scores["max_ulp"][0] <= bound.ulp:
            continue
        mismatch = _first_mismatch(program, run, words, registers, columns, gpu, request,
                                   bound, compiler)
        if mismatch is not None:
            report.mismatches.append(mismatch)
    return report


def _first_mismatch(program, run, words, registers, columns, gpu, request, bound, compiler):
    site = f"{run.module}, {run.entry} site {run.site}"
    for i in range(len(gpu)):
        value = compiler.interpret(words, list(registers), [float(c[i]) for c in columns],
                                   [request])[0]
        cpu = float(np.float32(value)) if value is not None else float("nan")
        g = float(gpu[i])
        ulp = _f32_ulp(g, cpu)
        if not bound.allows(ulp, abs(g - cpu) if not math.isnan(g - cpu) else math.inf):
            return Mismatch(program, site, i, g, cpu, ulp, bound)
    return None
