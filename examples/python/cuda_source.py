"""Shared by the examples: CUDA source text to annotated PTX.

Sites written with PTX_INJECT go through ptxinject.rewrite (the Clang front
end, in process) and then nvcc. Kernel libraries that build with nvrtc at run
time do the same with cuda.core's Program and include_path=[ptxinject.include_dir()].
"""

import os
import shutil
import subprocess
import sys
import tempfile

import ptxinject


def find_nvcc():
    for candidate in (shutil.which("nvcc"), os.path.join(os.environ.get("CUDA_PATH", "/usr/local/cuda"), "bin", "nvcc")):
        if candidate and os.path.exists(candidate):
            return candidate
    sys.exit("this example needs nvcc (install the CUDA toolkit or put nvcc on PATH)")


def cuda_to_ptx(source: str, arch: str = "sm_80") -> str:
    if not ptxinject.have_rewrite():
        sys.exit("this example needs ptxinject.rewrite: " "install clang-19 libclang-19-dev llvm-19-dev and reinstall ptxinject")
    rewritten = ptxinject.rewrite(source, filename="example.cu", args=[f"--cuda-gpu-arch={arch}"])
    with tempfile.TemporaryDirectory() as tmp:
        cu = os.path.join(tmp, "example.cu")
        with open(cu, "w") as f:
            f.write(rewritten)
        out = os.path.join(tmp, "example.ptx")
        subprocess.run([find_nvcc(), "-ptx", f"-arch={arch}", "-I", ptxinject.include_dir(), cu, "-o", out], check=True)
        with open(out) as f:
            return f.read()
