"""Run what was compiled: load packed cubins, launch every site, read each
program's outputs and time, and check them against the CPU::

    import numpy as np, ptxinject
    from ptxinject import gpu
    result = ptxinject.compile_variants(module, programs, pack=16)
    launch = gpu.Launch([xs, ys, gpu.Output("z", np.float32, (n,)), np.int32(n)],
                        block=(256,), grid=(None, (n + 255) // 256))
    ran = gpu.run(result, launch, module=module)
    ran.output(0)                                    # program 0's z
    report = gpu.check(ran, programs, registers, {"x": xs, "y": ys}, output="z")

Built on cuda.core (``pip install 'ptxinject[gpu]'``); tests use a
stand-in driver library, so nothing here needs a GPU to be tested. See
docs/gpu.md.
"""

from .driver import GpuUnavailable
from .launch import Launch, Output, Site, SiteTimer, block_x_selects_site, explicit_layout
from .runner import ProgramRun, RunFailure, Runner, RunResult, run
from .check import APPROXIMATE_ERROR, Bound, CheckReport, Mismatch, bound_of, check
from .evaluator import GpuEvaluator

__all__ = ["APPROXIMATE_ERROR", "Bound", "CheckReport", "Mismatch", "bound_of", "check", "GpuEvaluator", "GpuUnavailable", "Launch", "Output", "Site", "SiteTimer", "block_x_selects_site",
           "explicit_layout", "ProgramRun", "RunFailure", "Runner", "RunResult", "run"]
