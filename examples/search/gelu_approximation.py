#!/usr/bin/env python3
"""A cheaper GELU: search for programs that approximate
gelu(x) = x * Phi(x) on [-4, 4] within an error bound, and of those keep
the one of lowest estimated latency (a cost per instruction; the special
function unit's instructions cost about five arithmetic ones). The archive's
axes are the estimated latency and the approximate instructions used, so
the search keeps the best program of every cost.

    python examples/search/gelu_approximation.py [--budget N] [--bound E]
"""
import argparse
import math

import numpy as np

from ptxinject.search import CpuEvaluator, Descriptor, Search


def gelu(x):
    return 0.5 * x * (1.0 + np.vectorize(math.erf)(x / math.sqrt(2.0)))


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--budget", type=int, default=200_000)
    p.add_argument("--bound", type=float, default=0.02, help="max abs error allowed")
    p.add_argument("--seed", type=int, default=0)
    a = p.parse_args()
    x = np.linspace(-4, 4, 257, dtype=np.float32)
    target = gelu(x.astype(np.float64)).astype(np.float32)
    evaluator = CpuEvaluator(["x"], [x], target,
                             descriptors=("latency", "approximate_instructions"))
    search = Search(evaluator.registers, seed=a.seed, length=24,
                    descriptors=[Descriptor("latency", 0, 160, 40),
                                 Descriptor("approximate_instructions", 0, 8, 8)],
                    max_error=float(np.abs(target).max()))
    search.run(evaluator, budget=a.budget)
    within = [e for e in search.archive.elites() if e.error <= a.bound]
    print(f"{search.evaluations} programs, {len(search.archive.cells)} cells filled, "
          f"{len(within)} within {a.bound}")
    if not within:
        best = search.archive.best()
        print(f"none within the bound; the best error is {best.error:.4g}:", search.text(best))
        return
    cheapest = min(within, key=lambda e: (e.descriptors[0], e.error))
    print(f"cheapest within the bound: about {cheapest.descriptors[0]:.0f} cycles, "
          f"max abs error {cheapest.error:.4g}")
    print("program:", search.text(cheapest))
    print(cheapest.stub)


if __name__ == "__main__":
    main()
