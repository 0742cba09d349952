"""ptxinject.gpu against the stand-in CUDA driver (stand_in_driver/): module
loads, launch geometry, argument packing, outputs, times, the CPU check,
the GPU evaluator, error paths and ptxinject-run, with no GPU. The stand-in
runs no kernel: what a launch "computes" is what the test cans for it.
A real GPU, when there is one, runs test_examples_on_a_real_gpu."""

import json
import os
import shutil
import subprocess
import sys

import numpy as np
import pytest

import ptxinject

from conftest import INPUTS, ROOT, nvcc_ptx

pytest.importorskip("cuda.core", reason="ptxinject.gpu needs cuda.core (pip install 'ptxinject[gpu]')")

N = 100
XS = np.linspace(-1, 1, N, dtype=np.float32)
YS = np.linspace(2, 3, N, dtype=np.float32)
# One program per site of the two packed kernels (16 sites), then 8 more
# for a second module: 24 programs, dedup off, 3 launches.
EXACT = ["x y add.ftz.f32", "x y mul.ftz.f32", "x y sub.ftz.f32", "x y max.ftz.f32",
         "x y min.ftz.f32", "y x sub.ftz.f32", "x x mul.ftz.f32", "x y fma.rn.ftz.f32"]
PROGRAMS = EXACT * 3


def expected(program):
    x, y = XS, YS
    return {"x y add.ftz.f32": x + y, "x y mul.ftz.f32": x * y, "x y sub.ftz.f32": x - y,
            "x y max.ftz.f32": np.maximum(x, y), "x y min.ftz.f32": np.minimum(x, y),
            "y x sub.ftz.f32": y - x, "x x mul.ftz.f32": x * x}[program]


@pytest.fixture(scope="session")
def kernel_ptx(tmp_path_factory):
    """examples/variants' packed kernel (2 kernels x 8 sites) as PTX."""
    tmp = tmp_path_factory.mktemp("kernel")
    text = nvcc_ptx(os.path.join(ROOT, "examples", "variants", "kernel.asm.cu"), tmp,
                    extra=["-I", os.path.join(ROOT, "runtime", "include")])
    path = tmp / "kernel.ptx"
    path.write_text(text)
    return path


@pytest.fixture(scope="session")
def timed_ptx(tmp_path_factory):
    """examples/gpu's kernel of 8 sites that times each site."""
    tmp = tmp_path_factory.mktemp("timed")
    path = tmp / "timed.ptx"
    path.write_text(nvcc_ptx(os.path.join(ROOT, "examples", "gpu", "timed_kernel.asm.cu"), tmp))
    return path


def stand_in_env(stand_in, tmp_path, **more):
    env = dict(os.environ)
    env["LD_LIBRARY_PATH"] = str(stand_in) + os.pathsep + env.get("LD_LIBRARY_PATH", "")
    env["PTXINJECT_STAND_IN_LOG"] = str(tmp_path / "driver.log")
    env.update({k: str(v) for k, v in more.items()})
    return env


def driver_log(tmp_path):
    path = tmp_path / "driver.log"
    return [json.loads(line) for line in path.read_text().splitlines()] if path.exists() else []


def scenario(name, stand_in, kernel_ptx, tmp_path, programs=PROGRAMS, **env):
    proc = subprocess.run([sys.executable, os.path.join(INPUTS, "gpu_scenario.py"), name,
                           str(kernel_ptx), json.dumps(programs), str(N)],
                          env=stand_in_env(stand_in, tmp_path, **env), capture_output=True,
                          text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout), driver_log(tmp_path)


def can(folder, launch, arg, array):
    """What launch `launch` writes to its pointer argument `arg`."""
    folder.mkdir(exist_ok=True)
    (folder / f"launch{launch}.arg{arg}.bin").write_bytes(np.ascontiguousarray(array).tobytes())


LONG_NAMES = r"""
struct AnEmptyTagWhoseNameIsLongEnoughToMatterOne {};
struct AnEmptyTagWhoseNameIsLongEnoughToMatterTwo {};
struct AnEmptyTagWhoseNameIsLongEnoughToMatterThree {};
template <class A, class B, class C, class D, class E, class F>
__global__ void kernel(A a, B b, C c, const float *x, double d, char e) {}
template __global__ void kernel<AnEmptyTagWhoseNameIsLongEnoughToMatterOne,
                                AnEmptyTagWhoseNameIsLongEnoughToMatterTwo,
                                AnEmptyTagWhoseNameIsLongEnoughToMatterThree,
                                struct AndAFourthLongTagNameThatIsNeverDefinedAtAll,
                                struct AndAFifthLongTagNameThatIsNeverDefinedAtAllEither,
                                struct AndASixthLongTagNameThatIsNeverDefinedAnywhere>(
    AnEmptyTagWhoseNameIsLongEnoughToMatterOne, AnEmptyTagWhoseNameIsLongEnoughToMatterTwo,
    AnEmptyTagWhoseNameIsLongEnoughToMatterThree, const float *, double, char);
"""


def test_stand_in_reads_the_parameter_table_of_a_long_template_kernel(stand_in, tmp_path):
    """As the driver does, whatever the name's length (a C++ template
    kernel's mangled name runs to hundreds of bytes)."""
    nvcc = shutil.which("nvcc") or os.path.join(os.environ.get("CUDA_HOME", "/usr/local/cuda"),
                                                "bin", "nvcc")
    if not os.access(nvcc, os.X_OK):
        pytest.skip("nvcc not found")
    (tmp_path / "long.cu").write_text(LONG_NAMES)
    subprocess.run([nvcc, "-cubin", "-arch=sm_80", str(tmp_path / "long.cu"), "-o",
                    str(tmp_path / "long.cubin")], check=True)
    probe = r"""
import ctypes, json, sys
lib = ctypes.CDLL(sys.argv[1])
lib.cuInit(0)
module, function = ctypes.c_void_p(), ctypes.c_void_p()
assert lib.cuModuleLoadData(ctypes.byref(module), open(sys.argv[2], "rb").read()) == 0
log = [json.loads(line) for line in open(sys.argv[3])]
name = log[0]["kernels"][0]
assert lib.cuModuleGetFunction(ctypes.byref(function), module, name.encode()) == 0
sizes, i = [], 0
while True:
    offset, size = ctypes.c_size_t(), ctypes.c_size_t()
    if lib.cuFuncGetParamInfo(function, ctypes.c_size_t(i), ctypes.byref(offset), ctypes.byref(size)):
        break
    sizes.append((offset.value, size.value)); i += 1
print(json.dumps({"name": name, "params": sizes}))
"""
    env = stand_in_env(stand_in, tmp_path)
    proc = subprocess.run([sys.executable, "-c", probe, str(stand_in / "libcuda.so.1"),
                           str(tmp_path / "long.cubin"), env["PTXINJECT_STAND_IN_LOG"]],
                          env=env, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert len(out["name"]) > 256 and out["name"].startswith("_Z6kernelI")
    # Three empty structs (1 byte each), a pointer, a double, a char.
    assert [size for _, size in out["params"]] == [1, 1, 1, 8, 8, 1]


def test_each_module_is_loaded_once_and_each_kernel_launched_for_all_its_sites(
        stand_in, kernel_ptx, tmp_path):
    out, log = scenario("run", stand_in, kernel_ptx, tmp_path)
    loads = [e for e in log if "load" in e and "kernels" in e]
    launches = [e for e in log if "launch" in e]
    unloads = [e for e in log if "unload" in e]
    # Module 0 holds programs 0..15 (both kernels); module 1 programs 16..23,
    # all in kernel 0's slots, so its kernel 1 was left out of the cubin.
    assert [sorted(e["kernels"]) for e in loads] == [["variants_kernel_0", "variants_kernel_1"],
                                                    ["variants_kernel_0"]]
    assert sorted(e["unload"] for e in unloads) == [0, 1]
    assert [(e["kernel"], e["load"]) for e in launches] == [
        ("variants_kernel_0", 0), ("variants_kernel_1", 0), ("variants_kernel_0", 1)]
    for e in launches:
        # grid x: the kernel's 8 sites; y: the data in blocks of 64.
        assert e["grid"] == [8, 2, 1] and e["block"] == [64, 1, 1] and e["result"] == 0
        xs, ys, zs, n = e["args"]
        assert [a["size"] for a in e["args"]] == [8, 8, 8, 4]
        assert int.from_bytes(bytes.fromhex(n["hex"]), "little") == N
        assert bytes.fromhex(xs["head"]) == XS[:4].tobytes()
        assert bytes.fromhex(ys["head"]) == YS[:4].tobytes()
        assert xs["bytes"] == N * 4 and zs["bytes"] == 8 * N * 4
    # The inputs were copied once, for every launch.
    assert len({e["args"][0]["allocation"] for e in launches}) == 1
    assert out["report"]["modules"] == 2 and out["report"]["launches"] == 3
    assert out["report"]["programs_run"] == 24 and not out["failures"]
    runs = out["runs"]
    assert (runs["3"]["entry"], runs["3"]["site"]) == ("variants_kernel_0", 3)
    assert (runs["11"]["entry"], runs["11"]["site"]) == ("variants_kernel_1", 3)
    assert (runs["17"]["module"], runs["17"]["site"]) == ("module 1", 1)
    # The stand-in's clock: 1 us per block, 16 blocks a launch.
    assert all(r["time_ms"] == pytest.approx(0.016) and r["launch_sites"] == 8
               for r in runs.values())


def test_a_cuda_core_without_kernel_from_handle_loads_through_object_code(
        stand_in, kernel_ptx, tmp_path):
    out, log = scenario("old-cuda-core", stand_in, kernel_ptx, tmp_path)
    assert out["report"]["programs_run"] == 24 and not out["failures"]
    assert len([e for e in log if "kernels" in e]) == 2
    assert len([e for e in log if "launch" in e]) == 3


def test_outputs_reach_their_programs_and_the_check_names_a_wrong_element(
        stand_in, kernel_ptx, tmp_path):
    results = tmp_path / "results"
    rows = np.zeros((8, N), np.float32)
    for site, program in enumerate(EXACT):
        if program != "x y fma.rn.ftz.f32":
            rows[site] = expected(program)
    wrong = rows.copy()
    wrong[5, 7] = np.nextafter(wrong[5, 7], np.float32(np.inf))  # one ulp off
    can(results, 0, 2, wrong)  # module 0, kernel 0: programs 0..7
    can(results, 2, 2, rows)   # module 1, kernel 0: programs 16..23
    out, _ = scenario("check", stand_in, kernel_ptx, tmp_path,
                      PTXINJECT_STAND_IN_RESULTS=results)
    assert out["runs"]["1"]["z"] == pytest.approx((XS * YS).tolist())
    assert np.array_equal(np.array(out["runs"]["21"]["z"], np.float32), YS - XS)
    mismatched = {m[0]: m for m in out["mismatches"]}
    # Program 5 one ulp off at element 7 (exact programs have no slack);
    # the fma programs (canned as zeros) and kernel 1's (never canned).
    assert 5 in mismatched and 21 not in mismatched and 16 not in mismatched
    program, element, gpu, cpu, text = mismatched[5]
    assert element == 7 and cpu == float((YS - XS)[7]) and gpu == float(wrong[5, 7])
    assert "program 5 (module 0, variants_kernel_0 site 5): element 7" in text and "1 ulp" in text
    assert {7, 23} <= set(mismatched) and set(range(8, 16)) <= set(mismatched)
    assert len(out["checked"]) == 24


def test_approximate_programs_get_their_documented_error_and_special_registers_are_not_checked(
        stand_in, kernel_ptx, tmp_path):
    programs = ["x ex2.approx.ftz.f32", "x ex2.approx.ftz.f32", "x ex2.approx.ftz.f32",
                "%tid.x cvt.rn.f32.u32 x add.ftz.f32"]
    cpu = np.array([ptxinject.stack.interpret(
        ptxinject.stack.builtin().parse(programs[0], [("x", "F32"), ("y", "F32"), ("z", "F32")]),
        [("x", "F32"), ("y", "F32"), ("z", "F32")], [float(x), 0.0, 0.0], ["z"])[0]
        for x in XS], np.float32)
    rows = np.zeros((8, N), np.float32)
    rows[0] = cpu
    rows[1] = (cpu.view(np.int32) + 2).view(np.float32)  # ex2.approx's documented 2 ulp
    rows[2] = (cpu.view(np.int32) + 3).view(np.float32)
    results = tmp_path / "results"
    can(results, 0, 2, rows)
    out, _ = scenario("check", stand_in, kernel_ptx, tmp_path, programs,
                      PTXINJECT_STAND_IN_RESULTS=results)
    assert [m[0] for m in out["mismatches"]] == [2]
    assert "3 ulp apart; bound 2 ulp" in out["mismatches"][0][4]
    assert "special register" in out["unchecked"]["3"]


def test_a_failed_load_or_launch_fails_its_programs_and_the_batch_goes_on(
        stand_in, kernel_ptx, tmp_path):
    out, _ = scenario("run", stand_in, kernel_ptx, tmp_path, PTXINJECT_STAND_IN_FAIL_LOAD=0)
    failed = {f[0]: f for f in out["failures"]}
    assert sorted(failed) == list(range(16))
    assert failed[0][1] == "load" and "CUDA_ERROR_INVALID_IMAGE" in failed[0][2]
    assert sorted(map(int, out["runs"])) == list(range(16, 24))

    again = tmp_path / "again"
    again.mkdir()
    out, _ = scenario("run", stand_in, kernel_ptx, again, PTXINJECT_STAND_IN_FAIL_LAUNCH=1)
    failed = {f[0]: f for f in out["failures"]}
    assert sorted(failed) == list(range(8, 16))
    assert failed[8][1] == "launch" and "variants_kernel_1" in failed[8][2]
    assert "CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES" in failed[8][2]
    assert sorted(map(int, out["runs"])) == list(range(8)) + list(range(16, 24))


def test_site_timer_gives_each_site_its_own_time(stand_in, timed_ptx, tmp_path):
    results = tmp_path / "results"
    timer = np.zeros((8, 2), np.uint64)
    timer[:, 0] = 1000
    timer[:, 1] = 1000 + 100 * np.arange(1, 9, dtype=np.uint64)
    can(results, 0, 4, timer)
    out, log = scenario("timer", stand_in, timed_ptx, tmp_path, EXACT,
                        PTXINJECT_STAND_IN_RESULTS=results)
    # The timer went in as (max, 0) per site.
    launch, = [e for e in log if "launch" in e]
    assert launch["args"][4]["bytes"] == 8 * 2 * 8
    head = bytes.fromhex(launch["args"][4]["head"])
    assert head == np.array([2**64 - 1, 0], np.uint64).tobytes()
    assert [out["runs"][str(p)]["site_time_ns"] for p in range(8)] == [100 * (p + 1) for p in range(8)]


def test_gpu_evaluator_scores_what_ran_and_rejects_what_disagrees_with_its_program(
        stand_in, kernel_ptx, tmp_path):
    # The stand-in leaves outputs zero: right for x - x, wrong for x + y.
    out, log = scenario("evaluate", stand_in, kernel_ptx, tmp_path,
                        ["x x sub.ftz.f32", "x y add.ftz.f32", "x x sub.ftz.f32 x add.ftz.f32"])
    assert out["error"][0] == 0.0
    assert out["error"][1] == float("inf") and out["error"][2] == float("inf")
    assert out["mismatched"] == [1, 2]
    assert [d[0] for d in out["descriptors"]] == [1.0, 1.0, 2.0]  # live instructions
    assert len([e for e in log if "launch" in e]) == 1  # 3 programs, one packed launch


def test_gpu_evaluator_scores_each_program_by_its_best_options(stand_in, kernel_ptx, tmp_path):
    # Two register caps: each program runs under both, the check sees every
    # variant, and a program's score comes with the options that gave it.
    out, log = scenario("evaluate-sweep", stand_in, kernel_ptx, tmp_path,
                        ["x x sub.ftz.f32", "x y add.ftz.f32", "x x sub.ftz.f32 x add.ftz.f32"])
    assert out["error"][0] == 0.0
    assert out["error"][1] == float("inf") and out["error"][2] == float("inf")
    # Variant v is program v % 3: programs 1 and 2 under both caps.
    assert out["mismatched"] == [1, 2, 4, 5]
    assert out["options"][0] == "-O3 -maxrregcount=32"
    assert all(o.startswith("-O3 -maxrregcount=") for o in out["options"])


def test_screen_mode_scores_as_the_full_compile_does(stand_in, kernel_ptx, tmp_path):
    programs = ["x x sub.ftz.f32", "x y add.ftz.f32", "x x sub.ftz.f32 x add.ftz.f32"]
    (tmp_path / "full").mkdir()
    (tmp_path / "screen").mkdir()
    full, _ = scenario("evaluate", stand_in, kernel_ptx, tmp_path / "full", programs)
    screen, log = scenario("evaluate-screen", stand_in, kernel_ptx, tmp_path / "screen", programs)
    assert screen["error"] == full["error"] and screen["mismatched"] == full["mismatched"]
    assert screen["options"] == ["-O3 --link-stubs"] * 3
    assert len([e for e in log if "launch" in e]) == 1


def param_tables(stand_in, tmp_path, cubin):
    """{kernel: [(offset, size), ...]}: each kernel's parameters as the
    (stand-in) driver reads them from the cubin's parameter table."""
    path = tmp_path / "probe.cubin"
    path.write_bytes(cubin)
    probe = r"""
import ctypes, json, sys
lib = ctypes.CDLL(sys.argv[1])
lib.cuInit(0)
module = ctypes.c_void_p()
assert lib.cuModuleLoadData(ctypes.byref(module), open(sys.argv[2], "rb").read()) == 0
tables = {}
for name in json.loads(open(sys.argv[3]).readline())["kernels"]:
    function, sizes, i = ctypes.c_void_p(), [], 0
    assert lib.cuModuleGetFunction(ctypes.byref(function), module, name.encode()) == 0
    while True:
        offset, size = ctypes.c_size_t(), ctypes.c_size_t()
        if lib.cuFuncGetParamInfo(function, ctypes.c_size_t(i), ctypes.byref(offset),
                                  ctypes.byref(size)):
            break
        sizes.append((offset.value, size.value)); i += 1
    tables[name] = sizes
print(json.dumps(tables))
"""
    env = stand_in_env(stand_in, tmp_path)
    if os.path.exists(env["PTXINJECT_STAND_IN_LOG"]):
        os.unlink(env["PTXINJECT_STAND_IN_LOG"])
    proc = subprocess.run([sys.executable, "-c", probe, str(stand_in / "libcuda.so.1"), str(path),
                           env["PTXINJECT_STAND_IN_LOG"]], env=env, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)


def test_screen_cubins_take_the_full_compiles_kernel_parameters(stand_in, kernel_ptx, tmp_path):
    module = ptxinject.Module.parse(kernel_ptx.read_bytes())
    tables = [param_tables(stand_in, tmp_path, ptxinject.compile_variants(
        module, ["x y add.ftz.f32"] * 16, pack=16, dedup=False, link_stubs=linked).modules[0].cubin)
        for linked in (False, True)]
    full, linked = tables
    assert sorted(full) == ["variants_kernel_0", "variants_kernel_1"] and all(full.values())
    assert {name: linked[name] for name in full} == full
    # The rest are the stubs' device functions, one per inject.
    assert sorted(set(linked) - set(full)) == sorted(f"ptxinject_stub_inject_{i}" for i in range(16))


def test_search_runs_on_the_gpu_evaluator_with_overlap(stand_in, kernel_ptx, tmp_path):
    out, log = scenario("search", stand_in, kernel_ptx, tmp_path)
    assert out["evaluations"] == 96 and out["generations"] == 3
    assert out["best"] == 0.0  # the stand-in's outputs are zeros: mean |z| is 0
    loads = [e["load"] for e in log if "kernels" in e]
    assert loads and sorted(e["unload"] for e in log if "unload" in e) == sorted(loads)


def test_gpu_evaluator_compiles_on_ray_when_asked(stand_in, kernel_ptx, tmp_path):
    pytest.importorskip("ray", reason="ray= compiles through ptxinject.distributed (pip install ray)")
    out, log = scenario("evaluate-ray", stand_in, kernel_ptx, tmp_path,
                        ["x x sub.ftz.f32", "x y add.ftz.f32", "x x sub.ftz.f32 x add.ftz.f32"])
    assert out["error"][0] == 0.0 and out["mismatched"] == [1, 2]
    assert len([e for e in log if "launch" in e]) == 1


def ptxinject_tool():
    for path in (os.environ.get("PTXINJECT_TOOL"), os.path.join(ROOT, "build", "release", "bin",
                                                               "ptxinject")):
        if path and os.access(path, os.X_OK):
            return path
    return None


def test_run_cli_writes_outputs_and_times_per_program(stand_in, kernel_ptx, tmp_path):
    tool = ptxinject_tool()
    if tool is None:
        pytest.skip("the ptxinject tool is not built (build/release/bin/ptxinject)")
    programs = tmp_path / "programs.stack"
    programs.write_text("\n".join(EXACT[:7] + ["bogus"]) + "\n")
    folder = tmp_path / "out"
    made = subprocess.run([tool, "variants", str(kernel_ptx), "--programs", str(programs),
                           "--pack", "16", "--no-cache", "--no-progress", "-o", str(folder)],
                          capture_output=True, text=True)
    assert made.returncode == 1, made.stderr  # the bogus program fails; the rest compile
    np.savez(tmp_path / "data.npz", x=XS, y=YS)
    (tmp_path / "launch.json").write_text(json.dumps({
        "block": [64], "grid": [None, 2],
        "args": [{"input": "x"}, {"input": "y"}, {"output": "z", "shape": [N]},
                 {"scalar": N, "dtype": "int32"}]}))
    rows = np.zeros((8, N), np.float32)
    for site, program in enumerate(EXACT[:7]):
        rows[site] = expected(program)
    results = tmp_path / "results"
    can(results, 0, 2, rows)

    def run(*extra):
        return subprocess.run([sys.executable, "-m", "ptxinject.gpu", str(folder), "--launch",
                               str(tmp_path / "launch.json"), "--data", str(tmp_path / "data.npz"),
                               "-o", str(tmp_path / "res.npz"), *extra],
                              env=stand_in_env(stand_in, tmp_path,
                                               PTXINJECT_STAND_IN_RESULTS=results),
                              capture_output=True, text=True, timeout=300)

    proc = run("--ptx", str(kernel_ptx), "--csv", str(tmp_path / "times.csv"), "--check")
    assert proc.returncode == 1, proc.stderr  # program 7 did not compile
    assert "ran 7 of 8 programs in 1 modules" in proc.stdout and "0 mismatched" in proc.stdout
    assert "program 7 (compile)" in proc.stderr
    res = np.load(tmp_path / "res.npz")
    assert res["z"].shape == (8, N) and list(res["ok"]) == [True] * 7 + [False]
    assert np.array_equal(res["z"][2], XS - YS) and np.isnan(res["z"][7]).all()
    lines = (tmp_path / "times.csv").read_text().splitlines()
    assert lines[0].startswith("program,status,time_ms")
    assert lines[3].startswith("2,ok,") and lines[8].startswith("7,compile,")

    usage = run()  # neither --ptx nor "sites"
    assert usage.returncode == 2 and "give --ptx" in usage.stderr


def real_gpu():
    """Whether a real CUDA device answers (a process of its own, without the
    stand-in)."""
    probe = subprocess.run([sys.executable, "-c", "from ptxinject.gpu import driver; driver.device()"],
                           capture_output=True, text=True, timeout=120)
    return probe.returncode == 0


def test_examples_on_a_real_gpu(kernel_ptx, tmp_path):
    if not real_gpu():
        pytest.skip("no GPU: the examples' run on a device is checked where one is present")
    proc = subprocess.run([sys.executable, os.path.join(ROOT, "examples", "gpu", "run_variants.py"),
                           "--programs", "1000", "--ptx", str(kernel_ptx)],
                          capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "0 mismatched" in proc.stdout


def test_run_variants_example_runs_packed_and_unpacked_on_the_stand_in(
        stand_in, kernel_ptx, tmp_path):
    """The example's host side end to end; the stand-in computes nothing, so
    the check reports the programs whose output is not all zeros."""
    proc = subprocess.run([sys.executable, os.path.join(ROOT, "examples", "gpu", "run_variants.py"),
                           "--programs", "64", "--n", "300", "--ptx", str(kernel_ptx),
                           "--compare-unpacked"],
                          env=stand_in_env(stand_in, tmp_path), capture_output=True, text=True,
                          timeout=600)
    assert "packed: ran 64 of 64 programs in 4 modules, 8 launches" in proc.stdout, proc.stderr
    assert "one module per program: ran 64 of 64 programs in 64 modules, 64 launches" in proc.stdout
    assert "check: 64 checked," in proc.stdout
    assert proc.returncode == (0 if " 0 mismatched" in proc.stdout else 1)
    launches = [e for e in driver_log(tmp_path) if "launch" in e]
    assert launches[0]["grid"] == [8, 2, 1] and launches[-1]["grid"] == [1, 2, 1]


def test_cute_gemm_example_launches_one_site_per_module_on_the_stand_in(stand_in, tmp_path):
    include = os.path.join(ROOT, "build", "deps", "cutlass", "include")
    if not os.path.isdir(os.path.join(include, "cute")):
        pytest.skip("CuTe headers absent (utils/install-cute)")
    ptx = nvcc_ptx(os.path.join(ROOT, "examples", "cute-gemm", "gemm.asm.cu"), tmp_path,
                   extra=["-I", include, "-I", ptxinject.include_dir()])
    (tmp_path / "gemm.ptx").write_text(ptx)
    proc = subprocess.run([sys.executable, os.path.join(ROOT, "examples", "gpu",
                                                        "cute_gemm_semirings.py"),
                           "--ptx", str(tmp_path / "gemm.ptx"), "--size", "256"],
                          env=stand_in_env(stand_in, tmp_path), capture_output=True, text=True,
                          timeout=600)
    # Nothing ran, so every C is zeros and differs from NumPy's.
    assert proc.returncode == 1 and proc.stdout.count("differs from NumPy") == 4, proc.stderr
    launches = [e for e in driver_log(tmp_path) if "launch" in e]
    assert len(launches) == 4 and all(e["kernel"] == "cute_gemm_nt_f32" for e in launches)
    assert all(e["grid"] == [2, 2, 1] and e["block"] == [256, 1, 1] for e in launches)
    sizes = [a["size"] for a in launches[0]["args"]]
    assert sizes == [4, 4, 4, 4, 8, 4, 8, 4, 4, 8, 4]
    assert launches[0]["args"][9]["bytes"] == 256 * 256 * 4  # C, one site's row
