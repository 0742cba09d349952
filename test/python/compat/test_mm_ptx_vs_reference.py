"""The mm_ptx layer against mm-ptx 1.0.1 itself: the same programs give the
same stub text, byte for byte. mm-ptx is looked for in $MM_PTX_REFERENCE
or build/mm-ptx-1.0.1 (a `pip install --target` folder of mm-ptx==1.0.1,
which utils/test-python makes when PyPI can be reached); without it these
tests are skipped and say so."""

import json
import os
import subprocess
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))
sys.path.insert(0, HERE)

from mm_ptx_programs import LIMITS, Vocabulary, programs  # noqa: E402


def reference_folder():
    folder = os.environ.get("MM_PTX_REFERENCE") or os.path.join(ROOT, "build", "mm-ptx-1.0.1")
    if not os.path.isdir(os.path.join(folder, "mm_ptx")):
        pytest.skip(f"mm-ptx 1.0.1 not found in {folder}: pip install --target {folder} mm-ptx==1.0.1 "
                    "(or set MM_PTX_REFERENCE) to compare the mm_ptx layer's stubs with mm-ptx's")
    if not os.path.isdir(os.path.join(folder, "mm_ptx-1.0.1.dist-info")):
        pytest.skip(f"{folder} holds an mm-ptx other than 1.0.1")
    probe = subprocess.run([sys.executable, os.path.join(HERE, "mm_ptx_programs.py"), folder],
                           input="[]", capture_output=True, text=True)
    if probe.returncode != 0:
        pytest.skip(f"mm-ptx in {folder} does not load in this Python: {probe.stderr.strip()[-300:]}")
    return folder


def reference_stubs(folder, cases):
    run = subprocess.run([sys.executable, os.path.join(HERE, "mm_ptx_programs.py"), folder],
                         input=json.dumps(cases), capture_output=True, text=True)
    assert run.returncode == 0, f"mm-ptx 1.0.1 failed on these programs: {run.stderr[-2000:]}"
    return json.loads(run.stdout)


def test_random_programs_give_mm_ptx_stubs():
    folder = reference_folder()
    import mm_ptx.stack_ptx

    cases = programs(1500, seed=38)
    theirs = reference_stubs(folder, cases)
    ours = Vocabulary(mm_ptx.stack_ptx)
    differ = []
    for (program, requests), expected in zip(cases, theirs):
        got = ours.compile(program, requests, **LIMITS)
        if got != expected:
            differ.append((program, requests, expected, got))
    assert not differ, f"{len(differ)} of {len(cases)} stubs differ; first: {differ[0]}"


def test_default_limits_and_errors_match():
    """mm-ptx's defaults (max_frame_depth 4, store_size 16, ...) and what it
    refuses at run time: an out-of-range store or load, before and after
    the execution limit."""
    folder = reference_folder()
    import mm_ptx.stack_ptx

    cases = [([["reg", "x"], ["reg", "y"], ["ptx", "sub_ftz_f32"]], ["z"]),
             ([["reg", "x"], ["store", "f32", 20], ["load", 20]], ["z"]),
             ([["reg", "x"], ["load", 3]], ["z"]),
             ([], ["z", "w"])]
    run = subprocess.run([sys.executable, "-c", (
        "import json, sys; sys.path.insert(0, %r)\n"
        "from mm_ptx_programs import Vocabulary, load_mm_ptx\n"
        "v = Vocabulary(load_mm_ptx(%r)[1])\n"
        "cases = json.load(sys.stdin)\n"
        "out = [v.compile(p, r, execution_limit=l) for p, r in cases for l in (1, 100)]\n"
        "json.dump(out, sys.stdout)") % (HERE, folder)],
        input=json.dumps(cases), capture_output=True, text=True)
    assert run.returncode == 0, run.stderr[-2000:]
    ours = Vocabulary(mm_ptx.stack_ptx)
    got = [ours.compile(p, r, execution_limit=limit) for p, r in cases for limit in (1, 100)]
    assert got == json.loads(run.stdout)


def test_render_matches_mm_ptx():
    """render_ptx of the same annotated PTX and stubs (NUL-ended, as
    mm-ptx's compile returns them) gives mm-ptx's text."""
    folder = reference_folder()
    import mm_ptx.ptx_inject

    ptx = ("// pre\n// PTX_INJECT_START func_a\n// _x0 i f32 F32 x\n// _x1 o f32 F32 y\n"
           "// PTX_INJECT_END\n// mid\n// PTX_INJECT_START func_b\n// _x0 m u32 U32 z\n"
           "// PTX_INJECT_END\n// post\n")
    stubs = {"func_a": "\t{\n\tmov.f32 %_x1, %_x0;\n\t}\x00", "func_b": ""}
    run = subprocess.run([sys.executable, "-c", (
        "import json, sys; sys.path.insert(0, %r)\n"
        "from mm_ptx_programs import load_mm_ptx\n"
        "pi = load_mm_ptx(%r)[2]\n"
        "ptx, stubs = json.load(sys.stdin)\n"
        "with pi.PTXInject(ptx) as inject:\n"
        "    json.dump([inject.render_ptx(stubs), [(i.name, i.num_args, i.num_sites) for i in inject.injects]],"
        " sys.stdout)") % (HERE, folder)],
        input=json.dumps([ptx, stubs]), capture_output=True, text=True)
    assert run.returncode == 0, run.stderr[-2000:]
    with mm_ptx.ptx_inject.PTXInject(ptx) as inject:
        ours = [inject.render_ptx(stubs), [[i.name, i.num_args, i.num_sites] for i in inject.injects]]
    assert ours == json.loads(run.stdout)
