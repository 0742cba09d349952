"""ptxinject.doctor(): what this machine has for PTX Inject.

The same findings as ``ptxinject doctor`` (the CUDA toolkit, each back end
and where it comes from, NVRTC, the caches, the GPU), with the Python
side's: the interpreter, the in-process Clang front end, and
cuda.pathfinder. Each missing piece comes with the command that adds it.
"""

from __future__ import annotations

import sys
from typing import List, Optional, TextIO, Tuple

from . import _core
from .frontend import have_rewrite, rewrite_problem

Finding = Tuple[str, str, str]  # topic, what was found, how to add it ("" when present)


def findings() -> List[Finding]:
    """The findings as (topic, found, fix) tuples; fix is "" when nothing is missing."""
    out: List[Finding] = [("python", f"{sys.executable} (ptxinject {_core.__version__})", "")]
    for topic, found, fix in _core._doctor(""):
        if topic == "clang front end":
            # The package's front end runs in process, not as ptxinject-rewrite.
            found, fix = ("in process (ptxinject.rewrite)", "") if have_rewrite() else (
                "not usable: " + rewrite_problem(),
                "see above; typed sites (PTX_IN(F32, x)) need no front end")
        out.append((topic, found, fix))
    try:
        from importlib.metadata import version

        import cuda.pathfinder  # noqa: F401

        out.append(("cuda.pathfinder", f"installed ({version('cuda-pathfinder')})", ""))
    except ImportError:
        out.append(("cuda.pathfinder", "not installed (optional; the nvidia wheels next to this "
                    "package are found without it)", ""))
    except Exception as e:  # a broken install is a finding, not a crash
        out.append(("cuda.pathfinder", f"present but unusable: {e}", "pip install -U cuda-pathfinder"))
    return out


def doctor(file: Optional[TextIO] = None) -> List[Finding]:
    """Prints the findings (to ``file``, default stdout), a "fix:" line under
    each missing piece, and returns them."""
    found = findings()
    stream = file if file is not None else sys.stdout
    for topic, what, fix in found:
        print(f"{topic + ':':<25}{what}", file=stream)
        if fix:
            print(f"{'':<25}fix: {fix}", file=stream)
    return found
