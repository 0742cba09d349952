"""Header paths, as mm-ptx gives them: ptxinject's include folder, whose
ptx_inject.h takes the PTX_INJECT / PTX_IN / PTX_MOD / PTX_OUT sites that
mm-ptx's header takes (and needs no Boost)."""

from __future__ import annotations

import os

import ptxinject


def get_include_dir() -> str:
    """The folder holding ptx_inject.h (for nvcc/nvrtc ``-I``)."""
    return ptxinject.include_dir()


def get_ptx_inject_header() -> str:
    """The full path of ptx_inject.h."""
    return ptxinject.ptx_inject_header()


def get_stack_ptx_header() -> str:
    """Where mm-ptx keeps stack_ptx.h. The Python package ships no C header
    for Stack PTX (the CMake package installs stack_ptx.h), so this path may
    not exist; Stack PTX from Python is mm_ptx.stack_ptx."""
    return os.path.join(get_include_dir(), "stack_ptx.h")
