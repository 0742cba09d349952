"""The package where the only CUDA is nvidia-* pip wheels, as in most PyTorch
environments: no toolkit in /usr/local/cuda, no CUDA_HOME, no nvcc on PATH.

The system toolkit is hidden with a mount namespace (unshare -m, as root):
an empty folder is bind-mounted over each toolkit folder, which the loader
cache (ldconfig) and every path into it then point at too, and the
session's environment is cleared to a PATH without them. A test-only
override of the search list would test the list, not the environment: the
namespace also hides what the list does not name (the loader cache, headers
copied into /usr/local/include). Without root, unshare or the wheels
(utils/install-cuda-wheels, run by utils/install-deps) the test is skipped
and says why.

The package is the wheel utils/test-python built (PTXINJECT_TEST_WHEEL),
installed with pip into a fresh venv beside the CUDA wheels: nothing is
compiled again. Inputs/pip_only_session.py is what runs there.
"""

import glob
import os
import shutil
import subprocess
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
SESSION = os.path.join(HERE, "Inputs", "pip_only_session.py")

# Where the wheels put nvJitLink and ptxas under site-packages: CUDA 13's
# share nvidia/cu13, CUDA 12's have a folder each.
CUDA_WHEEL_FOLDERS = {"13.5": ("nvidia/cu13", "nvidia/cu13"),
                      "12.9": ("nvidia/nvjitlink", "nvidia/cuda_nvcc")}


def _toolkit_folders():
    """Folders holding the system's CUDA, to hide: every /usr/local/cuda*
    (the links resolved), /opt/cuda, and /usr/local/include when a toolkit
    copied its headers there."""
    found = set()
    for path in glob.glob("/usr/local/cuda*") + ["/opt/cuda"]:
        if os.path.isdir(path):
            found.add(os.path.realpath(path))
    if os.path.exists("/usr/local/include/cuda_runtime.h"):
        found.add("/usr/local/include")
    return sorted(found)


def _requirements(version):
    wheel = os.environ.get("PTXINJECT_TEST_WHEEL", "")
    cuda_wheels = sorted(glob.glob(os.path.join(ROOT, "build", "deps", "cuda-" + version,
                                                "wheels", "*.whl")))
    if os.geteuid() != 0:
        pytest.skip("pip-only environment: needs root for a mount namespace (unshare -m)")
    if not shutil.which("unshare") or not shutil.which("mount"):
        pytest.skip("pip-only environment: needs unshare and mount (util-linux)")
    if not wheel or not os.path.exists(wheel):
        pytest.skip("pip-only environment: no package wheel (PTXINJECT_TEST_WHEEL; run utils/test-python)")
    if not cuda_wheels:
        pytest.skip("pip-only environment: no CUDA %s wheels (utils/install-cuda-wheels %s "
                    "build/deps/cuda-%s)" % (version, version, version))
    probe = subprocess.run(["unshare", "-m", "true"], capture_output=True, text=True)
    if probe.returncode != 0:
        pytest.skip("pip-only environment: unshare -m refused: " + probe.stderr.strip())
    return wheel, cuda_wheels


@pytest.mark.parametrize("version", sorted(CUDA_WHEEL_FOLDERS))
def test_package_works_with_cuda_from_wheels_only(version, tmp_path):
    wheel, cuda_wheels = _requirements(version)
    compiler = [w for w in cuda_wheels
                if os.path.basename(w).startswith(("nvidia_cuda_nvcc", "nvidia_nvvm"))]
    runtime = [w for w in cuda_wheels if w not in compiler]
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    python = str(venv / "bin" / "python")

    def pip_install(wheels):
        subprocess.run([sys.executable, "-m", "pip", "--python", python, "install", "-q",
                        "--no-index", "--no-deps", *wheels], check=True)

    # The package without numpy (--no-deps, no index): nothing the session
    # calls imports it.
    pip_install([wheel, *runtime])
    empty = tmp_path / "empty"
    empty.mkdir()
    mounts = "".join("mount --bind '%s' '%s' && " % (empty, d) for d in _toolkit_folders())
    home = tmp_path / "home"
    home.mkdir()
    env = {"PATH": "%s:/usr/bin:/bin" % (venv / "bin"), "HOME": str(home),
           "XDG_CACHE_HOME": str(home / "cache")}

    def session(phase):
        run = subprocess.run(["unshare", "-m", "sh", "-c", mounts + 'exec "$0" "$@"', python,
                              SESSION, *CUDA_WHEEL_FOLDERS[version], phase],
                             env=env, capture_output=True, text=True)
        print(run.stdout + run.stderr)
        assert run.returncode == 0, run.stdout + run.stderr
        assert "every step passed" in run.stdout

    session("runtime")
    if compiler:
        pip_install(compiler)
        session("compiler")
