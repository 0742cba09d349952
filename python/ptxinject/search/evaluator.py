"""Evaluators: programs in; error, descriptors and fitness out.

Any object with ``evaluate(programs) -> Evaluation`` plugs into the search
loop (the GPU evaluator of ``ptxinject.gpu`` and a user's own included).
``CpuEvaluator`` scores on the CPU with the Stack PTX batch evaluator
(``ptxinject.stack.evaluate``): no PTX is compiled, only each program's stub
(microseconds) to count what it would run.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import List, Sequence

import numpy as np

from .. import stack

METRICS = ("max_abs", "mean_abs", "max_ulp")

# Instructions whose hardware result is approximate or that take the
# special function unit: the second built-in descriptor counts them.
_APPROX = re.compile(r"^\s*(sin|cos|lg2|ex2|rcp|sqrt|rsqrt|tanh|div\.approx)\b")


# Estimated cycles of one instruction of a dependent chain, by opcode stem:
# the arithmetic pipes take about 4, the special function unit (the
# approximate and transcendental instructions) about 20, as NVIDIA's
# throughput tables and microbenchmarks of Volta to Hopper give them; a
# rough model for ranking programs, not a timing. Stems not listed cost 4.
LATENCY = {
    "add": 4, "sub": 4, "mul": 4, "fma": 4, "mad": 4, "neg": 4, "abs": 4, "min": 4,
    "max": 4, "copysign": 4, "selp": 4, "setp": 4, "cvt": 6,
    "rcp": 20, "sqrt": 20, "rsqrt": 20, "sin": 20, "cos": 20, "lg2": 20, "ex2": 20,
    "tanh": 20, "div": 36,
}


def stub_latency(stub: str, table: dict = LATENCY) -> float:
    """The estimated cycles of a stub's instructions (summed: a bound for
    a dependent chain), from a table of costs by opcode stem."""
    total = 0.0
    for line in stub.splitlines():
        line = line.strip()
        if not line.endswith(";") or line.startswith((".reg", "//", "mov.")):
            continue
        stem = line.split(".", 1)[0].split()[0]
        total += table.get(stem, 4)
    return total


BUILTIN_DESCRIPTORS = {
    "live_instructions": lambda stub, words: stub_descriptors(stub)[0],
    "approximate_instructions": lambda stub, words: stub_descriptors(stub)[1],
    "latency": lambda stub, words: stub_latency(stub),
}


@dataclass
class Evaluation:
    error: np.ndarray  # per program, lower is better; inf when it cannot run
    descriptors: np.ndarray  # (programs, descriptors)
    stubs: List[str]


def stub_descriptors(stub: str) -> tuple:
    """(live instructions, approximate/transcendental instructions) of a
    stub: the compiler has removed dead code, so every statement runs. The
    moves into and out of registers are not counted (ptxas removes them)."""
    live = approx = 0
    for line in stub.splitlines():
        line = line.strip()
        if not line.endswith(";") or line.startswith((".reg", "//", "mov.")):
            continue
        live += 1
        approx += bool(_APPROX.match(line))
    return live, approx


class CpuEvaluator:
    """Scores programs over registers ``inputs + [output]`` against a target.

    inputs: names of the f32 input registers; columns: their samples (one f32
    array per input); target: the wanted output per sample. metric: one of
    ``max_abs``, ``mean_abs``, ``max_ulp``. descriptors: names of built-in
    ones (``live_instructions``, ``approximate_instructions``, ``latency``)
    or functions ``f(stub, words) -> float`` of a user's. cross_check:
    programs per call also run as compiled stubs by the PTX evaluator and
    compared bit for bit (a disagreement raises RuntimeError)."""

    def __init__(self, inputs: Sequence[str], columns: Sequence[np.ndarray], target: np.ndarray,
                 *, output: str = "out", metric: str = "max_abs", instruction_set=None,
                 jobs: int = 0,
                 descriptors: Sequence = ("live_instructions", "approximate_instructions"),
                 cross_check: int = 2, seed: int = 0):
        if metric not in METRICS:
            raise ValueError(f"metric must be one of {', '.join(METRICS)}, not {metric!r}")
        self.registers = [(name, "F32") for name in inputs] + [(output, "F32")]
        self.columns = [np.ascontiguousarray(c, dtype=np.float32) for c in columns]
        self.target = np.ascontiguousarray(target, dtype=np.float32)
        self.columns.append(np.zeros_like(self.target))
        self.output = output
        self.metric = metric
        self.instruction_set = instruction_set
        self.jobs = jobs
        self.cross_check = cross_check
        self._rng = np.random.default_rng(seed)
        self.descriptor_functions = []
        for d in descriptors:
            if callable(d):
                self.descriptor_functions.append(d)
            elif d in BUILTIN_DESCRIPTORS:
                self.descriptor_functions.append(BUILTIN_DESCRIPTORS[d])
            else:
                raise ValueError(f"unknown descriptor {d!r}: a function or one of "
                                 f"{', '.join(BUILTIN_DESCRIPTORS)}")
        self._compiler = stack.StackCompiler(instruction_set) if instruction_set is not None \
            else stack.StackCompiler()

    def evaluate(self, programs) -> Evaluation:
        scores = stack.evaluate(programs, self.registers, self.columns, self.target,
                                request=self.output, instruction_set=self.instruction_set,
                                jobs=self.jobs)
        stubs = self._compiler.compile_batch(programs, self.registers, [self.output])
        descriptors = np.array([[f(s, w) for f in self.descriptor_functions]
                                for s, w in zip(stubs, programs)], dtype=np.float64)
        if self.cross_check and len(programs):
            # A few programs a generation, run as compiled stubs by the PTX
            # evaluator: what the search scores is what the stub computes.
            picks = self._rng.choice(len(programs), min(self.cross_check, len(programs)),
                                     replace=False)
            found = stack.cross_check([programs[i] for i in picks], self.registers, self.columns,
                                      request=self.output, instruction_set=self.instruction_set)
            for i, message in zip(picks, found):
                if message:
                    raise RuntimeError(f"CPU evaluator and PTX evaluator disagree on program "
                                       f"{i}: {message} (a bug: please report it)")
        return Evaluation(np.asarray(scores[self.metric], dtype=np.float64), descriptors, stubs)
