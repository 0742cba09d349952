"""Shared fixtures: PTX written here by hand, and PTX compiled by nvcc from
CUDA sources with stable-dialect asm sites (skipped when nvcc is absent)."""

import os
import shutil
import subprocess

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
INPUTS = os.path.join(HERE, "Inputs")  # excluded from lit discovery


def cuda_tool(name):
    """Path of a CUDA tool (PATH, then $CUDA_PATH/bin, then /usr/local/cuda/bin)."""
    found = shutil.which(name)
    if found:
        return found
    for root in (os.environ.get("CUDA_PATH"), os.environ.get("CUDA_HOME"), "/usr/local/cuda"):
        if root and os.path.exists(os.path.join(root, "bin", name)):
            return os.path.join(root, "bin", name)
    return None


def nvcc_ptx(source_path, tmp_dir, arch="sm_80", extra=()):
    nvcc = cuda_tool("nvcc")
    if nvcc is None:
        pytest.skip("nvcc not found (install the CUDA toolkit or put nvcc on PATH)")
    out = os.path.join(str(tmp_dir), os.path.basename(source_path) + ".ptx")
    subprocess.run([nvcc, "-ptx", "-arch=" + arch, *extra, source_path, "-o", out], check=True)
    with open(out) as f:
        return f.read()


@pytest.fixture(scope="session")
def ptx_cache(tmp_path_factory):
    """PTX of the CUDA inputs, compiled once per session."""
    cache = {}
    tmp = tmp_path_factory.mktemp("ptx")

    def get(name):
        if name not in cache:
            cache[name] = nvcc_ptx(os.path.join(INPUTS, name), tmp)
        return cache[name]

    return get


@pytest.fixture(scope="session")
def four(ptx_cache):
    """Inputs/four_slots.cu's kernel (four slots of x, y -> z) as a Module."""
    import ptxinject

    return ptxinject.Module.parse(ptx_cache("four_slots.cu"))


def compile_backends():
    """The back ends compile_variants can use here: those built, less ptxas
    when no toolkit has one."""
    from ptxinject.variants import available_backends

    found = list(available_backends())
    if cuda_tool("ptxas") is None and "ptxas" in found:
        found.remove("ptxas")
    return found


@pytest.fixture(scope="session")
def stand_in(tmp_path_factory):
    """The folder holding the stand-in libcuda.so.1 (stand_in_driver/): a
    CUDA driver without a GPU, for test_gpu.py and the choice of the
    default back end by the driver's CUDA release."""
    cc = shutil.which("cc") or shutil.which("gcc") or shutil.which("clang")
    if cc is None:
        pytest.skip("no C compiler to build the stand-in CUDA driver")
    out = tmp_path_factory.mktemp("stand-in")
    subprocess.run([cc, "-O1", "-shared", "-fPIC", "-Wl,-soname,libcuda.so.1", "-o",
                    str(out / "libcuda.so.1"),
                    os.path.join(HERE, "stand_in_driver", "stand_in_libcuda.c"), "-ldl"],
                   check=True)
    return out


# A hand-written module: inject 'func' (y mod, z out, x in) and inject
# 'twice' with two sites of one operand.
HAND_PTX = """\
.version 8.0
.target sm_80
.address_size 64

.visible .entry k(.param .u64 p)
{
\t.reg .f32 %f<4>;
\t{
\t.reg .f32 %_x0;
\t.reg .f32 %_x1;
\t.reg .f32 %_x2;
\tmov.f32 %_x0, %f1;
\tmov.f32 %_x2, %f2;
\t// PTX_INJECT_START func
\t// _x0 m f32 F32 y
\t// _x1 o f32 F32 z
\t// _x2 i f32 F32 x
\t// PTX_INJECT_END
\tmov.f32 %f1, %_x0;
\tmov.f32 %f3, %_x1;
\t}
\t{
\t.reg .u32 %_x0;
\t// PTX_INJECT_START twice
\t// _x0 m u32 U32 n
\t// PTX_INJECT_END
\t}
\t{
\t.reg .u32 %_x0;
\t// PTX_INJECT_START twice
\t// _x0 m u32 U32 n
\t// PTX_INJECT_END
\t}
\tret;
}
"""


@pytest.fixture
def hand_ptx():
    return HAND_PTX
