"""The reference user's flow with the ptxinject wheel (utils/build-wheel)
in a virtual environment whose only CUDA is CUDA 13's nvidia-* wheels, on a
machine without LLVM 19: run by test_wheel.py with /usr/local/cuda and the
system's LLVM 19 hidden. Prints one line per step and exits non-zero at
the first that fails.

    wheel_session.py PHASE NVRTC_COMPILE

PHASE: "full" (the rewriter works from the wheel alone), or "no-rewriter"
(its module hidden too: everything else works, and rewrite says what is
missing). NVRTC_COMPILE: utils/lit/nvrtc_compile.py, which compiles with
the NVRTC library it is given.
"""

import glob
import io
import os
import subprocess
import sys
import tempfile

SOURCE = """\
#include <ptx_inject.h>
extern "C" __global__ void kernel(float *out) {
  float x = out[0], z;
  PTX_INJECT("func", PTX_IN(x), PTX_OUT(z));
  out[1] = z;
}
"""


def step(name, ok, detail=""):
    print(("ok   " if ok else "FAIL ") + name + (": " + detail if detail else ""), flush=True)
    if not ok:
        sys.exit(1)


phase, nvrtc_compile = sys.argv[1:3]
step("/usr/local/cuda hidden", not os.path.exists("/usr/local/cuda/bin"))
step("LLVM 19 hidden", not glob.glob("/usr/lib/llvm-19/lib/libclang-cpp*"))

import ptxinject  # noqa: E402
from ptxinject import stack  # noqa: E402

step("import", True, ptxinject.__file__)
out = io.StringIO()
found = {topic: (what, fix) for topic, what, fix in ptxinject.doctor(file=out)}
print(out.getvalue(), end="")
front = found["clang front end"][0]

if phase == "no-rewriter":
    step("doctor: no front end, and why", front.startswith("not usable:") and "_rewrite" in front,
         front)
    try:
        ptxinject.rewrite(SOURCE, nvrtc=True)
        step("rewrite raises", False)
    except ptxinject.Error as e:
        step("rewrite names what is missing", e.code == "no-front-end" and "_rewrite" in str(e),
             str(e))
else:
    step("doctor: the front end in process", front == "in process (ptxinject.rewrite)", front)

site = os.path.dirname(os.path.dirname(ptxinject.__file__))
cu13 = os.path.join(site, "nvidia", "cu13")
nvrtc = os.path.join(cu13, "lib", "libnvrtc.so.13")
step("NVRTC from the wheel", os.path.exists(nvrtc), nvrtc)

if phase == "full":
    rewritten = ptxinject.rewrite(SOURCE, nvrtc=True, pch_cache=False)
    step("rewrite (nvrtc mode)", "PTX_INJECT_START func" in rewritten, rewritten[-400:])
else:
    # Typed sites need no front end.
    rewritten = SOURCE.replace("PTX_IN(x)", "PTX_IN(F32, x)").replace("PTX_OUT(z)",
                                                                      "PTX_OUT(F32, z)")

with tempfile.TemporaryDirectory() as tmp:
    src, ptx_path = os.path.join(tmp, "kernel.cu"), os.path.join(tmp, "kernel.ptx")
    with open(src, "w") as f:
        f.write(rewritten)
    run = subprocess.run([sys.executable, nvrtc_compile, src, "-o", ptx_path, "--lib", nvrtc,
                          "-I", ptxinject.include_dir()], capture_output=True, text=True)
    step("NVRTC compiles it", run.returncode == 0, run.stderr)
    ptx = open(ptx_path).read()

module = ptxinject.Module.parse(ptx)
func = module["func"]
step("parse", [i.name for i in module.injects] == ["func"])
x, z = func["x"].register, func["z"].register
stub = stack.compile(f"{x} {x} add.ftz.f32", [(x, "F32"), (z, "F32")], [z])
rendered = module.render({"func": stub})
step("render a Stack PTX stub", "add.ftz.f32" in rendered and "PTX_INJECT_START" not in rendered)
cubin = ptxinject.compile_ptx(rendered, backend="nvjitlink")
step("assemble (nvJitLink)", cubin[:4] == b"\x7fELF")
jit = ptxinject.Backend("nvjitlink").version
step("nvJitLink is the wheel's", "/nvidia/cu13/lib/" in jit, jit)
result = ptxinject.compile_variants(module, ["x x add.ftz.f32", "x x mul.ftz.f32"],
                                    backend="nvjitlink", jobs=2)
step("compile_variants", not result.failures and len(result.modules) == 2, str(result.failures))
print("wheel session: every step passed")
