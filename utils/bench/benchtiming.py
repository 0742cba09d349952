"""Wall and CPU time for the scripts of utils/bench, measured one way.

CPU time is user + system: of a child process, read from this process's
resource usage of its finished children, and of this process itself for work
done in it (NVRTC through ctypes). On a shared machine it is steadier than
wall time, which also counts the waits for a core, so the scripts report
both. The scripts import this module from their own folder:

    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import benchtiming
"""

import os
import resource
import statistics
import subprocess
import time


def children_cpu():
    """CPU seconds (user + system) of this process's finished children."""
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def run(cmd, quiet=False):
    """(wall, cpu) seconds of one run of cmd, which must succeed. Its
    standard output is discarded, and its standard error too when quiet."""
    cpu, start = children_cpu(), time.perf_counter()
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL if quiet else None)
    return time.perf_counter() - start, children_cpu() - cpu


def median_run(cmd, runs, before=None, quiet=False):
    """Median (wall, cpu) seconds of `runs` runs of cmd; before(), when
    given, is called ahead of each run, outside the timing."""
    walls, cpus = [], []
    for _ in range(runs):
        if before:
            before()
        wall, cpu = run(cmd, quiet)
        walls.append(wall)
        cpus.append(cpu)
    return statistics.median(walls), statistics.median(cpus)


def call(fn):
    """(wall, cpu) seconds of fn(), CPU time being that of this process and
    of the children fn waited for (a compiler run in process, through
    ctypes, or as a child: the same measure for both)."""
    def cpu():
        return time.process_time() + children_cpu()
    cpu0, start = cpu(), time.perf_counter()
    fn()
    return time.perf_counter() - start, cpu() - cpu0


def best_seconds_per_call(fn, batches, min_batch_seconds):
    """Seconds per call of fn: the fastest of `batches` batches, each of as
    many calls as take at least min_batch_seconds (doubling from one).
    Short batches often fit between two preemptions on a loaded machine,
    and the minimum is the figure least disturbed by other work."""
    reps = 1
    while True:
        t0 = time.perf_counter()
        for _ in range(reps):
            fn()
        if time.perf_counter() - t0 > min_batch_seconds or reps > 1 << 20:
            break
        reps *= 2
    best = float("inf")
    for _ in range(batches):
        t0 = time.perf_counter()
        for _ in range(reps):
            fn()
        best = min(best, (time.perf_counter() - t0) / reps)
    return best


def variant_kernels(root, tmp, names, cute_include):
    """{name: PTX path} of the benchmark kernels `names` lists, compiled
    into tmp with nvcc: "example" (examples/variants, one site) and
    "cute-gemm" (examples/cute-gemm, 512 sites; said and left out without
    CuTe's headers in cute_include)."""
    include = "-I" + os.path.join(root, "runtime", "include")
    sources = {"example": (os.path.join(root, "examples", "variants", "single.asm.cu"), []),
               "cute-gemm": (os.path.join(root, "examples", "cute-gemm", "gemm.asm.cu"),
                             ["-std=c++17", "-I" + cute_include])}
    kernels = {}
    for name in names:
        source, flags = sources[name]
        if name == "cute-gemm" and not os.path.exists(os.path.join(cute_include, "cute", "tensor.hpp")):
            print(f"cute-gemm: skipped (no CuTe headers in {cute_include})")
            continue
        kernels[name] = os.path.join(tmp, name + ".ptx")
        subprocess.run(["nvcc", "-ptx", "-arch=sm_80", include, *flags, source, "-o", kernels[name]],
                       check=True)
    return kernels


def summary_field(text, name):
    """The first number of a `ptxinject variants` summary line ("wall time:
    0.2 s" -> 0.2); None when the summary has no such line."""
    for line in text.splitlines():
        if line.startswith(name + ":"):
            return float(line.split(":", 1)[1].split()[0])
    return None


def cubin_seconds(text):
    """PTX->cubin thread-seconds of a `ptxinject variants` run, from its
    summary: the busy time times that stage's share."""
    share = None
    for line in text.splitlines():
        if line.startswith("time shares:"):
            share = float(line.split("PTX->cubin ")[1].split("%")[0]) / 100
    return summary_field(text, "wall time") * share
