#!/usr/bin/env python3
"""Compile one CUDA source to PTX with NVRTC (the runtime compiler library).

Usage: nvrtc_compile.py SOURCE -o OUT.ptx [--lib PATH] [-I DIR]...
                        [--name-expression EXPR]... [--print-lowered-names]
                        [-- NVRTC OPTIONS...]
Default options: --gpu-architecture=compute_80. The compile log goes to
stderr; the exit status is 0 only when NVRTC succeeded and OUT.ptx was
written. The library is $NVRTC_LIBRARY, --lib, or libnvrtc.so under
$CUDA_PATH/lib64 (default /usr/local/cuda). Each --name-expression is
added with nvrtcAddNameExpression (instantiating the kernel template it
names); --print-lowered-names prints "EXPR -> MANGLED" for each on stdout.
"""
import argparse
import ctypes
import os
import sys


def load(path):
    lib = ctypes.CDLL(path)
    c_size_p = ctypes.POINTER(ctypes.c_size_t)
    lib.nvrtcGetErrorString.restype = ctypes.c_char_p
    lib.nvrtcCreateProgram.argtypes = [
        ctypes.POINTER(ctypes.c_void_p), ctypes.c_char_p, ctypes.c_char_p,
        ctypes.c_int, ctypes.POINTER(ctypes.c_char_p),
        ctypes.POINTER(ctypes.c_char_p)]
    lib.nvrtcCompileProgram.argtypes = [
        ctypes.c_void_p, ctypes.c_int, ctypes.POINTER(ctypes.c_char_p)]
    lib.nvrtcGetProgramLogSize.argtypes = [ctypes.c_void_p, c_size_p]
    lib.nvrtcGetProgramLog.argtypes = [ctypes.c_void_p, ctypes.c_char_p]
    lib.nvrtcGetPTXSize.argtypes = [ctypes.c_void_p, c_size_p]
    lib.nvrtcGetPTX.argtypes = [ctypes.c_void_p, ctypes.c_char_p]
    lib.nvrtcDestroyProgram.argtypes = [ctypes.POINTER(ctypes.c_void_p)]
    lib.nvrtcAddNameExpression.argtypes = [ctypes.c_void_p, ctypes.c_char_p]
    lib.nvrtcGetLoweredName.argtypes = [
        ctypes.c_void_p, ctypes.c_char_p, ctypes.POINTER(ctypes.c_char_p)]
    return lib


def split_options(argv):
    """(the driver's own arguments, NVRTC's options after '--')."""
    if "--" not in argv:
        return argv, []
    cut = argv.index("--")
    return argv[:cut], argv[cut + 1:]


def main(argv):
    argv, options = split_options(argv)
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("source")
    p.add_argument("-o", dest="output", required=True)
    p.add_argument("--lib", default=os.environ.get("NVRTC_LIBRARY"))
    p.add_argument("-I", dest="includes", action="append", default=[],
                   metavar="DIR", help="include directory (repeatable)")
    p.add_argument("--name-expression", dest="names", action="append",
                   default=[], metavar="EXPR",
                   help="name expression, as nvrtcAddNameExpression (repeatable)")
    p.add_argument("--print-lowered-names", action="store_true")
    a = p.parse_args(argv)
    options = ["-I" + d for d in a.includes] + options
    if not any(o.startswith(("--gpu-architecture", "-arch")) for o in options):
        options.append("--gpu-architecture=compute_80")
    path = a.lib or os.path.join(os.environ.get("CUDA_PATH", "/usr/local/cuda"),
                                 "lib64", "libnvrtc.so")
    try:
        lib = load(path)
    except OSError as e:
        sys.stderr.write("error: cannot load NVRTC from '%s': %s\n" % (path, e))
        return 2
    with open(a.source, "rb") as f:
        source = f.read()

    def check(status, what):
        if status != 0:
            sys.stderr.write("error: %s: %s\n" % (
                what, lib.nvrtcGetErrorString(status).decode()))
            return False
        return True

    prog = ctypes.c_void_p()
    name = os.path.basename(a.source).encode()
    if not check(lib.nvrtcCreateProgram(ctypes.byref(prog), source, name, 0,
                                        None, None), "nvrtcCreateProgram"):
        return 1
    try:
        for expr in a.names:
            if not check(lib.nvrtcAddNameExpression(prog, expr.encode()),
                         "nvrtcAddNameExpression(%s)" % expr):
                return 1
        opts = (ctypes.c_char_p * len(options))(*[o.encode() for o in options])
        status = lib.nvrtcCompileProgram(prog, len(options), opts)
        size = ctypes.c_size_t()
        lib.nvrtcGetProgramLogSize(prog, ctypes.byref(size))
        log = ctypes.create_string_buffer(size.value)
        lib.nvrtcGetProgramLog(prog, log)
        text = log.value.decode(errors="replace").strip()
        if text:
            sys.stderr.write(text + "\n")
        if not check(status, "nvrtcCompileProgram"):
            return 1
        for expr in a.names:
            lowered = ctypes.c_char_p()
            if not check(lib.nvrtcGetLoweredName(prog, expr.encode(),
                                                 ctypes.byref(lowered)),
                         "nvrtcGetLoweredName(%s)" % expr):
                return 1
            if a.print_lowered_names:
                print("%s -> %s" % (expr, lowered.value.decode()))
        lib.nvrtcGetPTXSize(prog, ctypes.byref(size))
        ptx = ctypes.create_string_buffer(size.value)
        if not check(lib.nvrtcGetPTX(prog, ptx), "nvrtcGetPTX"):
            return 1
        tmp = a.output + ".tmp"
        with open(tmp, "wb") as f:
            f.write(ptx.value)
        os.replace(tmp, a.output)
        return 0
    finally:
        lib.nvrtcDestroyProgram(ctypes.byref(prog))


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
