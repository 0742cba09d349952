"""Runs ptxinject.gpu in a process whose CUDA driver is the stand-in
library (test_gpu.py sets LD_LIBRARY_PATH), and prints what happened as
one JSON object.

    gpu_scenario.py SCENARIO KERNEL_PTX PROGRAMS_JSON [N]
"""

import json
import sys

import numpy as np

import ptxinject
from ptxinject import gpu
from ptxinject.variants import stack_registers


class _WithoutFromHandle:
    """cuda.core as a release without Kernel.from_handle (0.5) shows it."""

    def __init__(self, real):
        self._real = real

    def __getattr__(self, name):
        if name == "Kernel":
            return type("Kernel", (), {})
        return getattr(self._real, name)


def main():
    scenario, ptx_path, programs = sys.argv[1], sys.argv[2], json.loads(sys.argv[3])
    if scenario == "old-cuda-core":
        from ptxinject.gpu import driver

        old = _WithoutFromHandle(driver.core())
        driver.core = lambda: old
        scenario = "run"
    n = int(sys.argv[4]) if len(sys.argv) > 4 else 100
    with open(ptx_path, "rb") as f:
        module = ptxinject.Module.parse(f.read())
    xs = np.linspace(-1, 1, n, dtype=np.float32)
    ys = np.linspace(2, 3, n, dtype=np.float32)
    args = [xs, ys, gpu.Output("z", np.float32, (n,)), np.int32(n)]
    if scenario == "timer":
        args.append(gpu.SiteTimer())
    launch = gpu.Launch(args, block=(64,), grid=(None, (n + 63) // 64))
    registers = stack_registers(module, "inject_0")
    if scenario == "search":
        from ptxinject.search import Search

        evaluator = gpu.GpuEvaluator(module, launch, lambda out, ms: float(np.abs(out["z"]).mean()),
                                     check=False)
        search = Search(evaluator.registers, strategy="map-elites", seed=1, batch=32)
        best = search.run(evaluator, budget=96, overlap=True)
        print(json.dumps({"evaluations": search.evaluations, "generations": len(search.history),
                          "best": best.error}))
        return
    if scenario in ("evaluate", "evaluate-ray", "evaluate-sweep", "evaluate-screen"):
        options = {"dedup": False}
        if scenario == "evaluate-sweep":
            options["options_sweep"] = "maxrregcount=32,64"
        if scenario == "evaluate-screen":
            options["mode"] = "screen"
        if scenario == "evaluate-ray":
            import ray

            ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
            options = {"ray": True, "workers": 1}
        evaluator = gpu.GpuEvaluator(module, launch, lambda out, ms: float(np.abs(out["z"]).max()),
                                     inputs={"x": xs, "y": ys}, **options)
        evaluation = evaluator.evaluate(programs)
        print(json.dumps({"error": [float(e) for e in evaluation.error],
                          "descriptors": evaluation.descriptors.tolist(),
                          "mismatched": sorted(m.program for m in evaluator.mismatches),
                          "options": evaluator.last_options}))
        return
    compiled = ptxinject.compile_variants(module, programs, pack=len(module.injects), dedup=False)
    ran = gpu.run(compiled, launch, module=module)
    out = {
        "report": {k: v for k, v in ran.report.items() if k != "wall_s"},
        "failures": [[f.program, f.stage, f.message] for f in ran.failures],
        "runs": {str(p): {"entry": r.entry, "site": r.site, "module": r.module,
                          "launch_sites": r.launch_sites, "time_ms": r.time_ms,
                          "site_time_ns": r.site_time_ns, "z": r.outputs["z"].tolist()}
                 for p, r in ran.runs.items()},
    }
    if scenario == "check":
        report = gpu.check(ran, programs, registers, {"x": xs, "y": ys})
        out["checked"] = report.checked
        out["unchecked"] = {str(k): v for k, v in report.unchecked.items()}
        out["mismatches"] = [[m.program, m.element, m.gpu, m.cpu, str(m)]
                             for m in report.mismatches]
    print(json.dumps(out))


if __name__ == "__main__":
    main()
