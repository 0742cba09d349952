#!/usr/bin/env python3
"""Recover a formula from a few dozen samples: y = x**3 + x**2 + x (the
first Nguyen problem) from 20 points in [-1, 1], by MAP-Elites over Stack
PTX programs, scored on the CPU. Prints the program found, its PTX stub and
how far it is from every sample.

    python examples/search/recover_formula.py [--budget N] [--seed S]
"""
import argparse

import numpy as np

from ptxinject.search import CpuEvaluator, Search


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--budget", type=int, default=100_000)
    p.add_argument("--seed", type=int, default=0)
    a = p.parse_args()
    rng = np.random.default_rng(a.seed)
    x = rng.uniform(-1, 1, 20).astype(np.float32)
    x64 = x.astype(np.float64)
    target = (x64**3 + x64**2 + x64).astype(np.float32)
    evaluator = CpuEvaluator(["x"], [x], target)
    search = Search(evaluator.registers, strategy="map-elites", seed=a.seed)
    best = search.run(evaluator, budget=a.budget, tolerance=1e-6)
    print(f"max abs error {best.error:.3g} after {search.evaluations} programs")
    print("program:", search.text(best))
    print(best.stub)


if __name__ == "__main__":
    main()
