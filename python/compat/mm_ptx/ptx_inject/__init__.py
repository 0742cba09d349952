"""mm_ptx.ptx_inject: mm-ptx's PTX Inject API on ptxinject.Module."""

from .ptx_inject import PTXInject, Inject, InjectArg, MutType, PtxInjectError

__all__ = [
    "PtxInjectError",
    "MutType",
    "InjectArg",
    "Inject",
    "PTXInject",
]
