"""The wheel utils/build-wheel makes, where a PyTorch user installs it: a
fresh venv whose only CUDA is CUDA 13's nvidia-* wheels, on a machine
without LLVM 19. /usr/local/cuda and the system's LLVM 19 libraries are
hidden in a mount namespace (an empty folder or file bind-mounted over
each, as test_pip_only.py does); Inputs/wheel_session.py then runs the
reference user's flow: rewrite a kernel in NVRTC mode, compile it with the
wheel's NVRTC, parse, render a Stack PTX stub, assemble with the wheel's
nvJitLink. A second run hides the rewriter's own module too: everything
else works, and rewrite and doctor say what is missing.

The wheel is the one for this Python in $PTXINJECT_TEST_WHEEL_DIR (default
build/wheel/dist: utils/build-wheel build/wheel/dist). Without it, root,
unshare or the CUDA 13 wheels (utils/install-cuda-wheels 13.5) the test is
skipped and says why."""

import glob
import os
import shutil
import subprocess
import sys
import sysconfig

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
SESSION = os.path.join(HERE, "Inputs", "wheel_session.py")
NVRTC_COMPILE = os.path.join(ROOT, "utils", "lit", "nvrtc_compile.py")


def _requirements():
    folder = os.environ.get("PTXINJECT_TEST_WHEEL_DIR", os.path.join(ROOT, "build", "wheel", "dist"))
    tag = "cp%d%d" % sys.version_info[:2]
    wheels = glob.glob(os.path.join(folder, "ptxinject-*-%s-%s-manylinux*.whl" % (tag, tag)))
    cuda = sorted(glob.glob(os.path.join(ROOT, "build", "deps", "cuda-13.5", "wheels", "*.whl")))
    if not wheels:
        pytest.skip("no manylinux wheel for %s in %s (utils/build-wheel %s)" % (tag, folder, folder))
    if not cuda:
        pytest.skip("no CUDA 13 wheels (utils/install-cuda-wheels 13.5 build/deps/cuda-13.5)")
    if os.geteuid() != 0:
        pytest.skip("wheel environment: needs root for a mount namespace (unshare -m)")
    if not shutil.which("unshare") or not shutil.which("mount"):
        pytest.skip("wheel environment: needs unshare and mount (util-linux)")
    probe = subprocess.run(["unshare", "-m", "true"], capture_output=True, text=True)
    if probe.returncode != 0:
        pytest.skip("wheel environment: unshare -m refused: " + probe.stderr.strip())
    return sorted(wheels)[-1], cuda


def _hidden():
    """(folders, files) to hide: the CUDA toolkits, /usr/lib/llvm-19, and
    LLVM 19's libraries the loader finds outside it."""
    folders = {os.path.realpath(p) for p in glob.glob("/usr/local/cuda*") if os.path.isdir(p)}
    if os.path.isdir("/usr/lib/llvm-19"):
        folders.add(os.path.realpath("/usr/lib/llvm-19"))
    files = set()
    libdir = sysconfig.get_config_var("LIBDIR") or "/usr/lib"
    for pattern in ("libclang-cpp.so.19*", "libLLVM*19*"):
        for path in glob.glob(os.path.join("/usr/lib", "*", pattern)) + \
                glob.glob(os.path.join(libdir, pattern)):
            real = os.path.realpath(path)
            if not any(real.startswith(f + "/") for f in folders):
                files.add(real)
    return sorted(folders), sorted(files)


def test_wheel_where_users_are(tmp_path):
    wheel, cuda = _requirements()
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    python = str(venv / "bin" / "python")
    # --no-deps, no index: nothing the session calls imports numpy.
    subprocess.run([sys.executable, "-m", "pip", "--python", python, "install", "-q", "--no-deps",
                    wheel, *cuda], check=True)
    site = subprocess.run([python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                          check=True, capture_output=True, text=True).stdout.strip()
    rewriter = glob.glob(os.path.join(site, "ptxinject", "_rewrite*.so"))
    assert rewriter, "the wheel has no ptxinject._rewrite"
    empty_dir, empty_file = tmp_path / "empty", tmp_path / "empty.so"
    empty_dir.mkdir()
    empty_file.write_bytes(b"")
    folders, files = _hidden()
    home = tmp_path / "home"
    home.mkdir()
    env = {"PATH": "%s:/usr/bin:/bin" % (venv / "bin"), "HOME": str(home),
           "XDG_CACHE_HOME": str(home / "cache")}

    def session(phase, extra_files=()):
        mounts = "".join("mount --bind '%s' '%s' && " % (empty_dir, d) for d in folders)
        mounts += "".join("mount --bind '%s' '%s' && " % (empty_file, f)
                          for f in [*files, *extra_files])
        run = subprocess.run(["unshare", "-m", "sh", "-c", mounts + 'exec "$0" "$@"', python,
                              SESSION, phase, NVRTC_COMPILE], env=env, capture_output=True, text=True)
        print(run.stdout + run.stderr)
        assert run.returncode == 0, run.stdout + run.stderr
        assert "every step passed" in run.stdout

    session("full")
    session("no-rewriter", rewriter)
