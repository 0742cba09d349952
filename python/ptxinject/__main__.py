"""``python -m ptxinject doctor``: what this machine has for the package
(ptxinject.doctor()), where the ``ptxinject`` command line tool is not
installed, as with a wheel."""

from __future__ import annotations

import sys


def main(argv=None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if args != ["doctor"]:
        print("usage: python -m ptxinject doctor", file=sys.stderr)
        return 2
    from . import doctor

    doctor()
    return 0


if __name__ == "__main__":
    sys.exit(main())
