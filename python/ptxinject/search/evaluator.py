"""Evaluators: programs in; error, descriptors and fitness out.

Any object with ``evaluate(programs) -> Evaluation`` plugs into the search
loop (the GPU evaluator of ``ptxinject.gpu`` and a user's own included).
``CpuEvaluator`` scores on the CPU with the Stack PTX batch evaluator
(``ptxinject.stack.evaluate``): no PTX is compiled, only each program's stub
(microseconds) to count what it would run.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import List, Sequence

import numpy as np

from .. import stack

METRICS = ("max_abs", "mean_abs", "max_ulp")

class InstructionCosts:
    """What each statement of a stub costs, by its opcode, from an
    instruction set's description: its ``"latency"`` (estimated cycles in a
    dependent chain, 4 when the description gives none) and
    ``"approximate"`` (special function unit or approximate result). The
    shipped description's figures come from NVIDIA's throughput tables and
    microbenchmarks of Volta to Hopper: a model for ranking programs, not a
    timing. Entries that share an opcode (``mov.b32`` under several display
    names) cost the largest of theirs; opcodes the description lacks cost 4.
    """

    DEFAULT_LATENCY = 4.0

    def __init__(self, instruction_set=None):
        s = instruction_set if instruction_set is not None else stack.InstructionSet.builtin()
        self.latency: dict = {}
        self.approximate: dict = {}
        for ptx, latency, approximate in s.instruction_costs:
            self.latency[ptx] = max(latency, self.latency.get(ptx, 0.0))
            self.approximate[ptx] = approximate or self.approximate.get(ptx, False)

    def measure(self, stub: str) -> tuple:
        """(live statements, approximate ones, summed latency) of a stub.
        The compiler has removed dead code, so every statement runs; the
        moves into and out of registers are not counted (ptxas removes
        them), and the sum bounds a dependent chain."""
        live = approx = 0
        latency = 0.0
        for line in stub.splitlines():
            line = line.strip()
            if not line.endswith(";") or line.startswith((".reg", "//", "mov.")):
                continue
            opcode = line.split(None, 1)[0].rstrip(";")
            live += 1
            approx += self.approximate.get(opcode, False)
            latency += self.latency.get(opcode, self.DEFAULT_LATENCY)
        return live, approx, latency


_BUILTIN_COSTS = None


def _builtin_costs() -> InstructionCosts:
    global _BUILTIN_COSTS
    if _BUILTIN_COSTS is None:
        _BUILTIN_COSTS = InstructionCosts()
    return _BUILTIN_COSTS


def stub_descriptors(stub: str, costs: InstructionCosts = None) -> tuple:
    """(live instructions, approximate/transcendental instructions) of a
    stub, by the shipped description's costs unless ``costs`` is given."""
    return (costs or _builtin_costs()).measure(stub)[:2]


def stub_latency(stub: str, costs: InstructionCosts = None) -> float:
    """The estimated cycles of a stub's instructions (summed: a bound for a
    dependent chain), by the description's per-instruction latencies."""
    return (costs or _builtin_costs()).measure(stub)[2]


# Built-in descriptors by name: each a function of the costs in use, giving
# f(stub, words) -> float.
BUILTIN_DESCRIPTORS = {
    "live_instructions": lambda costs: lambda stub, words: costs.measure(stub)[0],
    "approximate_instructions": lambda costs: lambda stub, words: costs.measure(stub)[1],
    "latency": lambda costs: lambda stub, words: costs.measure(stub)[2],
}


@dataclass
class Evaluation:
    error: np.ndarray  # per program, lower is better; inf when it cannot run
    descriptors: np.ndarray  # (programs, descriptors)
    stubs: List[str]


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
        self.costs = InstructionCosts(instruction_set)
        self.descriptor_functions = []
        for d in descriptors:
            if callable(d):
                self.descriptor_functions.append(d)
            elif d in BUILTIN_DESCRIPTORS:
                self.descriptor_functions.append(BUILTIN_DESCRIPTORS[d](self.costs))
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
