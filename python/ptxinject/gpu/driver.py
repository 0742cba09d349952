"""The CUDA driver, through cuda.core.

cuda.core 0.4 and later export from ``cuda.core``; earlier releases (the
ones mm-kermac was written against) from ``cuda.core.experimental``. Both
are accepted. ``GpuUnavailable`` says why no driver could be reached: no
cuda.core installed, or no CUDA driver (``libcuda.so.1``) or device.
"""

from __future__ import annotations

import functools


class GpuUnavailable(RuntimeError):
    """No GPU to run on: cuda.core is missing, or the driver or device."""


@functools.lru_cache(maxsize=None)
def core():
    """The cuda.core module (raises GpuUnavailable when absent)."""
    try:
        import cuda.core as module
        if not hasattr(module, "ObjectCode"):
            import cuda.core.experimental as module
    except ImportError as e:
        raise GpuUnavailable(
            f"cuda.core is not installed ({e}): pip install 'ptxinject[gpu]'") from e
    return module


def device():
    """The current device, made current (raises GpuUnavailable when the
    driver or a device is missing)."""
    c = core()
    try:
        d = c.Device()
        d.set_current()
    except Exception as e:  # the driver's own error types differ by release
        raise GpuUnavailable(f"no CUDA device: {e}") from e
    return d


def timing_event_options():
    """EventOptions that record time, under either release's field name."""
    c = core()
    try:
        return c.EventOptions(timing_enabled=True)
    except TypeError:
        return c.EventOptions(enable_timing=True)


def host_buffer(array):
    """A cuda.core Buffer over a NumPy array's memory, for copies to and
    from the device (pageable memory; copies through it complete before
    the stream's next work)."""
    return core().Buffer.from_handle(array.ctypes.data, array.nbytes, owner=array)


class LoadError(RuntimeError):
    """A module or one of its entry functions could not be loaded."""


def _check(result, what: str):
    from cuda.bindings import driver as cu

    err = result[0]
    if err != cu.CUresult.CUDA_SUCCESS:
        name = cu.cuGetErrorName(err)[1]
        name = name.decode() if isinstance(name, bytes) else str(err)
        raise LoadError(f"{what}: {name}")
    return result[1] if len(result) == 2 else result[1:]


class Library:
    """A loaded cubin whose lifetime is ours: ``close()`` unloads it.

    cuda.core's ObjectCode unloads when its own handles go, which this
    package cannot see; loading through the driver bindings and wrapping
    each entry with ``Kernel.from_handle`` makes "unloaded when done" a
    call, so a search of a million modules holds two at a time."""

    def __init__(self, cubin: bytes):
        from cuda.bindings import driver as cu

        self._cu = cu
        self._data = cubin
        self.handle = _check(cu.cuLibraryLoadData(cubin, None, None, 0, None, None, 0),
                             "cuLibraryLoadData")
        self._kernels = {}

    def kernel(self, name: str):
        if name not in self._kernels:
            handle = _check(self._cu.cuLibraryGetKernel(self.handle, name.encode()),
                            f"cuLibraryGetKernel({name})")
            self._kernels[name] = core().Kernel.from_handle(int(handle))
        return self._kernels[name]

    def close(self) -> None:
        if self.handle is not None:
            self._kernels.clear()
            handle, self.handle = self.handle, None
            _check((self._cu.cuLibraryUnload(handle)[0], None), "cuLibraryUnload")
