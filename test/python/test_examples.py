"""The examples under examples/python run, up to the cubin."""

import os
import re
import subprocess
import sys

import pytest

import ptxinject

from conftest import ROOT, cuda_tool

EXAMPLES = os.path.join(ROOT, "examples", "python")

pytestmark = [
    pytest.mark.skipif(not ptxinject.have_rewrite(), reason="examples use ptxinject.rewrite (needs the Clang front end)"),
    pytest.mark.skipif(cuda_tool("nvcc") is None, reason="examples compile CUDA with nvcc"),
]


def run(name, *args):
    proc = subprocess.run([sys.executable, os.path.join(EXAMPLES, name), *args], cwd=EXAMPLES,
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return proc.stdout


def test_single_site():
    out = run("single_site.py")
    assert "y: MOD F32" in out and "b'\\x7fELF'" in out


def test_two_sites_stack_ptx():
    out = run("two_sites_stack_ptx.py")
    assert "its value for x=3, t=10: [7.0]" in out and "b'\\x7fELF'" in out


def test_unrolled_loop():
    out = run("unrolled_loop.py")
    assert "8 sites" in out and "one stub in 8 places" in out


def test_random_variants(tmp_path):
    out = run("random_variants.py", "--count", "1000", "--out-dir", str(tmp_path))
    match = re.search(r"1000 programs \((\d+) distinct, duplicate rate [\d.]+%\) in (\d+) modules", out)
    assert match and "0 failures" in out, out
    distinct, modules = int(match.group(1)), int(match.group(2))
    assert distinct < 1000 and modules == (distinct + 7) // 8  # each distinct program once, 8 a module
    cubins = sorted(tmp_path.glob("*.cubin"))
    assert len(cubins) == modules and all(c.read_bytes()[:4] == b"\x7fELF" for c in cubins)


def test_load_with_cuda_core():
    out = run("load_with_cuda_core.py")
    assert "cubin of" in out
    assert "ran on" in out or "skipped loading:" in out
