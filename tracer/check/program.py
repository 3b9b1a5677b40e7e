"""A learner's program: read, its search functions found, and run under tracer's host.

The program runs as the learner's own program, with their permissions, in the current
folder, as ``python FILE`` or ``node FILE`` would run it: tracer only adds the recording.
Its standard input is empty unless given, its output is kept apart (the first 64 KiB of
each stream), and it stops at the time limit, its search at the call limit.
"""

from __future__ import annotations

import ast
import contextlib
import json
import os
import select
import shutil
import stat
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from ..errors import EnvironmentFault, InputError
from ..opening import open_for_reading
from . import jshints, pysource
from .jsinstrument import instrument
from .jstokens import JsSyntaxError
from .processes import guard_command
from .reading import Notation
from .record import KILLED, Function, Record, RecordReader

HOSTS = Path(__file__).resolve().parent / "hosts"
#: The most of each output stream kept for the report.
KEEP_BYTES = 64 * 1024
#: Read at most this much of a program file.
MAX_SOURCE = 4 * 1024 * 1024
LANGUAGES = {".py": "python", ".pyw": "python", ".js": "javascript", ".cjs": "javascript"}


@dataclass
class Program:
    """A learner's program, read and analysed, not yet run."""

    #: The path as the user gave it, and as an absolute path.
    path: str
    file: str
    #: ``python`` or ``javascript``.
    language: str
    functions: list[Function]
    #: Boards the source writes, each with the top-level name it is bound to (if any).
    hints: list[tuple[Notation, str | None]] = field(default_factory=list)
    #: The one-letter marks the source writes (``X``, ``o``, ...).
    marks: set[str] = field(default_factory=set)
    #: The AI's mark, if a top-level name says it.
    ai: str | None = None
    #: The instrumented JavaScript (None for Python, which the host decorates itself).
    instrumented: str | None = None


def load_program(path: str, wanted: list[str] | None = None) -> Program:
    """Read and analyse ``path``; InputError (exit status 2) if it cannot be checked."""
    try:
        with open_for_reading(path) as f:
            if not stat.S_ISREG(os.fstat(f.fileno()).st_mode):  # node and Python read it again, by name
                raise InputError("expected a program file, found a FIFO, a device or a folder", path)
            data = f.read(MAX_SOURCE + 1)
    except OSError as exc:
        raise InputError(f"cannot read the file: {exc.strerror}", path) from None
    language = LANGUAGES.get(Path(path).suffix.lower())
    if language is None:
        raise InputError(f"expected a Python (.py) or JavaScript (.js) program, found a "
                         f"{Path(path).suffix or 'file without a suffix'}", path)
    if len(data) > MAX_SOURCE:
        raise InputError(f"expected a program file, found more than {MAX_SOURCE // 2**20} MiB", path)
    file = os.path.abspath(path)
    program = _python(path, file, data, wanted) if language == "python" else _javascript(path, file, data, wanted)
    searches = [f for f in program.functions if f.role == "search"]
    if wanted:
        names = {f.name for f in program.functions}
        for name in wanted:
            if name not in names:
                raise InputError(f"no function named {name!r} (asked for by --function)", path)
    if not searches:
        raise InputError("no search function found: expected a function named minimax (or miniMax, "
                         "negamax, max_value/min_value); name yours with --function NAME", path)
    return program


def _python(path: str, file: str, data: bytes, wanted: list[str] | None) -> Program:
    _refuse_undecodable(path, data)
    try:
        tree = ast.parse(data, filename=path)
    except SyntaxError as exc:
        raise InputError(f"invalid Python: {exc.msg}", path, exc.lineno) from None
    except ValueError as exc:
        raise InputError(f"invalid Python: {exc}", path) from None
    return Program(path, file, "python", pysource.functions(tree, wanted), pysource.board_hints(tree),
                   pysource.mark_texts(tree), pysource.ai_hint(tree))


def _refuse_undecodable(path: str, data: bytes) -> None:
    """Refuse, as Python does, bytes its declared encoding (UTF-8 if none, PEP 263) cannot
    decode, wherever they are: ``ast.parse`` lets them by in a comment."""
    import io
    import tokenize

    try:
        encoding, _ = tokenize.detect_encoding(io.BytesIO(data).readline)
        codec = "utf-8" if encoding == "utf-8-sig" else encoding
        data.removeprefix(b"\xef\xbb\xbf").decode(codec)
    except SyntaxError as exc:  # an unknown encoding declared
        raise InputError(f"invalid Python: {exc.msg}", path) from None
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise InputError(f"invalid Python: a byte that is not {codec} ({data[exc.start:exc.start + 1]!r}), "
                         "the file's encoding (UTF-8 unless a coding line says otherwise, PEP 263): "
                         "Python refuses to run it", path, line) from None


def _javascript(path: str, file: str, data: bytes, wanted: list[str] | None) -> Program:
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise InputError("expected UTF-8 text, found undecodable bytes", path,
                         data[: exc.start].count(b"\n") + 1) from None
    try:
        done = instrument(text, wanted)
    except JsSyntaxError as exc:
        raise InputError(f"invalid JavaScript: {exc}", path, exc.line) from None
    functions = [Function.from_json(r.as_json()) for r in done.functions]
    return Program(path, file, "javascript", functions, jshints.board_hints(done.tokens),
                   jshints.mark_texts(done.tokens), jshints.ai_hint(done.tokens), done.source)


def interpreter(program: Program, python: str | None = None) -> str:
    """The program that runs the learner's file: node for JavaScript, Python for Python."""
    if program.language == "javascript":
        node = shutil.which("node")
        if node is None:
            raise InputError("cannot run a JavaScript program: node was not found on the PATH "
                             "(install Node.js)", program.path)
        return node
    return python or sys.executable


def runnable(runner: str) -> str:
    """``runner`` as a path that can be run (looked up on the PATH if a bare name), or
    EnvironmentFault naming why not: the guard that runs it cannot say so itself."""
    found = shutil.which(runner)
    if found is None:
        why = "not a program that can be run" if os.path.exists(runner) else "no such file or program"
        raise EnvironmentFault(f"cannot run {runner}: {why}")
    return os.path.abspath(found)


def node_check(program: Program) -> tuple[int | None, str] | None:
    """``(line, message)`` of the syntax error node finds in the program's own file, if any."""
    result = subprocess.run([interpreter(program), "--check", program.file], capture_output=True,
                            text=True, timeout=60)
    if result.returncode == 0:
        return None
    lines = result.stderr.splitlines()
    line = None
    if lines and lines[0].startswith(program.file + ":"):
        tail = lines[0][len(program.file) + 1:]
        line = int(tail) if tail.isdigit() else None
    message = next((text for text in lines if text.startswith("SyntaxError:")), "SyntaxError")
    return line, message.removeprefix("SyntaxError:").strip() or "a syntax error"


@dataclass
class Output:
    """What the program printed, kept apart from the report."""

    stdout: bytes = b""
    stderr: bytes = b""
    stdout_bytes: int = 0
    stderr_bytes: int = 0

    def text(self, stream: str) -> str:
        return getattr(self, stream).decode("utf-8", "replace")


class Host:
    """The learner's program running under tracer's host (hosts/host.js or hosts/pyhost.py)."""

    def __init__(self, program: Program, *, argv: list[str] | None = None, stdin: str | None = None,
                 timeout: float = 10.0, max_calls: int = 2_000_000, python: str | None = None):
        self.program = program
        self.timeout = timeout
        runner = runnable(interpreter(program, python))
        self.folder = tempfile.mkdtemp(prefix="tracer-check-")
        self.record = Record(program.functions, program.language)
        self.reader = RecordReader(self.record)
        self.output = Output()
        self.offsets = [0, 0]
        self.status = ""
        try:
            self._start(runner, argv or [], stdin, max_calls)
        except BaseException:
            self.close_files()
            raise

    def _start(self, runner: str, argv: list[str], stdin: str | None, max_calls: int) -> None:
        program = self.program
        config: dict[str, Any] = {
            "file": program.file, "argv0": program.path, "argv": argv, "dir": self.folder,
            "maxCalls": max_calls,
            "timeoutMs": int(self.timeout * 1000), "functions": [vars(f) for f in program.functions],
            "fakePage": True,
        }
        if program.instrumented is not None:
            config["source"] = os.path.join(self.folder, "instrumented.js")
            Path(config["source"]).write_text(program.instrumented, encoding="utf-8")
        command_r, self.command_w = os.pipe()
        self.notify_r, notify_w = os.pipe()
        control_r, self.control_w = os.pipe()
        config["commandFd"], config["notifyFd"] = command_r, notify_w
        config_path = os.path.join(self.folder, "config.json")
        Path(config_path).write_text(json.dumps(config), encoding="utf-8")
        host = HOSTS / ("host.js" if program.language == "javascript" else "pyhost.py")
        env = dict(os.environ, TRACER_CHECK_CONFIG=config_path)
        stdin_file: Any = subprocess.DEVNULL
        try:
            if stdin is not None:  # closed below, once the child has it; a FIFO never waited on
                stdin_file = open_for_reading(stdin)
            # The guard starts the host and ends the program's whole process tree with the
            # check (see processes.py); in a session of its own, away from terminal signals.
            self.process = subprocess.Popen(
                guard_command(control_r, self.folder, [runner, str(host)]), stdin=stdin_file,
                stdout=subprocess.PIPE, stderr=subprocess.PIPE, pass_fds=(command_r, notify_w, control_r),
                env=env, start_new_session=True)
        except OSError as exc:
            self.close_files()
            raise EnvironmentFault(f"cannot run {runner}: {exc.strerror}") from None
        finally:
            for fd in (command_r, notify_w, control_r):
                os.close(fd)
            if stdin is not None and not isinstance(stdin_file, int):
                stdin_file.close()
        self.started = time.monotonic()
        self.threads = [self._keep(self.process.stdout, "stdout"), self._keep(self.process.stderr, "stderr")]

    def _keep(self, stream: IO[bytes] | None, name: str) -> threading.Thread:
        """Read one output stream as it comes, keeping its start (kept so far, even if a
        process the program left holds the stream open past the check's end)."""
        def drain() -> None:
            assert stream is not None
            kept = bytearray()
            total = 0
            while chunk := stream.read1(65536) if hasattr(stream, "read1") else stream.read(65536):
                total += len(chunk)
                if len(kept) < KEEP_BYTES:
                    kept.extend(chunk[: KEEP_BYTES - len(kept)])
                    setattr(self.output, name, bytes(kept))
                setattr(self.output, f"{name}_bytes", total)

        thread = threading.Thread(target=drain, daemon=True)
        thread.start()
        return thread

    # ---- the conversation ------------------------------------------------------------------

    def wait(self) -> str:
        """Wait for the program's run to end: ``done``, ``exit``, ``error``, ``limit``, ``killed``
        (past the time limit, stopped by tracer) or ``died`` (it ended without a word)."""
        self.status = self._note(self.timeout)
        return self.status

    def ask(self, command: dict[str, Any]) -> str:
        """Ask for one call; ``done``, ``missing`` (no such function to call), ``limit``,
        ``killed`` or ``died``."""
        if self.process.poll() is not None:
            return "died"
        try:
            os.write(self.command_w, (json.dumps(command) + "\n").encode("utf-8"))
        except OSError:
            return "died"
        return self._note(self.timeout)

    def _note(self, timeout: float) -> str:
        deadline = time.monotonic() + timeout + 2.0  # the host stops itself first, if it can
        line = b""
        while not line.endswith(b"\n"):
            left = deadline - time.monotonic()
            if left <= 0:
                self._kill()
                self.refresh()
                if not self.record.limit:
                    self.record.limit = KILLED
                self.reader.close_all()
                return "killed"
            ready, _, _ = select.select([self.notify_r], [], [], min(left, 0.05))
            if not ready:
                self.refresh()  # read the calls as they come: the host writes them in chunks
                continue
            chunk = os.read(self.notify_r, 1)
            if not chunk:  # the host has ended, and with it its whole tree (see processes.py)
                self.refresh()
                self.reader.close_all()
                return "died"
            line += chunk
        self.refresh()
        text = line.decode("utf-8").strip()
        return text.removeprefix("ready ")

    def refresh(self) -> None:
        """Read what the host has written since the last time (whole lines, whole pairs)."""
        for index, name in enumerate(("values.txt", "events.bin")):
            try:
                with open(os.path.join(self.folder, name), "rb") as f:
                    f.seek(self.offsets[index])
                    data = f.read()
            except OSError:
                continue
            if index == 0:
                usable = data.rfind(b"\n") + 1
                self.reader.feed_values(data[:usable].decode("utf-8", "replace"))
            else:
                usable = len(data) - len(data) % 8
                self.reader.feed(data[:usable])
            self.offsets[index] += usable

    def _kill(self) -> None:
        """End the program's whole tree now, and wait (a little) until it has ended."""
        with contextlib.suppress(OSError):
            os.write(self.control_w, b"k")
        self._await_end(5.0)

    def _await_end(self, seconds: float) -> bool:
        """Wait up to ``seconds`` for the host's tree to end (its notify pipe closes),
        dropping what it still says; whether it ended."""
        deadline = time.monotonic() + seconds
        while (left := deadline - time.monotonic()) > 0:
            ready, _, _ = select.select([self.notify_r], [], [], left)
            if ready and not os.read(self.notify_r, 4096):
                return True
        return False

    def close(self, now: bool = False) -> None:
        """End the program (it has nothing more to do; ``now``: the check itself is ending,
        on an error or a signal) and keep what it printed; nothing of it is left running."""
        with contextlib.suppress(OSError):
            os.close(self.command_w)  # the host ends itself when tracer has nothing more to ask
        if now or not self._await_end(5.0):
            self._kill()
        self.refresh()
        with contextlib.suppress(OSError):
            os.close(self.control_w)  # the guard removes the folder and ends
        try:
            self.process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        for thread in self.threads:
            thread.join(timeout=1)
        for stream, thread in zip((self.process.stdout, self.process.stderr), self.threads, strict=True):
            if stream is not None and not thread.is_alive():
                stream.close()
        self.close_files()

    def close_files(self) -> None:
        with contextlib.suppress(OSError, AttributeError):  # AttributeError: it failed before the pipes
            os.close(self.notify_r)
        shutil.rmtree(self.folder, ignore_errors=True)
