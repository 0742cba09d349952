"""The package's one way to write a file: all or nothing, through the
library's writer (a temporary of a unique name beside it, then a rename), so
a reader never sees half a file and two writers in one folder never share a
temporary."""

from __future__ import annotations

import os
from typing import Union

from ._core import _write_file


def write_atomically(path: Union[str, os.PathLike], data: Union[str, bytes]) -> None:
    """Raises ptxinject.Error naming the file when it cannot be written."""
    _write_file(os.fspath(path), data.encode() if isinstance(data, str) else bytes(data))
