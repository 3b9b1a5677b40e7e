"""Opening a file without waiting on a FIFO's other end.

``open()`` on a FIFO waits until another process opens its other end, which might never
come; these do not wait: a FIFO no one writes reads as empty, and one no one reads within
seconds is refused. Any other file opens as usual.
"""

from __future__ import annotations

import errno
import os
import time
from typing import IO, Any


def open_for_reading(path: str) -> IO[bytes]:
    """``open(path, "rb")``, without waiting for a FIFO's writer (OSError as open raises it)."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    _block(fd)
    return os.fdopen(fd, "rb")


#: How long a FIFO given as an output may take to find its reader (seconds).
READER_PATIENCE = 10.0


def open_for_writing(path: str | os.PathLike[str], mode: str, **kwargs: Any) -> IO[Any]:
    """``open(path, mode)`` for a file written in place (a device, a FIFO): a FIFO no process
    reads within READER_PATIENCE raises OSError (ENXIO) instead of waiting for ever."""
    flags = os.O_WRONLY | os.O_CREAT | (os.O_APPEND if "a" in mode else os.O_TRUNC)
    deadline = time.monotonic() + READER_PATIENCE
    while True:
        try:
            fd = os.open(path, flags | getattr(os, "O_NONBLOCK", 0), 0o666)
            break
        except OSError as exc:
            if exc.errno != errno.ENXIO or time.monotonic() > deadline:
                raise
            time.sleep(0.05)  # its reader may be starting (``cat fifo &``)
    _block(fd)
    return os.fdopen(fd, mode, **kwargs)


def _block(fd: int) -> None:
    """Reads and writes wait again once it is open, as on any file."""
    if hasattr(os, "set_blocking"):
        os.set_blocking(fd, True)
