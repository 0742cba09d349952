"""What a PyTorch user does with the package in a virtual environment whose
only CUDA is nvidia-* wheels; run by test_pip_only.py inside that
environment, with the system toolkit hidden. Prints one line per step and
exits non-zero at the first that fails.

    pip_only_session.py JIT_FOLDER PTXAS_FOLDER PHASE

JIT_FOLDER and PTXAS_FOLDER: where the wheels put nvJitLink and ptxas under
site-packages (nvidia/cu13 and nvidia/cu13 for CUDA 13, nvidia/nvjitlink and
nvidia/cuda_nvcc for CUDA 12). PHASE: "runtime" with the wheels of a PyTorch
environment (nvJitLink, NVRTC, the runtime), "compiler" once the nvcc wheel
(ptxas) is added too.
"""

import io
import os
import shutil
import sys

from session_steps import step  # beside this script, on sys.path[0]

KERNEL = """\
.version 8.0
.target sm_80
.address_size 64

.visible .entry k(.param .u64 p)
{
\t.reg .f32 %f<4>;
\t.reg .b64 %rd<2>;
\tld.param.u64 %rd1, [p];
\tld.global.f32 %f1, [%rd1];
\tld.global.f32 %f2, [%rd1+4];
\t{
\t.reg .f32 %_x0;
\t.reg .f32 %_x1;
\t.reg .f32 %_x2;
\tmov.f32 %_x1, %f1;
\tmov.f32 %_x2, %f2;
\t// PTX_INJECT_START func
\t// _x0 o f32 F32 z
\t// _x1 i f32 F32 x
\t// _x2 i f32 F32 y
\t// PTX_INJECT_END
\tmov.f32 %f3, %_x0;
\t}
\tst.global.f32 [%rd1+8], %f3;
\tret;
}
"""

SOURCE = """\
#include <ptx_inject.h>
__global__ void kernel(float *out) {
  float x = out[0], z;
  PTX_INJECT("func", PTX_IN(x), PTX_OUT(z));
  out[1] = z;
}
"""


def is_cubin(data):
    return isinstance(data, bytes) and data[:4] == b"\x7fELF"


wheel_folder, ptxas_folder, phase = sys.argv[1:4]

# The environment is what it should be: no toolkit anywhere to be found.
step("no nvcc or ptxas on PATH", not shutil.which("nvcc") and not shutil.which("ptxas"),
     os.environ.get("PATH", ""))
step("no CUDA_HOME or CUDA_PATH", not os.environ.get("CUDA_HOME") and not os.environ.get("CUDA_PATH"))
step("/usr/local/cuda hidden", not os.path.exists("/usr/local/cuda/bin"))

import ptxinject  # noqa: E402
from ptxinject import ast, stack  # noqa: E402

step("import", True, ptxinject.__file__)

out = io.StringIO()
found = {topic: (what, fix) for topic, what, fix in ptxinject.doctor(file=out)}
print(out.getvalue(), end="")
jit = found["back end nvjitlink"][0]
step("doctor: nvJitLink from the wheel", "/site-packages/" + wheel_folder + "/lib/" in jit, jit)

module = ptxinject.Module.parse(KERNEL)
step("parse", [i.name for i in module.injects] == ["func"])

regs = [("x", "F32"), ("y", "F32"), ("z", "F32")]
stack_stub = stack.compile("x y add.ftz.f32", regs, ["z"])
step("Stack PTX", "add.ftz.f32" in stack_stub and "mov.f32 %z," in stack_stub, stack_stub)
ast_stub = ast.compile([ast.input(0), ast.input(1), ast.ptx("mul.ftz.f32")], "_x0", ["_x1", "_x2"])
step("AST PTX", "mul.ftz.f32" in ast_stub and "mov.f32 %_x0," in ast_stub, ast_stub)

rendered = module.render({"func": ast_stub})
step("render", ast_stub.splitlines()[2] in rendered and "PTX_INJECT_START" not in rendered)

step("compile_ptx (nvjitlink)", is_cubin(ptxinject.compile_ptx(rendered, backend="nvjitlink")))
step("compile_ptx (default back end)", is_cubin(ptxinject.compile_ptx(rendered)))

jit_backend = ptxinject.Backend("nvjitlink")
step("Backend('nvjitlink') is the wheel's", "/" + wheel_folder + "/lib/" in jit_backend.version,
     jit_backend.version)
result = ptxinject.compile_variants(module, ["x y add.ftz.f32", "x y mul.ftz.f32", "x x sub.ftz.f32"],
                                    backend=jit_backend, jobs=2)
step("compile_variants", not result.failures and len(result.modules) == 3
     and all(is_cubin(m.cubin) for m in result.modules), str(result.failures))


def rewrite():
    """The rewrite's text, or the error's message."""
    try:
        return ptxinject.rewrite(SOURCE, args=["-I", ptxinject.include_dir()], pch_cache=False)
    except ptxinject.Error as e:
        return "error: " + str(e)


# CUDA 13's wheels with the compiler's make site-packages/nvidia/cu13 a
# toolkit, which the rewrite then reads; CUDA 12's spread the headers over
# a folder per wheel, and the rewrite still wants a toolkit.
WHEELS_MAKE_A_TOOLKIT = ptxas_folder == "nvidia/cu13"
REWRITE_FIX = "pip install nvidia-cuda-nvcc nvidia-cuda-runtime nvidia-cuda-crt nvidia-nvvm"

if phase == "compiler":
    ptxas = ptxinject.Backend("ptxas")
    step("Backend('ptxas') is the nvcc wheel's", "/" + ptxas_folder + "/bin/ptxas" in ptxas.version,
         ptxas.version)
    step("compile_ptx (ptxas)", is_cubin(ptxinject.compile_ptx(rendered, backend=ptxas)))
    if ptxinject.have_rewrite():
        text = rewrite()
        if WHEELS_MAKE_A_TOOLKIT:
            toolkit = found["toolkit"][0]
            step("doctor: the toolkit is the wheels'", "/nvidia/cu13 (CUDA 13" in toolkit
                 and "from the nvidia-* wheels" in toolkit, toolkit)
            step("rewrite with the wheels' headers", "PTX_INJECT_START func" in text, text)
        else:
            step("rewrite without a toolkit names what to install", REWRITE_FIX in text, text)
    print("pip-only session: every step passed")
    sys.exit(0)

# What needs a part the wheels lack fails, and says which package adds it.
message = ""
try:
    ptxinject.compile_ptx(rendered, backend="ptxas")
except ptxinject.Error as e:
    message = str(e)
step("ptxas back end names what to install", "pip install nvidia-cuda-nvcc" in message, message)
if ptxinject.have_rewrite():
    text = rewrite()
    step("rewrite without a toolkit names what to install", REWRITE_FIX in text, text)
print("pip-only session: every step passed")
