"""The package without the Clang front end's libraries, as on a machine
without LLVM 19 (a wheel installed where no Clang is): ptxinject._core links
no LLVM, so everything but ptxinject.rewrite works, and rewrite, doctor()
and ``python -m ptxinject doctor`` name what is missing and how to get it.

The loader's failure is made by an import hook that refuses
ptxinject._rewrite with the loader's own message, so the test runs where
the libraries are present; test_wheel.py hides them for real."""

import json
import os
import shutil
import subprocess
import sys

import pytest

import ptxinject

from conftest import HAND_PTX

# What the loader says when libclang-cpp is absent, raised for
# ptxinject._rewrite before anything loads it.
HOOK = """
import importlib.abc, sys
class NoClang(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name == "ptxinject._rewrite":
            raise ImportError("libclang-cpp.so.19.1: cannot open shared object file: "
                              "No such file or directory")
sys.meta_path.insert(0, NoClang())
"""

SESSION = HOOK + """
import io, json
import ptxinject
from ptxinject import stack
out = {}
module = ptxinject.Module.parse(sys.argv[1])
x, y, z = (module["func"][name].register for name in "xyz")
stub = stack.compile(f"{x} {y} add.ftz.f32", [(x, "F32"), (y, "F32"), (z, "F32")], [z])
out["rendered"] = stub in module.render({"func": stub, "twice": ""})
out["have_rewrite"] = ptxinject.have_rewrite()
try:
    ptxinject.rewrite("__global__ void f() {}")
except ptxinject.Error as e:
    out["error"] = [e.code, str(e)]
text = io.StringIO()
ptxinject.doctor(file=text)
out["doctor"] = text.getvalue()
out["loaded"] = sorted(m for m in sys.modules if m.startswith("ptxinject._"))
print(json.dumps(out))
"""


def test_everything_but_rewrite_works_without_the_clang_libraries():
    run = subprocess.run([sys.executable, "-c", SESSION, HAND_PTX], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    out = json.loads(run.stdout)
    assert out["rendered"] and out["have_rewrite"] is False
    code, message = out["error"]
    assert code == "no-front-end"
    assert "libclang-cpp.so.19.1 cannot be loaded" in message
    assert "apt-get install libclang-cpp19 libllvm19" in message
    lines = out["doctor"].splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("clang front end:"))
    assert "libclang-cpp.so.19.1 cannot be loaded" in lines[at]
    assert "fix:" in lines[at + 1]
    assert "ptxinject._rewrite" not in out["loaded"]


def test_python_m_ptxinject_doctor_says_the_same():
    code = HOOK + "import runpy; sys.argv = ['ptxinject', 'doctor']; " \
        "runpy.run_module('ptxinject', run_name='__main__')"
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    line = next(line for line in run.stdout.splitlines() if line.startswith("clang front end:"))
    assert "libclang-cpp.so.19.1 cannot be loaded" in line


def test_core_extension_needs_no_llvm():
    # The libraries the extension records as needed (readelf -d): the
    # Clang front end's are _rewrite's alone.
    readelf = shutil.which("readelf")
    if readelf is None:
        pytest.skip("readelf not found (binutils)")
    here = os.path.dirname(ptxinject.__file__)

    def needed(prefix):
        names = [n for n in os.listdir(here) if n.startswith(prefix) and n.endswith(".so")]
        assert names, f"no {prefix}*.so in {here}"
        dyn = subprocess.run([readelf, "-d", os.path.join(here, names[0])], check=True,
                             capture_output=True, text=True).stdout
        return [line.split("[")[1].rstrip("]") for line in dyn.splitlines() if "(NEEDED)" in line]

    core = needed("_core.")
    assert not [n for n in core if "clang" in n.lower() or "llvm" in n.lower()], core
