"""The CUDA driver, through cuda.core.

cuda.core 0.5 or later (what mm-kermac asks for too). ``GpuUnavailable`` says why no driver could be reached: no
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
    """EventOptions that record time: the field is ``enable_timing`` in
    cuda.core 0.5, ``timing_enabled`` later."""
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
    call, so a search of a million modules holds two at a time. With a
    cuda.core that lacks ``from_handle`` (0.5, which mm-kermac accepts) the
    module is an ObjectCode, let go by ``close()`` and unloaded when
    cuda.core releases it."""

    def __init__(self, cubin: bytes):
        c = core()
        self._kernels = {}
        self._object_code = None
        self.handle = None
        if not hasattr(c.Kernel, "from_handle"):
            try:
                self._object_code = c.ObjectCode.from_cubin(cubin)
            except Exception as e:  # noqa: BLE001 - the driver's error, as a LoadError
                raise LoadError(f"ObjectCode.from_cubin: {e}") from e
            return
        from cuda.bindings import driver as cu

        self._cu = cu
        self.handle = _check(cu.cuLibraryLoadData(cubin, None, None, 0, None, None, 0),
                             "cuLibraryLoadData")

    def kernel(self, name: str):
        if name not in self._kernels:
            if self._object_code is not None:
                try:
                    self._kernels[name] = self._object_code.get_kernel(name)
                except Exception as e:  # noqa: BLE001
                    raise LoadError(f"get_kernel({name}): {e}") from e
            else:
                handle = _check(self._cu.cuLibraryGetKernel(self.handle, name.encode()),
                                f"cuLibraryGetKernel({name})")
                self._kernels[name] = core().Kernel.from_handle(int(handle))
        return self._kernels[name]

    def close(self) -> None:
        self._kernels.clear()
        self._object_code = None
        if self.handle is not None:
            handle, self.handle = self.handle, None
            _check((self._cu.cuLibraryUnload(handle)[0], None), "cuLibraryUnload")
