"""The checked-in type stubs are what the build generates.

python/ptxinject/_core.pyi is nanobind.stubgen's output for the extension,
kept in the tree so that a change to the Python API shows in review as a
change to that file. The build writes the installed package's stub
(python/CMakeLists.txt, nanobind_add_stub); this test fails when the two
differ, and says how to bring the checked-in copy up to date.
"""

import difflib
import os
import subprocess
import sys

import pytest

import ptxinject

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CHECKED_IN = os.path.join(ROOT, "python", "ptxinject", "_core.pyi")
UPDATE = ("build/pyvenv/bin/python -m nanobind.stubgen -m ptxinject._core "
          "-o python/ptxinject/_core.pyi")


def read(path):
    with open(path) as f:
        return f.read()


def assert_same(expected, actual, what):
    if expected == actual:
        return
    diff = "".join(difflib.unified_diff(
        expected.splitlines(True), actual.splitlines(True),
        "python/ptxinject/_core.pyi (checked in)", what))
    pytest.fail("the checked-in stubs differ from %s; update them with\n  %s\n%s"
                % (what, UPDATE, diff))


def test_installed_stub_is_the_checked_in_one():
    installed = os.path.join(os.path.dirname(ptxinject.__file__), "_core.pyi")
    assert os.path.isfile(installed), "the build wrote no _core.pyi"
    assert_same(read(CHECKED_IN), read(installed), "the stubs the build generated")


def test_stubgen_gives_the_checked_in_stub(tmp_path):
    pytest.importorskip("nanobind.stubgen")
    out = tmp_path / "_core.pyi"
    subprocess.run([sys.executable, "-m", "nanobind.stubgen", "-q", "-m", "ptxinject._core",
                    "-o", str(out)], check=True, cwd=str(tmp_path))
    assert_same(read(CHECKED_IN), out.read_text(), "nanobind.stubgen's output")
