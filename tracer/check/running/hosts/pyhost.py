"""tracer's host for a learner's Python program: runs FILE as ``python FILE`` would and
records every call of the functions tracer names.

It imports nothing of tracer (it runs in the learner's Python). The learner's source is
parsed, each recorded ``def`` gets one decorator (on the def's own line, so every
traceback still names the learner's lines), and the module runs as ``__main__``. The
record goes to events.bin (pairs of 32-bit integers: code, value) and values.txt (one
JSON text per line) in tracer's folder. When the program is done, the host tells tracer
on the notify pipe and makes the calls tracer asks for on the command pipe.
"""

import ast
import contextlib
import importlib.abc
import importlib.util
import json
import os
import signal
import sys
import time
import traceback
import types
from array import array
from enum import Enum

START, RETURN, RAISE, MARK, END, LIMIT, UNWIND = 1, 2, 3, 4, 5, 6, 7
WRAP = "__tracer_wrap__"
# The host's own JSON, made before the program runs: a program may replace json.dumps.
ENCODE = json.JSONEncoder(allow_nan=False, default=repr).encode
ENCODE_ERROR = json.JSONEncoder().encode
DECODE = json.JSONDecoder().decode


def private_fd(fd):
    """``fd`` moved to a high descriptor the program has no reason to touch (a program may
    write to, or close, descriptors 3-63), closed on exec."""
    import fcntl
    import resource

    soft = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    lowest = 512 if soft == resource.RLIM_INFINITY or soft > 1024 else max(64, soft - 64)
    moved = fcntl.fcntl(fd, fcntl.F_DUPFD_CLOEXEC, lowest)
    os.close(fd)
    return moved


class Stop(BaseException):
    """Past the time or call limit: not an Exception, so the learner's except clauses let it by."""


class _Bool:
    """True and False in a snapshot, kept apart from 1 and 0 (which hash alike)."""

    def __init__(self, value):
        self.value = value


TRUE, FALSE = _Bool(True), _Bool(False)
LIST, TUPLE, DICT, OBJ, BOARD = object(), object(), object(), object(), object()
# Types a snapshot keeps as they are (bool is not among them: True hashes as 1).
PRIMITIVE = (str, int, float, type(None))
PLAIN = frozenset(PRIMITIVE)
STRINGS = frozenset((str,))


def snap(value, depth=0):
    """A hashable copy of ``value`` as it is now (lists copied, objects read)."""
    kind = type(value)
    if kind is str or kind is int or value is None or kind is float:
        return value
    if kind is bool:
        return TRUE if value else FALSE
    if depth > 3:
        return "..."
    if kind is list or kind is tuple:
        items = value if len(value) <= 64 else value[:64]
        if PLAIN.issuperset(map(type, items)):  # the common board: nine plain cells
            return (LIST if kind is list else TUPLE, *items)
        return (LIST if kind is list else TUPLE,) + tuple([snap(item, depth + 1) for item in items])
    if kind is dict:
        items = tuple(value.items())[:64]
        # the common return value, {index, score}: string keys, plain values
        if STRINGS.issuperset(map(type, value)) and PLAIN.issuperset(map(type, value.values())):
            return (DICT,) + items
        return (DICT,) + tuple((str(k), snap(v, depth + 1)) for k, v in items)
    if isinstance(value, Enum):  # a cell or a player as an Enum member: its value
        return snap(value.value, depth + 1)
    if hasattr(value, "tolist"):  # a NumPy array
        try:
            return snap(value.tolist(), depth)
        except Exception:
            return repr(value)[:80]
    fields = getattr(value, "__dict__", None)
    if isinstance(fields, dict) and depth < 2:
        items = [(k, snap(v, depth + 1)) for k, v in list(fields.items())[:64]
                 if not k.startswith("__") and isinstance(v, (list, tuple, str, int, float, bool, dict, type(None)))]
        return (OBJ, type(value).__name__) + tuple(items)
    if isinstance(value, PRIMITIVE):
        return snap(kind.__base__(value) if kind.__base__ in PRIMITIVE else repr(value), depth)
    return "<" + type(value).__name__ + ">"


def plain(value):
    """A snapshot as JSON data (non-finite numbers tagged, so the JSON stays strict)."""
    if type(value) is tuple:
        head = value[0]
        if head is LIST:
            return [plain(v) for v in value[1:]]
        if head is TUPLE:
            return {"$tuple": [plain(v) for v in value[1:]]}
        if head is DICT:
            return {"$dict": [[k, plain(v)] for k, v in value[1:]]}
        if head is OBJ:
            return {"$class": value[1], "$fields": [[k, plain(v)] for k, v in value[2:]]}
        if head is BOARD:
            return {"$board": plain(value[1])}
    if type(value) is _Bool:
        return value.value
    if type(value) is float and (value != value or value in (float("inf"), float("-inf"))):
        return {"$n": repr(value).replace("inf", "Infinity").replace("nan", "NaN")}
    return value


class Recorder:
    """The calls made, as event codes and interned values, flushed to tracer's folder."""

    RECORDED_CODE = None  # the wrapper's code, to tell it in a traceback

    def __init__(self, cfg):
        self.cfg = cfg
        self.events = array("i")
        self.values = {}
        self.pending = []
        self.errors = []  # (event index, exception): resolved after the stack has unwound
        # Open for the whole run, closed by close(): the record is flushed to them as it grows.
        self.events_file = open(self.private(cfg["dir"], "events.bin"), "wb")  # noqa: SIM115
        self.values_file = open(self.private(cfg["dir"], "values.txt"), "w", encoding="utf-8")  # noqa: SIM115
        self.calls = 0
        self.deadline = time.monotonic() + cfg["timeoutMs"] / 1000
        self.stopped = False

    @staticmethod
    def private(folder, name):
        """A new file of the record, on a private descriptor (see private_fd)."""
        return private_fd(os.open(os.path.join(folder, name), os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600))

    def intern(self, key, text=None):
        found = self.values.get(key)
        if found is None:
            found = self.values[key] = len(self.values)
            self.pending.append(text or ENCODE(plain(key)))
        return found

    def flush(self):
        self.resolve_errors()
        if self.pending:
            self.values_file.write("\n".join(self.pending) + "\n")
            self.values_file.flush()
            self.pending = []
        if self.events:
            self.events_file.write(self.events.tobytes())
            self.events_file.flush()
            del self.events[:]

    def resolve_errors(self):
        last, last_id = None, -1
        for at, error in self.errors:
            if error is not last:
                last, last_id = error, self.intern_error(error)
            self.events[at] = last_id
        del self.errors[:]  # the same list: the wrappers hold it

    def intern_error(self, error):
        text = str(error)
        # What tracer shows is cut (see notation.cut); "length" says how long it was.
        record = {"type": type(error).__name__, "message": text[:4000], "line": their_line(error),
                  "length": len(text)}
        return self.intern(("$error", id(error)) + tuple(record.values()), ENCODE_ERROR({"$error": record}))

    def limit(self, kind):
        self.events.extend((LIMIT, kind))
        self.stopped = True
        raise Stop()

    def raised(self, code, error):
        """Record event ``code`` with ``error``, named once the stack has unwound (see resolve_errors)."""
        self.events.extend((code, 0))
        self.errors.append((len(self.events) - 1, error))

    def wrap(self, k, fn):
        """``fn`` (recorded function ``k``) with its calls recorded, named as ``fn`` is."""
        entries = self.cfg.get("functions") or ()
        # A search that takes no board reads a module global: its board as each call starts is
        # recorded after the arguments (see record.Function.board).
        board_name = (entries[k].get("board") or None) if k < len(entries) else None
        scope = getattr(fn, "__globals__", {})
        free = getattr(getattr(fn, "__code__", None), "co_freevars", ())
        if board_name in free:  # a search nested in a function reads that function's board
            scope = Enclosed(fn, board_name)
        recorded = recording(self, k, fn, board_name, scope)
        Recorder.RECORDED_CODE = recorded.__code__
        if k < len(entries):
            MADE[entries[k]["name"]] = recorded  # a nested def's latest, for tracer's own calls
        recorded.__wrapped__ = fn
        for attribute in ("__name__", "__qualname__", "__doc__", "__module__"):
            with contextlib.suppress(AttributeError, TypeError):
                setattr(recorded, attribute, getattr(fn, attribute))
        return recorded


def recording(recorder, k, fn, board_name, scope):
    """The wrapper that records each call of ``fn``: what it is called with, then what it returns
    or raises. It runs once per call of the search, so all it reads is a local of this function."""
    events, append, intern, errors = recorder.events, recorder.events.append, recorder.intern, recorder.errors
    interned = recorder.values.get  # the values seen before: most of them, so looked up inline
    max_calls = recorder.cfg["maxCalls"]
    start, ret, rai = START | k << 4, RETURN | k << 4, RAISE | k << 4

    def recorded(*args, **kwargs):
        if recorder.stopped:
            return fn(*args, **kwargs)
        calls = recorder.calls = recorder.calls + 1
        if calls > max_calls:
            recorder.limit(1)
        if (not calls & 1023 or not recorder.deadline) and time.monotonic() > recorder.deadline:
            recorder.limit(2)
        # snap() inlined for the common arguments (a board of plain cells, a mark, a depth)
        key = [LIST]
        for arg in args:
            kind = type(arg)
            if kind is list and len(arg) <= 64 and PLAIN.issuperset(map(type, arg)):
                key.append((LIST, *arg))
            elif kind is str or kind is int:
                key.append(arg)
            else:
                key.append(snap(arg))
        key = tuple(key)
        if kwargs:
            key += ((DICT,) + tuple((k, snap(v)) for k, v in kwargs.items()),)
        if board_name is not None and board_name in scope:
            key += ((BOARD, snap(scope[board_name])),)
        vid = interned(key)
        append(start)
        append(intern(key) if vid is None else vid)
        try:
            result = fn(*args, **kwargs)
        except Stop:
            raise
        except BaseException as error:  # kept as it is (no work at the depth of a RecursionError): named later
            events.extend((rai, 0))
            errors.append((len(events) - 1, error))
            raise
        if type(result) is dict and len(result) <= 64 and STRINGS.issuperset(map(type, result)) \
                and PLAIN.issuperset(map(type, result.values())):
            key = (DICT, *result.items())  # as snap() has it
        else:
            key = snap(result)
        vid = interned(key)
        append(ret)
        append(intern(key) if vid is None else vid)
        if len(events) > 1 << 17:
            recorder.flush()
        return result

    return recorded


CFG = {}  # type: dict
# Each recorded function as its def last made it: a nested search is called as the program's
# run last defined it (its enclosing board included).
MADE = {}  # type: dict


class Enclosed:
    """The one variable of an enclosing function a nested search reads its board from, looked up
    as a module's globals are (``name in scope``, ``scope[name]``)."""

    def __init__(self, fn, name):
        self.cell = fn.__closure__[fn.__code__.co_freevars.index(name)]
        self.name = name

    def __contains__(self, name):
        return name == self.name and self.get(name, Enclosed) is not Enclosed

    def __getitem__(self, name):
        return self.cell.cell_contents

    def get(self, name, default=None):
        try:
            return self.cell.cell_contents if name == self.name else default
        except ValueError:  # not bound yet
            return default


def their_line(error):
    """The line of the learner's file the error came from: its deepest frame there; for a
    runaway recursion, the deepest line of a search function (its recursive call), not the
    line of whatever helper the limit happened to stop in."""
    lines_of = CFG.get("linesOf", CFG.get("file"))  # the file of the search checked
    if isinstance(error, SyntaxError) and error.filename == lines_of:
        return error.lineno
    searches = {f["name"] for f in CFG.get("functions", []) if f.get("role") == "search"}
    line = recursive = None
    tb = error.__traceback__
    while tb is not None:
        code = tb.tb_frame.f_code
        if code.co_filename == lines_of:
            line = tb.tb_lineno
            following = tb.tb_next
            if code.co_name in searches and following is not None \
                    and following.tb_frame.f_code is Recorder.RECORDED_CODE:
                recursive = tb.tb_lineno  # a search function calling one: the recursion's line
        tb = tb.tb_next
    if isinstance(error, RecursionError) and recursive is not None:
        return recursive
    return line


class Decorate(ast.NodeTransformer):
    """Put the recorder's decorator on each def tracer records, on the def's own line."""

    def __init__(self, table, module=""):
        # Only the defs of this module (the learner's file is "", a module of its folder by name).
        self.index = {entry["name"]: k for k, entry in enumerate(table) if entry.get("module", "") == module}

    def visit_FunctionDef(self, node):
        self.generic_visit(node)
        k = self.index.get(node.name)
        if k is not None:
            call = ast.Call(ast.Name(WRAP, ast.Load()), [ast.Constant(k)], [])
            node.decorator_list.insert(0, ast.copy_location(call, node))
            ast.fix_missing_locations(node)
        return node

    visit_AsyncFunctionDef = visit_FunctionDef


def in_recorder(frame, learner_file):
    """Whether ``frame`` runs the recorder's own code (or code it called), not the learner's."""
    while frame is not None:
        name = frame.f_code.co_filename
        if name == learner_file:
            return False
        if name == __file__:
            return frame.f_code.co_name not in ("main", "run_program", "run_call", "run_expression", "run_marked",
                                                   "evaluate", "answer")
        frame = frame.f_back
    return False


def notify(cfg, text):
    os.write(cfg["notifyFd"], (text + "\n").encode("utf-8"))


def commands(cfg):
    buffered = b""
    while True:
        while b"\n" not in buffered:
            chunk = os.read(cfg["commandFd"], 65536)
            if not chunk:
                return
            buffered += chunk
        line, _, buffered = buffered.partition(b"\n")
        yield DECODE(line.decode("utf-8"))


def decode(value):
    if isinstance(value, list):
        return [decode(v) for v in value]
    if isinstance(value, dict):
        if "$n" in value:
            return float(value["$n"].replace("Infinity", "inf"))
        if "$tuple" in value:
            return tuple(decode(v) for v in value["$tuple"])
        if "$dict" in value:
            return {decode(k): decode(v) for k, v in value["$dict"]}
        return {k: decode(v) for k, v in value.items()}
    return value


def lookup(module, entry):
    if entry["reach"] == "nested":
        return MADE.get(entry["name"])
    if entry["reach"] != "top":
        return None
    home = next((f.get("module", "") for f in CFG["functions"] if f["name"] == entry["name"]), "")
    if home:
        module = sys.modules.get(home)
    return module.__dict__.get(entry["name"]) if module is not None else None


class FolderModule(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Imports a module of the program's folder that holds a search tracer records (``--function
    module.name``), its search defs decorated as the learner's own file's are."""

    def __init__(self, modules, recorder):
        self.modules = modules
        self.recorder = recorder

    def find_spec(self, name, path=None, target=None):
        file = self.modules.get(name)
        return importlib.util.spec_from_file_location(name, file, loader=self) if file else None

    def create_module(self, spec):
        return None

    def exec_module(self, module):
        setattr(module, WRAP, lambda k: lambda fn: self.recorder.wrap(k, fn))
        file = module.__spec__.origin
        with open(file, "rb") as f:
            tree = Decorate(CFG["functions"], module.__name__).visit(ast.parse(f.read(), file))
        exec(compile(tree, file, "exec"), module.__dict__)


def fill_in_place(target, cells):
    if isinstance(cells, dict):
        target.update(cells)  # a board kept as a dictionary of cells
        return target
    for i, cell in enumerate(cells):
        if isinstance(cell, (list, tuple)) and isinstance(target[i], list):
            fill_in_place(target[i], cell)
        else:
            target[i] = cell
    return target


def run_expression(cfg, recorder, module, command):
    """--call EXPR: the boards it names filled with the position, then EXPR evaluated in the
    program's own top-level scope (tracer checked that it is an expression)."""
    board = decode(command["board"])
    for name in command["fill"]:
        target = module.__dict__.get(name)
        if type(target) is not type(board):
            # a node or game object: the position goes into its board (its first of that kind)
            fields = target if isinstance(target, dict) else getattr(target, "__dict__", {})
            target = next((v for v in fields.values() if type(v) is type(board) and len(v) == len(board)), None)
        if isinstance(target, (list, dict)) and len(target) == len(board):
            fill_in_place(target, board)
    def evaluate():
        eval(compile(command["expr"], "<--call>", "eval"), module.__dict__)

    run_marked(cfg, recorder, command["mark"], evaluate)


def run_marked(cfg, recorder, mark, fn, *args):
    """Make the search tracer asked for (``mark`` says which), then tell tracer how it ended."""
    recorder.events.extend((MARK, mark))
    try:
        fn(*args)
    except Stop:
        recorder.flush()
        notify(cfg, "limit")
        raise
    except BaseException as error:
        recorder.raised(UNWIND, error)  # recorded by each call it left, and closes them all
    recorder.flush()
    notify(cfg, "done")


def folder_board(cfg, module, name, board):
    """The board another module of the program's folder keeps (``game.board``, read by its
    ``check_winner()``): the one named ``name``, else the only one of ``board``'s kind."""
    home = os.path.dirname(cfg["file"])
    found = []
    for other in list(sys.modules.values()):
        where = getattr(other, "__file__", None)
        if other is module or not where or os.path.dirname(os.path.abspath(where)) != home:
            continue
        for key, value in list(vars(other).items()):
            if type(value) is type(board) and len(value) == len(board) and not key.startswith("__"):
                found.append((key != name, id(value), value))
    named = [v for not_named, _, v in found if not not_named]
    unique = {i: v for _, i, v in found}
    return named[0] if named else next(iter(unique.values())) if len(unique) == 1 else None


def run_call(cfg, recorder, module, command):
    recorder.calls = 0
    recorder.deadline = time.monotonic() + cfg["timeoutMs"] / 1000
    if "expr" in command:
        return run_expression(cfg, recorder, module, command)
    fn = lookup(module, command["entry"])
    if not callable(fn):
        notify(cfg, "missing")
        return
    args = decode(command["args"])
    if command.get("fill"):
        own = getattr(fn, "__wrapped__", fn)
        free = getattr(getattr(own, "__code__", None), "co_freevars", ())
        scope = Enclosed(own, command["fill"]) if command["fill"] in free else module.__dict__
        target = scope.get(command["fill"])
        at = command["boardArg"]
        board = args[at] if at >= 0 else decode(command["board"])
        if not (isinstance(target, (list, dict)) and type(target) is type(board)):
            target = folder_board(cfg, module, command["fill"], board)
        if isinstance(target, (list, dict)) and type(target) is type(board) and len(target) == len(board):
            filled = fill_in_place(target, board)
            if at >= 0:
                args[at] = filled
    run_marked(cfg, recorder, command["mark"], fn, *args)


def report(cfg, recorder, error):
    """Print the program's own error as Python would, with only the learner's frames."""
    recorder.raised(END, error)
    theirs = {cfg["file"], *cfg.get("modules", {}).values()}
    frames = [f for f in traceback.extract_tb(error.__traceback__) if f.filename in theirs]
    lines = traceback.format_list(frames) + traceback.format_exception_only(type(error), error)
    sys.stderr.write("Traceback (most recent call last):\n" + "".join(lines))


def run_program(cfg, recorder, module):
    """Run the learner's file as ``__main__``, its search defs decorated; how it ended."""
    path = cfg["file"]
    try:
        with open(path, "rb") as f:
            source = f.read()
        tree = Decorate(cfg["functions"]).visit(ast.parse(source, path))
        exec(compile(tree, path, "exec"), module.__dict__)
    except Stop:
        return "limit"
    except SystemExit:
        return "exit"
    except BaseException as error:
        report(cfg, recorder, error)
        return "error"
    return "done"


def answer(cfg, recorder, module):
    """Make the calls tracer asks for, each within the time limit, until it says no more."""
    try:
        for command in commands(cfg):
            if command.get("op") != "call":
                break
            signal.setitimer(signal.ITIMER_REAL, cfg["timeoutMs"] / 1000)
            run_call(cfg, recorder, module, command)
            signal.setitimer(signal.ITIMER_REAL, 0)
    except Stop:
        pass


def exiting(cfg, recorder, real_exit):
    """``os._exit`` for the program: inside the search, the calls under way end in a SystemExit
    naming where it was called (the record is written first); elsewhere, as it is. A process the
    program forked exits as it is: its copy of the record and of the host is not the program's."""
    host = os.getpid()

    def exit_now(status):
        if os.getpid() != host:
            real_exit(status)
        frames, frame = [], sys._getframe(1)
        while frame is not None:
            frames.append(frame)
            frame = frame.f_back
        if any(f.f_code is Recorder.RECORDED_CODE for f in frames):
            where = None
            for frame in frames:  # innermost first: the traceback is built outwards
                where = types.TracebackType(where, frame, frame.f_lasti, frame.f_lineno)
            report(cfg, recorder, SystemExit(f"os._exit({status}) inside the search").with_traceback(where))
        try:  # what it recorded is kept, and tracer told how it ended
            recorder.flush()
            notify(cfg, "ready exit")
        finally:
            real_exit(status)

    return exit_now


def main():
    with open(os.environ["TRACER_CHECK_CONFIG"], encoding="utf-8") as f:
        cfg = json.load(f)
    cfg["commandFd"], cfg["notifyFd"] = private_fd(cfg["commandFd"]), private_fd(cfg["notifyFd"])
    CFG.update(cfg)
    sys.argv = [cfg.get("argv0", cfg["file"])]  # as typed, as `python FILE` has it
    sys.path[0] = os.path.dirname(cfg["file"])
    recorder = Recorder(cfg)
    module = types.ModuleType("__main__")
    module.__file__ = cfg["file"]
    module.__builtins__ = __builtins__
    setattr(module, WRAP, lambda k: lambda fn: recorder.wrap(k, fn))
    sys.modules["__main__"] = module
    if cfg.get("modules"):
        sys.meta_path.insert(0, FolderModule(cfg["modules"], recorder))
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 1000) * 2 + 100)  # room for the wrappers

    def out_of_time(signum, frame):
        if in_recorder(frame, cfg["file"]):
            # Mid-way through writing a call down: stopped at the next call instead (the
            # recorder checks the deadline), so no half-written event is left behind.
            recorder.deadline = 0.0
            signal.setitimer(signal.ITIMER_REAL, 0.05)
            return
        recorder.limit(2)

    real_exit = os._exit
    os._exit = exiting(cfg, recorder, real_exit)
    signal.signal(signal.SIGALRM, out_of_time)
    signal.setitimer(signal.ITIMER_REAL, cfg["timeoutMs"] / 1000)
    status = run_program(cfg, recorder, module)
    signal.setitimer(signal.ITIMER_REAL, 0)
    recorder.flush()
    notify(cfg, "ready " + status)
    if status != "limit":
        answer(cfg, recorder, module)
    recorder.flush()
    sys.stdout.flush()
    sys.stderr.flush()
    real_exit(0)


if __name__ == "__main__":
    main()
