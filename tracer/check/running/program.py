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
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import IO, Any

from ...errors import EnvironmentFault, InputError
from ...opening import open_for_reading
from ..source import jsfacts, pysource
from ..source.jsprogram import (
    PAGE_SUFFIXES,
    Script,
    commonjs_files,
    instrument_scripts,
    module_files,
    not_module_reason,
    package_type,
    page_scripts,
    read_bytes,
    read_text,
    refuse_module_syntax,
    runs_as_module,
    shown,
    utf8_text,
    with_suffixes,
)
from ..source.parameters import KNOWN_NOT_BOARD, role
from ..source.sourcefacts import BoardVariable, SourceFacts
from ..values.reading import UNKNOWN, Notation, is_number
from .processes import guard_command
from .record import KILLED, Function, Record, RecordReader

HOSTS = Path(__file__).resolve().parent / "hosts"
KEEP_BYTES = 64 * 1024  # of each output stream, for the report
MAX_SOURCE = 4 * 1024 * 1024
LANGUAGES = {".py": "python", ".pyw": "python", ".js": "javascript", ".cjs": "javascript", ".mjs": "javascript",
             ".html": "javascript", ".htm": "javascript"}


@dataclass
class Program:
    """A learner's program, read and analysed, not yet run."""

    path: str  # the file of the search checked, as the user would write it
    file: str  # the same, absolute
    language: str  # "python" or "javascript"
    functions: list[Function]
    # Boards the source writes, each with the top-level name it is bound to (if any).
    hints: list[tuple[Notation, str | None]] = field(default_factory=list)
    marks: set[str] = field(default_factory=set)  # the one-letter marks the source writes
    ai: str | None = None  # the AI's mark, if a top-level name says it
    instrumented: str | None = None  # one JavaScript file's text that runs (Python's host decorates)
    facts: SourceFacts = field(default_factory=SourceFacts)
    modules: dict[str, str] = field(default_factory=dict)  # Python modules defining a search: name -> file
    # A JavaScript program in several files: each file, in the order they load.
    scripts: list[Script] = field(default_factory=list)
    entry: str = ""  # the file the user gave, if not ``path`` (a page, a module importing the search)
    libraries: list[str] = field(default_factory=list)  # a page's libraries the host stands in for (p5)

    @property
    def given(self) -> str:
        return self.entry or self.path


def load_program(path: str, wanted: list[str] | None = None, with_files: list[str] | None = None) -> Program:
    """Read and analyse ``path`` (after the scripts ``with_files``, loaded first, in order);
    InputError (exit status 2) if it cannot be checked."""
    data = read_bytes(path, what="a program file", most=MAX_SOURCE + 1)
    language = LANGUAGES.get(Path(path).suffix.lower())
    if language is None:
        raise InputError(f"expected a Python (.py) or JavaScript (.js) program, or a page (.html), found a "
                         f"{Path(path).suffix or 'file without a suffix'}", path)
    if with_files and language != "javascript":
        raise InputError("--with loads JavaScript files before the program: expected a JavaScript program", path)
    if with_files or Path(path).suffix.lower() in PAGE_SUFFIXES:
        return _checked(_javascript_files(path, wanted, with_files or []), wanted)
    if len(data) > MAX_SOURCE:
        raise InputError(f"expected a program file, found more than {MAX_SOURCE // 2**20} MiB", path)
    file = os.path.abspath(path)
    if language == "javascript":
        text = data.decode("utf-8", "replace")
        if runs_as_module(file, text):
            return _checked(_javascript_files(path, wanted, []), wanted)
        refuse_module_syntax(Script(path, file, False, text), not_module_reason(file))
        if "require" in text and len(commonjs_files(Script(path, file, False, text))) > 1:
            return _checked(_javascript_files(path, wanted, []), wanted)
    program = _python(path, file, data, wanted) if language == "python" else _javascript(path, file, data, wanted)
    return _checked(program, wanted)


def _checked(program: Program, wanted: list[str] | None) -> Program:
    """``program`` if it has a search function (and every one ``--function`` names)."""
    with_facts(program)
    path = program.path
    searches = [f for f in program.functions if f.role == "search"]
    if wanted:
        names = {f"{f.module}.{f.name}" if f.module else f.name for f in program.functions}
        for name in wanted:
            if name not in names:
                raise InputError(f"no function named {name!r} (asked for by --function)", path)
    if not searches:
        raise InputError("no search function found: expected a function named minimax (or miniMax, "
                         "negamax, max_value/min_value), or one that calls itself; name yours with "
                         "--function NAME", path)
    return program


def _python(path: str, file: str, data: bytes, wanted: list[str] | None) -> Program:
    _refuse_undecodable(path, data)
    try:
        tree = ast.parse(data, filename=path)
    except SyntaxError as exc:
        raise InputError(f"invalid Python: {exc.msg}", path, exc.lineno) from None
    except ValueError as exc:
        raise InputError(f"invalid Python: {exc}", path) from None
    local = [name for name in wanted or [] if "." not in name]
    searches, modules = _module_searches(path, tree, [name for name in wanted or [] if "." in name])
    functions = pysource.functions(tree, local or None, frozenset(f.name for f in searches))
    if not searches and not any(f.role == "search" for f in functions) and not wanted:
        # None named: the searches of the modules it imports, else a function calling itself.
        searches, modules = _module_searches(path, tree, None)
        functions = pysource.functions(tree, None, frozenset(f.name for f in searches))
        if not searches and not any(f.role == "search" for f in functions):
            functions = pysource.functions(tree, None, recursive=True)
    for fn in functions:
        if fn.reach == "nested" and all(role(p) in KNOWN_NOT_BOARD for p in fn.params):
            fn.board = pysource.closure_board(tree, fn.name)  # a board its enclosing function holds
    trees = [tree, *modules.values()]
    # The report names the file of the search it checks; the program's own file is what runs.
    home = searches[0].module if searches else ""
    shown = os.path.join(os.path.dirname(path), *home.split(".")) + ".py" if home else path
    return Program(shown, _module_file(path, home) if home else file, "python", searches + functions,
                   [h for t in trees for h in pysource.board_hints(t)], pysource.mark_texts(tree),
                   pysource.ai_hint(tree),
                   facts=pysource.facts(*trees, searches={f.name for f in searches + functions if f.role == "search"}),
                   modules={name: _module_file(path, name) for name in modules}, entry=path)


def _javascript_files(path: str, wanted: list[str] | None, with_files: list[str]) -> Program:
    """A JavaScript program in several files: ``--with`` scripts, a page's scripts, modules."""
    scripts = [Script(p, os.path.abspath(p), False, read_text(p, "--with")) for p in with_files]
    for script in scripts:
        refuse_module_syntax(script, "--with loads classic scripts, as a page's <script> without type=\"module\"")
    libraries: list[str] = []
    if Path(path).suffix.lower() in PAGE_SUFFIXES:
        page, libraries = page_scripts(path)
        for script in page:
            if not script.module:
                refuse_module_syntax(script, "a <script> without type=\"module\" is a classic script")
        scripts += page
    else:
        text = read_text(path)
        module = runs_as_module(os.path.abspath(path), text)
        scripts.append(Script(path, os.path.abspath(path), module, text, commonjs=not module and not with_files))
    scripts = _with_imports(scripts)
    if not scripts:
        raise InputError("expected a page with scripts of its own (<script src=\"FILE.js\"> or inline), found "
                         "none: scripts from other sites are libraries, not the program", path)
    done = instrument_scripts(scripts, wanted)
    functions = done[0].functions
    first = next((f.name for f in functions if f.role == "search"), None)
    home = next((k for k, d in enumerate(done) if any(fn.name == first for fn in d.parsed.functions)), None)
    shown, file = (scripts[home].path, scripts[home].file) if home is not None else (path, os.path.abspath(path))
    return Program(shown, file, "javascript", functions,
                   [h for d in done for h in jsfacts.board_hints(d.parsed)],
                   set().union(*(jsfacts.mark_texts(d.parsed) for d in done)),
                   next((ai for d in done if (ai := jsfacts.ai_hint(d.parsed))), None), None,
                   jsfacts.facts(*(d.parsed for d in done), searches={f.name for f in functions if f.role == "search"}),
                   scripts=scripts, entry=path, libraries=libraries)


def _with_imports(scripts: list[Script]) -> list[Script]:
    """The scripts with each module's own imported files before it (each file once)."""
    out: list[Script] = []
    seen: set[str] = set()
    for script in scripts:
        files = module_files(script) if script.module else commonjs_files(script) if script.commonjs \
            else [script.file]
        for file in files:
            key = script.key if file == script.file else file
            if key in seen:
                continue
            seen.add(key)
            found = script if file == script.file else Script(shown(file, script), file, script.module,
                                                               read_text(file), commonjs=script.commonjs)
            if found.module:
                found.text = with_suffixes(found.text, file)
            out.append(found)
    return out


def with_facts(program: Program) -> None:
    """Add the way ``program``'s search reads cells (the empty token and the marks it compares
    cells with) as its last board hint, for a program that writes no whole board."""
    facts = program.facts
    if facts.marks is not None and is_number(facts.marks[0]):
        # Numbers are X and O as the program shows them ({1: "O", -1: "X"}): its boards too.
        program.hints = [(replace(n, marks=facts.marks) if is_number(n.marks[0]) else n, name)
                         for n, name in program.hints]
        facts.boards = [replace(b, notation=replace(b.notation, marks=facts.marks))
                        if is_number(b.notation.marks[0]) else b for b in facts.boards]
    if facts.empty != UNKNOWN and facts.marks is not None:
        shape = facts.boards[0].notation.shape if facts.boards else "flat"
        program.hints.append((Notation(shape, facts.empty, facts.marks), None))
    for fn in program.functions:
        if fn.role == "search":
            fn.board = fn.board or board_read(fn, facts.boards)


def board_read(fn: Function, boards: list[BoardVariable]) -> str:
    """The top-level board a search that takes no board reads (see Function.board): the one its
    body names, else the program's only one (its helpers read it); "" if it takes a board."""
    if not boards or any(role(p) not in KNOWN_NOT_BOARD for p in fn.params):
        return ""
    named = [b.name for b in boards if fn.name in b.readers]
    if named:
        return named[0]
    return boards[0].name if len(boards) == 1 else ""


def _module_file(path: str, module: str) -> str:
    """Where ``import module`` finds a module of the program's folder."""
    return os.path.join(os.path.dirname(os.path.abspath(path)), *module.split(".")) + ".py"


def _module_searches(path: str, tree: ast.Module,
                     dotted: list[str] | None) -> tuple[list[Function], dict[str, ast.Module]]:
    """The searches defined in modules of the program's folder: those ``--function module.name``
    names, or (``dotted`` None) the search functions of the modules the program imports."""
    wanted: dict[str, list[str] | None] = {}
    for name in dotted or []:
        module, _, function = name.rpartition(".")
        if not os.path.isfile(_module_file(path, module)):
            raise InputError(f"no module {module!r} in the program's folder (asked for by --function {name})", path)
        wanted.setdefault(module, []).append(function)  # type: ignore[union-attr]
    if dotted is None:
        wanted = {m: None for m in pysource.local_imports(tree) if os.path.isfile(_module_file(path, m))}
    found: list[Function] = []
    trees: dict[str, ast.Module] = {}
    for module, names in wanted.items():
        file = _module_file(path, module)
        try:
            with open(file, "rb") as f:
                trees[module] = ast.parse(f.read(), filename=file)
        except SyntaxError as exc:
            raise InputError(f"invalid Python: {exc.msg}", file, exc.lineno) from None
        except (OSError, ValueError) as exc:
            raise InputError(f"cannot read the module {module!r}: {exc}", file) from None
        for fn in pysource.functions(trees[module], names):
            if fn.role == "search":
                fn.module = module
                found.append(fn)
    return found, {m: t for m, t in trees.items() if any(f.module == m for f in found)}


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
    [done] = instrument_scripts([Script(path, file, False, utf8_text(data, path), commonjs=True)], wanted)
    functions = done.functions
    parsed = done.parsed
    searches = {f.name for f in functions if f.role == "search"}
    return Program(path, file, "javascript", functions, jsfacts.board_hints(parsed), jsfacts.mark_texts(parsed),
                   jsfacts.ai_hint(parsed), done.source, jsfacts.facts(parsed, searches=searches))


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


def _files_config(program: Program, folder: str) -> dict[str, Any]:
    """The host's settings for a program in several files, their instrumented texts written:
    classic scripts each to a file; modules to a copy of their folder, at the same places."""
    def written(name: str, script: Script) -> str:
        Path(folder, name).write_text(script.instrumented, encoding="utf-8")
        return os.path.join(folder, name)

    config: dict[str, Any] = {"main": os.path.abspath(program.entry)}
    required = [s for s in program.scripts if s.commonjs]
    if required:
        config["required"] = {s.file: written(f"required-{k}.js", s) for k, s in enumerate(required)}
    classic = [s for s in program.scripts if not s.module and not s.commonjs]
    if classic:
        config["scripts"] = [{"file": s.file, "source": written(f"script-{k}.js", s)} for k, s in enumerate(classic)]
    modules = [s for s in program.scripts if s.module]
    if modules:
        _, package = package_type(modules[-1].file)
        root = os.path.commonpath([os.path.dirname(s.file) for s in modules]
                                  + ([os.path.dirname(package)] if package else []))
        copy = os.path.join(folder, "copy")
        config["entry"], config["copyOf"], config["renamed"] = [], [copy, root], []
        for script in modules:
            dest = os.path.join(copy, os.path.relpath(script.key, root))
            if script.runs_as:
                # An inline module runs from a file beside the page's copy; its errors name the page.
                config["renamed"].append([os.path.join(root, os.path.relpath(script.key, root)), script.file])
            os.makedirs(os.path.dirname(dest), exist_ok=True)
            Path(dest).write_text(script.instrumented, encoding="utf-8")
            config["entry"].append(dest)
            if script.file == program.file:
                config["file"] = dest  # the host finds the learner's lines by the file that runs
        if package:
            shutil.copyfile(package, os.path.join(copy, os.path.relpath(package, root)))
        if os.path.isdir(os.path.join(root, "node_modules")):
            os.symlink(os.path.join(root, "node_modules"), os.path.join(copy, "node_modules"))
    return config


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

    def __init__(self, program: Program, *, stdin: str | None, timeout: float, max_calls: int, python: str | None):
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
            self._start(runner, stdin, max_calls)
        except BaseException:
            self.close_files()
            raise

    def _start(self, runner: str, stdin: str | None, max_calls: int) -> None:
        program = self.program
        config: dict[str, Any] = {
            "file": program.file, "argv0": program.entry or program.path, "dir": self.folder,
            "maxCalls": max_calls,
            "timeoutMs": int(self.timeout * 1000), "functions": [vars(f) for f in program.functions],
            "fakePage": True, "modules": program.modules, "libraries": program.libraries,
        }
        home = next((f.module for f in program.functions if f.role == "search"), "")
        if home:  # a Python search in a module of the folder: the program's file runs, the lines are the module's
            config.update(file=os.path.abspath(program.entry), linesOf=program.modules[home])
        if program.instrumented is not None:
            config["source"] = os.path.join(self.folder, "instrumented.js")
            Path(config["source"]).write_text(program.instrumented, encoding="utf-8")
        if program.scripts:
            config.update(_files_config(program, self.folder))
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
        except OSError as exc:  # the files are closed by __init__
            raise EnvironmentFault(f"cannot run {runner}: {exc.strerror}") from None
        finally:
            for fd in (command_r, notify_w, control_r):
                os.close(fd)
            if stdin is not None and not isinstance(stdin_file, int):
                stdin_file.close()
        self.started = time.monotonic()
        self.threads = [self._keep(self.process.stdout, "stdout"), self._keep(self.process.stderr, "stderr")]

    def _keep(self, stream: IO[bytes] | None, name: str) -> threading.Thread:
        """Read one output stream as it comes, keeping its start (so far, should a process the
        program left hold the stream open past the check's end)."""
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
        self.status = self._note()
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
        return self._note()

    def _note(self) -> str:
        deadline = time.monotonic() + self.timeout + 2.0  # the host stops itself first, if it can
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
