"""ptxinject.doctor(): the findings, and a missing piece's fix."""
import io
import os
import subprocess
import sys

import ptxinject


def test_doctor_prints_and_returns_every_finding():
    out = io.StringIO()
    found = ptxinject.doctor(file=out)
    topics = [t for t, _, _ in found]
    for topic in ("python", "toolkit", "back end nvptxcompiler", "back end ptxas",
                  "back end nvjitlink", "default back end", "nvrtc", "clang front end",
                  "variant cache", "gpu", "cuda.pathfinder"):
        assert topic in topics
    text = out.getvalue()
    assert text.count("\n") == len(found) + sum(bool(fix) for _, _, fix in found)
    front = dict((t, f) for t, f, _ in found)["clang front end"]
    if ptxinject.have_rewrite():
        assert front == "in process (ptxinject.rewrite)"
    else:
        assert front.startswith("not usable: ") and "ptxinject._rewrite" in front


def test_doctor_names_the_fix_for_a_library_it_cannot_load(tmp_path):
    # nvJitLink is loaded once per process: a fresh one sees the variable.
    env = dict(os.environ, PTXINJECT_NVJITLINK=str(tmp_path / "absent.so"))
    run = subprocess.run([sys.executable, "-c", "import ptxinject; ptxinject.doctor()"],
                         env=env, capture_output=True, text=True, check=True)
    lines = run.stdout.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("back end nvjitlink:"))
    assert "not loadable from $PTXINJECT_NVJITLINK" in lines[at] and "absent.so" in lines[at]
    assert "fix: pip install nvidia-nvjitlink" in lines[at + 1]
