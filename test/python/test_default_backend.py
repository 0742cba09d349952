"""The default back end follows what runs the cubins: a compiler of a newer
CUDA major release than the driver's makes cubins that driver does not load
(CUDA 13's need a driver of 580 or newer), so with a CUDA 12 driver the
default is a CUDA 12 compiler found here, and where there is none, the
newer one with a warning that says so. The driver is the stand-in
(stand_in_driver/), which reports the release the test gives it."""

import json
import os
import subprocess
import sys

import pytest

from conftest import HAND_PTX, ROOT

CUDA_12 = os.path.join(ROOT, "build", "deps", "cuda-12.9")
SYSTEM = "/usr/local/cuda"

# Prints the default back end, its compiler, and doctor's finding about it.
PROBE = """
import json, warnings, ptxinject
from ptxinject.doctor import findings
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    backend = ptxinject.Backend()
found = {t: (f, fix) for t, f, fix in findings()}
print(json.dumps({"default": ptxinject.variants.default_backend(), "kind": backend.kind,
                  "version": backend.version, "doctor": found["default back end"],
                  "warnings": [str(w.message) for w in caught]}))
"""


def probe(stand_in, driver_version, **env):
    e = {k: v for k, v in os.environ.items()
         if k not in ("CUDA_HOME", "CUDA_PATH", "PTXINJECT_NVJITLINK")}
    e["LD_LIBRARY_PATH"] = str(stand_in) + os.pathsep + e.get("LD_LIBRARY_PATH", "")
    e["PTXINJECT_STAND_IN_DRIVER_VERSION"] = str(driver_version)
    e.update(env)
    run = subprocess.run([sys.executable, "-c", PROBE], env=e, capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    return json.loads(run.stdout)


def needs(folder, what):
    return pytest.mark.skipif(not os.path.isfile(os.path.join(folder, "bin", "ptxas")),
                              reason=f"no {what} toolkit at {folder} (utils/install-deps)")


@needs(CUDA_12, "CUDA 12.9")
def test_a_cuda_12_driver_gets_a_cuda_12_compiler(stand_in):
    out = probe(stand_in, 12040, CUDA_HOME=CUDA_12)
    # ptxas before nvJitLink: whole-program code.
    assert out["default"] == out["kind"] == "ptxas"
    assert out["version"].startswith("ptxas 12.9.")
    assert out["doctor"] == ["ptxas (cubins for CUDA 12.4, of the driver)", ""]
    assert out["warnings"] == []


@needs(CUDA_12, "CUDA 12.9")
def test_a_cuda_13_driver_keeps_the_preferred_compiler(stand_in):
    # The same toolkit, a driver that loads CUDA 13's cubins: nothing to
    # avoid, the preferred back end stays (nvPTXCompiler where built).
    import ptxinject
    preferred = "nvptxcompiler" if "nvptxcompiler" in ptxinject.variants.available_backends() \
        else "ptxas"
    out = probe(stand_in, 13000, CUDA_HOME=CUDA_12)
    assert out["default"] == preferred
    assert out["doctor"][0] == f"{preferred} (cubins for CUDA 13.0, of the driver)"


@needs(SYSTEM, "CUDA 13")
def test_no_compiler_of_the_drivers_release_is_said(stand_in):
    # Only CUDA 13 compilers here: the default is one of them, and the
    # warning, doctor's fix line, says its cubins need a newer driver.
    lib = os.path.join(SYSTEM, "lib64", "libnvJitLink.so.13")
    out = probe(stand_in, 12040, CUDA_HOME=SYSTEM, PTXINJECT_NVJITLINK=lib)
    assert out["warnings"] and "is newer than the CUDA 12.4 of the driver" in out["warnings"][0]
    assert "nvidia-nvjitlink-cu12" in out["warnings"][0]
    assert out["doctor"][1] == out["warnings"][0]


@needs(CUDA_12, "CUDA 12.9")
def test_ptx_no_compiler_of_the_drivers_release_reads_is_said(stand_in):
    # PTX of ISA 9.0 (CUDA 13.0) under a CUDA 12 driver: 12.9's compilers
    # cannot read it, so a newer one assembles it (the preferred of those),
    # and the warning says the driver may not load the cubin.
    import ptxinject
    if "nvptxcompiler" not in ptxinject.variants.available_backends():
        pytest.skip("the nvPTXCompiler back end is not built (utils/install-nvptxcompiler): "
                    "no compiler here reads ISA 9.0 with CUDA_HOME at 12.9")
    code = ("import sys, warnings, ptxinject\n"
            "with warnings.catch_warnings(record=True) as w:\n"
            "    warnings.simplefilter('always')\n"
            "    cubin = ptxinject.compile_ptx(sys.argv[1])\n"
            "print(cubin[:4] == b'\\x7fELF')\n"
            "print(w[0].message if w else '')\n")
    ptx = HAND_PTX.replace(".version 8.0", ".version 9.0")
    e = dict(os.environ, LD_LIBRARY_PATH=str(stand_in), CUDA_HOME=CUDA_12,
             PTXINJECT_STAND_IN_DRIVER_VERSION="12040")
    e.pop("PTXINJECT_NVJITLINK", None)
    run = subprocess.run([sys.executable, "-c", code, ptx], env=e, capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    made, warning = run.stdout.splitlines()
    assert made == "True"
    assert warning.startswith("nvptxcompiler (") and "newer than the CUDA 12.4 of the driver" in warning
    assert "no compiler here of CUDA 12 reads this PTX (ISA 9.0)" in warning
