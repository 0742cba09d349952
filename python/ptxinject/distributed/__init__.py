"""Variant compilation on a Ray cluster.

::

    import ray, ptxinject
    from ptxinject.distributed import compile_variants_on_ray
    ray.init(address="auto")             # or ray.init() for this machine alone
    result = compile_variants_on_ray(module, programs, slots=None, pack=8,
                                     backend="nvptxcompiler", arch="sm_80")

The result is the VariantResult of ``ptxinject.compile_variants`` for the
same programs. Each worker (one Ray actor per node, or per N cores) parses
the kernel once; programs travel in batches of whole modules; a worker that
dies loses nothing. See docs/distributed.md.
"""

from __future__ import annotations

try:
    import ray as _ray  # noqa: F401
except ImportError as _e:  # pragma: no cover - depends on the environment
    raise ImportError(
        "ptxinject.distributed needs Ray, which is not installed: "
        "pip install 'ptxinject[ray]' (or pip install ray)"
    ) from _e

from ._driver import VariantBatch, compile_variants_on_ray, iter_variants_on_ray

__all__ = ["compile_variants_on_ray", "iter_variants_on_ray", "VariantBatch"]
