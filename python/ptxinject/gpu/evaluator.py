"""The GPU evaluator of the search: a generation's programs compiled into
packed modules, run, checked and scored.

Plugs into ``ptxinject.search.Search.run`` as any evaluator does. With
``run(..., overlap=True)`` the search hands it generation k + 1 while k is
on the device: compiling (CPU) runs beside running (GPU), and only the
run takes the device (``concurrency`` tells the search it may).
"""

from __future__ import annotations

import math
import threading
from typing import Callable, Dict, Optional, Sequence

import numpy as np

from .. import stack
from ..search.evaluator import Descriptors, Evaluation, InstructionCosts
from ..variants import compile_variants, stack_registers
from .check import check
from .launch import Launch, natural_key
from .runner import Runner

Fitness = Callable[[Dict[str, np.ndarray], float], float]


class GpuEvaluator:
    """Scores programs by running them.

    module: the packed kernel's Module; launch: its ``Launch``. fitness:
    ``f(outputs, time_ms) -> error`` (lower is better) of a program's
    outputs (by ``Output`` name) and its launch's time. inputs: the f32
    input per register name, for the check against the CPU interpreter
    (``check=True``, the default when inputs are given): a program whose
    output is beyond its bound scores ``inf`` and is listed in
    ``mismatches``. descriptors: as ``CpuEvaluator``'s. ray: compile on a
    Ray cluster (``ptxinject.distributed``; ``ray.init`` first) instead of
    this machine's cores. compile_options: more ``compile_variants``
    arguments (backend, arch, jobs, cache_dir, timeout, and the assembler
    options: opt_level, max_registers, fast_compile, lineinfo,
    ptxas_options, options_sweep).

    With ``options_sweep`` ('maxrregcount=32,64;O=1,3') each program runs
    under every combination, and its score is its best: the search tunes
    the options with the code. ``last_options[p]`` says which options
    gave program p of the last ``evaluate`` its score, ``options_of(p)``
    reads it back.

    mode: "full" (default) compiles each variant whole, as it will be timed;
    "screen" links each variant's stubs to the kernel compiled once
    (``compile_variants(link_stubs=True)``, docs/variants.md "Linked
    stubs"): many times faster to compile on a large kernel, with a call
    per site left in it, so its times say nothing of the stub's speed. For
    a search that scores outputs, not speed; not with ``ray``."""

    concurrency = 2

    def __init__(self, module, launch: Launch, fitness: Fitness, *,
                 inputs: Optional[Dict[str, np.ndarray]] = None, check: Optional[bool] = None,
                 descriptors: Sequence = ("live_instructions", "approximate_instructions"),
                 instruction_set=None, layout=None, ray: bool = False, mode: str = "full",
                 **compile_options):
        if mode not in ("full", "screen"):
            raise ValueError(f"mode must be 'full' or 'screen', got {mode!r}")
        if mode == "screen" and ray:
            raise ValueError("mode='screen' compiles on this machine: not with ray=True")
        self.mode = mode
        self.module = module
        self.fitness = fitness
        self.slots = sorted((i.name for i in module.injects), key=natural_key)
        self.registers = stack_registers(module, self.slots[0])
        self.output = self.registers[-1][0]
        for name in self.slots[1:]:
            if stack_registers(module, name) != self.registers:
                raise ValueError(f"inject {name!r} has other registers than {self.slots[0]!r}: "
                                 "a packed search needs the same registers at every site")
        self.inputs = inputs
        self.check = bool(inputs) if check is None else check
        if self.check and not inputs:
            raise ValueError("check=True needs inputs= (the f32 input per register)")
        self.instruction_set = instruction_set
        self.ray = ray
        self.compile_options = compile_options
        self.runner = Runner(launch, module=module, layout=layout)
        self.costs = InstructionCosts(instruction_set)
        self.descriptors = Descriptors(descriptors, self.costs)
        self._compiler = stack.StackCompiler(instruction_set) if instruction_set is not None \
            else stack.StackCompiler()
        self._device = threading.Lock()
        self.mismatches = []
        self.last_run = None
        self.last_options = []

    def _compile(self, programs):
        options = dict(pack=len(self.slots), slots=self.slots, **self.compile_options)
        if self.mode == "screen":
            options["link_stubs"] = True
        if self.instruction_set is not None:
            options["instruction_set"] = self.instruction_set
        if self.ray:
            from ..distributed import compile_variants_on_ray
            return compile_variants_on_ray(self.module, programs, progress=False, **options)
        return compile_variants(self.module, programs, **options)

    def evaluate(self, programs) -> Evaluation:
        programs = list(programs)
        compiled = self._compile(programs)
        with self._device:
            ran = self.runner.run(compiled)
        self.last_run = ran
        stubs = self._compiler.compile_batch(programs, self.registers, [self.output])
        # Under an options sweep, variant v is program v % n under the
        # options of combination v // n (VariantResult).
        n = len(programs)
        combos = max(1, len(compiled.places) // n) if n else 1
        bad = set()
        if self.check:
            report = check(ran, programs * combos, self.registers, self.inputs,
                           instruction_set=self.instruction_set, stubs=stubs * combos)
            self.mismatches.extend(report.mismatches)
            bad = {m.program for m in report.mismatches}
        scores = np.full(n * combos, math.inf)
        for v, r in ran.runs.items():
            if v not in bad and v < len(scores):
                scores[v] = float(self.fitness(r.outputs, r.time_ms))
        best = scores.reshape(combos, n).argmin(axis=0) if n else np.zeros(0, dtype=int)
        error = scores.reshape(combos, n).min(axis=0) if n else np.zeros(0)
        options = list(compiled.options) or [""] * (n * combos)
        self.last_options = [options[int(c) * n + p] for p, c in enumerate(best)]
        return Evaluation(error, self.descriptors(stubs, programs), stubs)

    def options_of(self, program: int) -> str:
        """The assembler options that gave program ``program`` of the last
        evaluation its score ('-O3 -maxrregcount=64')."""
        return self.last_options[program]

    def close(self) -> None:
        self.runner.close()
