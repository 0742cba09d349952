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
    ``max_abs``, ``mean_abs``, ``max_ulp``. Descriptors: live instructions
    and approximate instructions of each program's stub."""

    descriptor_names = ("live_instructions", "approximate_instructions")

    def __init__(self, inputs: Sequence[str], columns: Sequence[np.ndarray], target: np.ndarray,
                 *, output: str = "out", metric: str = "max_abs", instruction_set=None,
                 jobs: int = 0):
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
        self._compiler = stack.StackCompiler(instruction_set) if instruction_set is not None \
            else stack.StackCompiler()

    def evaluate(self, programs) -> Evaluation:
        scores = stack.evaluate(programs, self.registers, self.columns, self.target,
                                request=self.output, instruction_set=self.instruction_set,
                                jobs=self.jobs)
        stubs = self._compiler.compile_batch(programs, self.registers, [self.output])
        descriptors = np.array([stub_descriptors(s) for s in stubs], dtype=np.float64)
        return Evaluation(np.asarray(scores[self.metric], dtype=np.float64), descriptors, stubs)
