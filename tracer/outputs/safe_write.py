"""The one safe way tracer writes a file (or standard output).

What a write must never do, and how this module avoids it:

* replace something that is not a regular file: a device (``/dev/null``), a FIFO or a
  ``/dev/stdout``-like path is written directly, never renamed over;
* break a link: a symlink is followed to its final target, and the target is replaced,
  so the link stays; a file with other hard links is rewritten in place (after the new
  contents were written in full to a temporary file, so a full disk is found before the
  old contents are touched), so every link keeps seeing the file;
* change a file's permissions: the new file gets the old one's mode (and, as root, its
  owner and group);
* leave a half-written file or a ``.NAME.<random>`` temporary behind: a regular file is
  written to a temporary file beside it and renamed into place only once complete;
  the temporary file is removed on an exception, on SIGTERM and on SIGINT;
* end in a traceback: an OSError while writing becomes one EnvironmentFault line.
"""

from __future__ import annotations

import codecs
import contextlib
import errno
import io
import os
import stat
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any, TextIO

from ..errors import EnvironmentFault, safe_name

#: Temporary files a write in progress owns; a signal handler removes them.
_LIVE_TEMPS: set[str] = set()
_previous: dict[int, Any] = {}
#: Longest name, in bytes, kept from the target in a temporary file's name: with the
#: dots and mkstemp's 8 random characters it stays far below NAME_MAX (255).
_TEMP_NAME_BYTES = 100
#: Paths through which a process sees its own open files: never rename over them.
_DIRECT_PREFIXES = ("/proc/", "/dev/fd/")
_REASONS = {errno.ENOSPC: "the disk is full", errno.EDQUOT: "the disk is full",
            errno.EROFS: "the file system is read-only", errno.ENXIO: "it is a FIFO no process reads"}


def fault(path: str | os.PathLike[str], exc: OSError) -> EnvironmentFault:
    """An OSError met while writing ``path``, as one line."""
    return EnvironmentFault(f"cannot write {safe_name(os.fspath(path))}: {_reason(exc)}")


def _reason(exc: OSError) -> str:
    return _REASONS.get(exc.errno or 0, exc.strerror or str(exc))


def final_target(path: str | os.PathLike[str]) -> tuple[Path, bool]:
    """Follow ``path``'s symlinks to the file a write really changes: ``(target, direct)``,
    ``direct`` when it must be written in place (a device, a FIFO, a ``/dev/stdout``-like path,
    whose final target is whatever the process's descriptor points at)."""
    current = os.path.abspath(os.fspath(path))
    for _ in range(64):
        # The folder's links first: a folder linked to /dev/fd holds descriptors too.
        current = os.path.join(os.path.realpath(os.path.dirname(current)), os.path.basename(current))
        if current.startswith(_DIRECT_PREFIXES):
            return Path(current), True
        if not os.path.islink(current):
            break
        current = os.path.join(os.path.dirname(current), os.readlink(current))
    else:
        raise EnvironmentFault(f"cannot write {safe_name(os.fspath(path))}: too many symlinks")
    try:
        st = os.stat(current)
    except FileNotFoundError:
        return Path(current), False
    except OSError as exc:
        raise fault(path, exc) from None
    if stat.S_ISDIR(st.st_mode):
        raise EnvironmentFault(f"cannot write {safe_name(os.fspath(path))}: it is a folder")
    return Path(current), not stat.S_ISREG(st.st_mode)


def _own_descriptor(target: Path) -> int | None:
    """N for ``/dev/fd/N`` or ``/proc/self/fd/N`` (this process's open descriptor N)."""
    parts = target.parts
    for prefix in ("/", "proc", "self", "fd"), ("/", "proc", str(os.getpid()), "fd"), ("/", "dev", "fd"):
        if parts[: len(prefix)] == prefix and len(parts) == len(prefix) + 1 and parts[-1].isdigit():
            return int(parts[-1])
    return None


def same_file(a: str | os.PathLike[str], b: str | os.PathLike[str]) -> bool:
    """Whether writing ``a`` would change what ``b`` names (symlinks and hard links
    included); for the CLI to refuse two outputs, or an output naming an input."""
    if os.fspath(a) == "-" or os.fspath(b) == "-":
        return os.fspath(a) == os.fspath(b)
    try:
        target_a, target_b = final_target(a)[0], final_target(b)[0]
    except EnvironmentFault:
        return False
    try:
        return target_a == target_b or os.path.samefile(target_a, target_b)
    except OSError:  # one of them does not exist yet: different paths, different files
        return False


def _remove(temp: str) -> None:
    if os.path.isdir(temp) and not os.path.islink(temp):
        import shutil  # shutil and signal where used: most runs write no file and need neither

        shutil.rmtree(temp, ignore_errors=True)
    else:
        with contextlib.suppress(OSError):
            os.unlink(temp)


def _remove_temps_and_resend(signum: int, frame: object) -> None:
    for temp in list(_LIVE_TEMPS):
        _remove(temp)
    _LIVE_TEMPS.clear()
    # Hand the signal to whoever handled it before (by default: die of it, or
    # KeyboardInterrupt for SIGINT), so the exit status is the conventional one.
    import signal

    signal.signal(signum, _previous.get(signum, signal.SIG_DFL))
    os.kill(os.getpid(), signum)


def _guard_signals() -> None:
    """While a temporary file exists, SIGTERM, SIGINT and SIGHUP remove it before acting."""
    if _previous or threading.current_thread() is not threading.main_thread():
        return
    import signal

    for signum in (signal.SIGTERM, signal.SIGINT, getattr(signal, "SIGHUP", None)):
        if signum is not None:  # no SIGHUP on Windows
            _previous[signum] = signal.signal(signum, _remove_temps_and_resend)


def _release_signals() -> None:
    if _LIVE_TEMPS or not _previous:
        return
    import signal

    for signum, handler in _previous.items():
        signal.signal(signum, handler)
    _previous.clear()


class atomic_writer:  # noqa: N801 - used like open()
    """``with atomic_writer(path) as f:`` writes ``path`` safely, as the module's notes say."""

    def __init__(self, path: str | os.PathLike[str], mode: str = "w"):
        self.path = path
        self.mode = mode
        self.tmp: str | None = None
        self.file: IO[Any]

    def __enter__(self) -> TextIO:
        self.target, direct = final_target(self.path)
        kwargs: dict[str, Any] = {} if "b" in self.mode else {"encoding": "utf-8", "newline": "\n"}
        try:
            if not direct:
                import tempfile  # lazily: it imports random, and most runs write no file

                _guard_signals()
                prefix = "." + os.fsdecode(os.fsencode(self.target.name)[:_TEMP_NAME_BYTES]) + "."
                fd, self.tmp = tempfile.mkstemp(prefix=prefix, dir=self.target.parent)
                _LIVE_TEMPS.add(self.tmp)
                self._copy_permissions(fd)
                self.file = os.fdopen(fd, self.mode, **kwargs)
            elif (descriptor := _own_descriptor(self.target)) is not None:
                # Write through a copy of the descriptor: opening the path would
                # truncate a file that standard output was redirected to.
                self.file = os.fdopen(os.dup(descriptor), self.mode, **kwargs)
            else:  # a FIFO no process reads is refused, not waited on
                from ..opening import open_for_writing

                self.file = open_for_writing(self.target, self.mode, **kwargs)
        except OSError as exc:
            self._discard()
            raise fault(self.path, exc) from None
        return self.file  # type: ignore[return-value]

    def _copy_permissions(self, fd: int) -> None:
        """The old file's mode (and owner, as root); a new file gets open()'s mode. Windows has no
        ``fchmod`` before Python 3.13 (``chmod`` does the same), nor an owner to keep."""
        try:
            old = os.stat(self.target)
            mode = stat.S_IMODE(old.st_mode)
            if hasattr(os, "geteuid") and os.geteuid() == 0 and hasattr(os, "fchown"):
                os.fchown(fd, old.st_uid, old.st_gid)
        except FileNotFoundError:
            umask = os.umask(0)
            os.umask(umask)
            mode = 0o666 & ~umask
        if hasattr(os, "fchmod"):
            os.fchmod(fd, mode)
        else:
            os.chmod(self.tmp, mode)  # type: ignore[arg-type]

    def __exit__(self, kind: object, value: object, tb: object) -> None:
        try:
            self.file.close()
            if kind is None and self.tmp is not None and _STAGED is not None:
                _STAGED.append(self)  # complete: moved into place with the run's other files
                return
            if kind is None and self.tmp is not None:
                self._move_into_place()
        except OSError as exc:
            self._discard()
            if kind is None:
                raise fault(self.path, exc) from None
        self._discard()
        if isinstance(value, OSError):
            raise fault(self.path, value) from None

    def _move_into_place(self) -> None:
        assert self.tmp is not None
        try:
            links = os.stat(self.target).st_nlink
        except FileNotFoundError:
            links = 1
        if links > 1:
            # Renaming would cut this name off the other hard links: copy the complete
            # new contents into the existing file instead.
            import shutil

            with open(self.tmp, "rb") as new, open(self.target, "r+b") as old:
                old.truncate(0)
                shutil.copyfileobj(new, old, 1 << 20)
            return
        os.replace(self.tmp, self.target)
        _LIVE_TEMPS.discard(self.tmp)
        self.tmp = None

    def _discard(self) -> None:
        if self.tmp is not None:
            with contextlib.suppress(OSError):
                os.unlink(self.tmp)
            _LIVE_TEMPS.discard(self.tmp)
            self.tmp = None
        _release_signals()


#: Files written completely inside ``staged_writes()``, waiting to be moved into place.
_STAGED: list[atomic_writer] | None = None


@contextlib.contextmanager
def staged_writes() -> Iterator[None]:
    """All or nothing for several files: each is written in full to its temporary file, and all
    are moved into place only once every write in the block has succeeded (a failure anywhere
    leaves every target as it was and no temporary file behind)."""
    global _STAGED
    outer, _STAGED = _STAGED, []
    staged = _STAGED
    try:
        yield
        for writer in staged:
            try:
                writer._move_into_place()
            except OSError as exc:
                raise fault(writer.path, exc) from None
    finally:
        _STAGED = outer
        for writer in staged:
            writer._discard()


@contextlib.contextmanager
def temporary_folder(beside: Path) -> Iterator[Path]:
    """A private folder beside ``beside`` (so renames out of it stay on one file system),
    removed afterwards, also on SIGTERM and SIGINT."""
    import tempfile

    _guard_signals()
    try:
        path = tempfile.mkdtemp(prefix=".tracer-", dir=beside.parent)
    except OSError as exc:
        _release_signals()
        raise fault(beside, exc) from None
    _LIVE_TEMPS.add(path)
    try:
        yield Path(path)
    finally:
        _remove(path)
        _LIVE_TEMPS.discard(path)
        _release_signals()


def write_atomically(path: str | os.PathLike[str], data: bytes | str) -> None:
    """Write a whole file safely: a failure leaves any earlier file untouched."""
    with atomic_writer(path, "wb" if isinstance(data, bytes) else "w") as handle:
        handle.write(data)  # type: ignore[arg-type]


#: Errors that mean standard output itself is gone or full (a file's are turned into
#: EnvironmentFault where it is written).
_STDOUT_ERRNOS = {errno.EPIPE, errno.ENOSPC, errno.EDQUOT, errno.EBADF, errno.EIO, errno.ECONNRESET}


class ClosedStream(io.TextIOBase):
    """Stands in for standard output when descriptor 1 was closed before Python started:
    writing to it fails like writing to a closed descriptor (nothing asks it whether it is writable)."""

    def write(self, text: Any) -> int:  # text, or bytes through ``buffer``
        raise OSError(errno.EBADF, "Bad file descriptor")

    @property
    def buffer(self) -> ClosedStream:
        return self


class ReaderGone(EnvironmentFault):
    """Standard output is a pipe whose reader has left (``trace … | head``): the reader
    took what it wanted, so the command line ends quietly, with exit status 0."""


@contextlib.contextmanager
def stdout_guard() -> Iterator[None]:
    """Around code that writes to standard output: a closed, full or broken output
    (EPIPE, ENOSPC, EBADF) becomes one EnvironmentFault line instead of a traceback
    (a ReaderGone for a pipe whose reader left)."""
    if sys.stdout is None:  # descriptor 1 was closed when Python started
        sys.stdout = ClosedStream()
    try:
        yield
        sys.stdout.flush()
    except OSError as exc:
        if exc.errno not in _STDOUT_ERRNOS:
            raise
        # Point descriptor 1 at /dev/null, so that Python's last flush at exit cannot
        # print a second error.
        with contextlib.suppress(OSError, ValueError, AttributeError, io.UnsupportedOperation):
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
            os.close(devnull)
        reason = "it is closed" if exc.errno == errno.EBADF else _reason(exc)
        kind = ReaderGone if exc.errno == errno.EPIPE else EnvironmentFault
        raise kind(f"cannot write to standard output: {reason}") from None
    except ValueError:
        if not getattr(sys.stdout, "closed", False):
            raise
        raise EnvironmentFault("cannot write to standard output: it is closed") from None


def write_stdout(data: bytes | str) -> None:
    """Write ``data`` (a file's contents: text is written in UTF-8, whatever the console's
    encoding) to standard output and flush it, safely (see stdout_guard)."""
    with stdout_guard():
        if isinstance(data, str) and hasattr(sys.stdout, "buffer"):
            data = data.encode("utf-8")
        if isinstance(data, bytes):
            sys.stdout.flush()
            sys.stdout.buffer.write(data)
            sys.stdout.buffer.flush()
        else:
            sys.stdout.write(data)


@contextlib.contextmanager
def utf8_stdout() -> Iterator[TextIO]:
    """Standard output as text in UTF-8, whatever the console's encoding: for a file
    format (JSON, DOT, a page) streamed there, which is UTF-8 by definition."""
    with stdout_guard():
        sys.stdout.flush()
        buffer = getattr(sys.stdout, "buffer", None)
        if buffer is None or is_utf8(getattr(sys.stdout, "encoding", None)):
            yield sys.stdout
            sys.stdout.flush()
            return
        stream = io.TextIOWrapper(buffer, encoding="utf-8", newline="\n", write_through=True)
        try:
            yield stream
            stream.flush()
        finally:
            with contextlib.suppress(OSError, ValueError):  # a broken pipe is stdout_guard's
                stream.detach()  # standard output itself stays open


def is_utf8(encoding: str | None) -> bool:
    try:
        return encoding is not None and codecs.lookup(encoding).name == "utf-8"
    except LookupError:
        return False
