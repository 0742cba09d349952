"""Search over Stack PTX programs: MAP-Elites, (mu + lambda) and random
search against a target, scored on the CPU without compiling PTX.

::

    import numpy as np
    from ptxinject.search import CpuEvaluator, Search
    x = np.linspace(-2, 2, 64, dtype=np.float32)
    evaluator = CpuEvaluator(["x"], [x], np.sin(x) * x + 1)
    search = Search(evaluator.registers, strategy="map-elites", seed=1)
    best = search.run(evaluator, budget=20000, tolerance=1e-4)
    print(best.error, search.text(best))

The loop is ``ask(n)`` (programs to try) and ``tell(programs, error,
descriptors)``; any evaluator with ``evaluate(programs)`` plugs in.
``parse_target(text, inputs)`` reads a formula as ``--target`` does, without
running it as Python. See docs/search.md.
"""

from .archive import Archive, Descriptor, Elite
from .evaluator import METRICS, CpuEvaluator, Evaluation, InstructionCosts, stub_descriptors, stub_latency
from .loop import FORMAT, STRATEGIES, VERSION, Generation, Search, save_heatmap
from .target import Target, TargetError, parse_target

__all__ = ["Archive", "Descriptor", "Elite", "CpuEvaluator", "Evaluation", "METRICS",
           "stub_descriptors", "stub_latency", "InstructionCosts", "Search", "Generation", "STRATEGIES", "FORMAT", "VERSION",
           "save_heatmap", "Target", "TargetError", "parse_target"]
