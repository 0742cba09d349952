"""mm-ptx's Python API on the ptxinject core.

This package is the distribution ``ptxinject-mm-ptx`` (python/compat in the
PTX Inject for Clang tree), not MetaMachines' ``mm-ptx``: code written for
``mm_ptx`` (``mm_ptx.ptx_inject``, ``mm_ptx.stack_ptx``) runs unchanged on
ptxinject's parser, renderer and Stack PTX compiler, and gets the same stub
text. See docs/python.md, "Running mm-ptx code on ptxinject".
"""

from .include import get_include_dir, get_ptx_inject_header, get_stack_ptx_header

#: Set only by this package: tells it apart from a real mm-ptx install.
__ptxinject_compat__ = True

__all__ = [
    "get_include_dir",
    "get_ptx_inject_header",
    "get_stack_ptx_header",
]
