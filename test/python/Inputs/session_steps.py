"""What the fresh-venv sessions (pip_only_session.py, wheel_session.py) share:
each step prints ok or FAIL with its detail, and the first failure ends the
session with exit status 1."""

import sys


def step(name, ok, detail=""):
    print(("ok   " if ok else "FAIL ") + name + (": " + detail if detail else ""), flush=True)
    if not ok:
        sys.exit(1)
