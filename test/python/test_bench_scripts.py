"""A smallest run of each utils/bench script that needs the Python package,
so that the scripts keep working as the package changes. The figures are
not asserted (no timing in tests); the lines that say what was measured
are. A script whose other side is absent (mm-ptx 1.0.1, the C++ bench
program, gplearn, Ray) is skipped and says why. The scripts run without the
package's Python are lit tests (test/bench)."""

import importlib.util
import os
import subprocess
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
BENCH = os.path.join(ROOT, "utils", "bench")
# Where utils/test-python puts mm-ptx 1.0.1, and the release tree's programs.
MM_PTX = os.path.join(ROOT, "build", "mm-ptx-1.0.1")
API_BENCH = os.path.join(ROOT, "build", "release", "bin", "ptxinject-api-bench")


def run(script, *args, env=None):
    """The script's standard output; it must exit with status 0."""
    done = subprocess.run([sys.executable, os.path.join(BENCH, script), *map(str, args)],
                          capture_output=True, text=True, env=env, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


def test_search_repeats():
    out = run("search-repeats", "--budget", 1024)
    assert "Nguyen-4, seed 0, 1024 programs, 256 a generation" in out
    for fresh_only in ("False", "True"):
        assert f"fresh_only={fresh_only}: repeats by quarter of the run" in out


def test_search_vs_random():
    out = run("search-vs-random", "--budget", 512, "--seeds", 1, "--problems", "N1",
              "--strategies", "map-elites,random")
    assert "budget 512 evaluations, seeds 0 to 0" in out
    assert out.splitlines()[2].startswith("N1")
    assert "map-elites / random:" in out


def test_search_vs_gplearn():
    gplearn = os.environ.get("PTXINJECT_GPLEARN_PYTHON")
    if not gplearn:
        pytest.skip("no Python with gplearn: set PTXINJECT_GPLEARN_PYTHON (utils/bench/search-vs-gplearn)")
    out = run("search-vs-gplearn", "--gplearn-python", gplearn, "--budget", 512,
              "--seeds", 1, "--problems", "N1")
    assert "solved: ptxinject" in out and "gplearn" in out


def test_search_vs_operon():
    # ptxinject alone always runs; Operon's side when a Python with pyoperon is given.
    operon = os.environ.get("PTXINJECT_OPERON_PYTHON")
    args = ["--budget", 512, "--seeds", 1, "--problems", "N1,N11"]
    out = run("search-vs-operon", *args, *(["--operon-python", operon] if operon else []))
    assert "problem        ptxinject" in out and "ptxinject evaluations:" in out
    assert "N11" in out and "seconds" in out
    if operon:
        assert "operon-lm10" in out
    else:
        pytest.skip("ptxinject's side ran; no Python with pyoperon for Operon's: set "
                    "PTXINJECT_OPERON_PYTHON (utils/bench/search-vs-operon)")


def test_ray_vs_local():
    if importlib.util.find_spec("ray") is None:
        pytest.skip("Ray is not installed (pip install 'ptxinject[ray]')")
    out = run("ray-vs-local", "--programs", 8, "--nodes", 1, "--rounds", 1, "--steps", 4,
              "--dedup-programs", 0)
    assert "cubins identical: True" in out, out
    assert "nodes one driver can feed:" in out


def test_python_vs_mmptx():
    if not os.path.isdir(os.path.join(MM_PTX, "mm_ptx")):
        pytest.skip(f"no mm-ptx 1.0.1 in {MM_PTX} (utils/test-python puts it there)")
    if not os.access(API_BENCH, os.X_OK):
        pytest.skip(f"no {API_BENCH} (cmake --build build/release --target ptxinject-api-bench)")
    out = run("python-vs-mmptx", "--programs", 5, "--length", 8, "--sites", 4,
              "--reference", MM_PTX, "--native", API_BENCH)
    for operation in ("parse", "render", "stack_single", "stack_batch"):
        assert any(line.startswith(operation) for line in out.splitlines()), out


def test_mmptx_layer_vs_mmptx():
    if not os.path.isdir(os.path.join(MM_PTX, "mm_ptx")):
        pytest.skip(f"no mm-ptx 1.0.1 in {MM_PTX} (utils/test-python puts it there)")
    try:
        import mm_ptx
    except ImportError:
        mm_ptx = None
    if not getattr(mm_ptx, "__ptxinject_compat__", False):
        pytest.skip("the mm_ptx layer (python/compat) is not installed")
    out = run("mmptx-layer-vs-mmptx", "--programs", 5, "--sites", 4, "--rounds", 1,
              "--reference", MM_PTX)
    assert "PTX: " in out and "5 random programs" in out
    assert "compile (per program)" in out
