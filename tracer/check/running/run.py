"""``trace check``'s engine: run the learner's program, cut its calls into searches, hold each
to the guide's minimax, and call the search function itself where the program does not."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ...errors import InputError, TracerError
from ..judging.scales import Scale, winner
from ..judging.verdict import CORRECT, IDENTICAL, SearchCheck, Settings, check_search
from ..presenting.facts import first_call_text
from ..presenting.result import CheckResult
from ..source.jsinstrument import MEMBER_KINDS
from ..source.jsprogram import node_syntax_check
from ..source.parameters import KNOWN_NOT_BOARD, role
from ..values.asking import (
    Position,
    Told,
    command,
    entry,
    expression_command,
    expression_names,
    guide_board,
    named_positions,
    varied_positions,
)
from ..values.calls import LOOP, LearnerSearch, Reader, searches_of, shapes_of
from ..values.notation import cut
from ..values.reading import Cells, own_words
from .processes import ending_on_signals
from .program import Host, Program, interpreter, load_program
from .record import Function


@dataclass
class CheckOptions:
    """What ``trace check`` was asked to do: its options (see check/command.py), None where unsaid."""

    board: tuple[Cells, str] | None = None  # BOARD or --example; default: the guide's board
    ai: str | None = None
    scores: Scale | None = None
    functions: list[str] | None = None
    stdin: str | None = None
    timeout: float = 10.0
    max_calls: int = 2_000_000
    boards: int | None = None
    python: str | None = None
    with_files: list[str] = field(default_factory=list)
    call: str | None = None


def check_file(path: str, options: CheckOptions) -> CheckResult:
    """Check the program at ``path``; InputError (exit 2) if it cannot be checked."""
    program = load_program(path, options.functions, options.with_files)
    if options.stdin is not None:
        readable_input(options.stdin)
    if options.call is not None:
        expression_names(options.call, program.language)  # a Python one is refused before it runs
    with ending_on_signals():
        host = Host(program, stdin=options.stdin, timeout=options.timeout,
                    max_calls=options.max_calls, python=options.python)
        try:
            with own_words(program.facts.empty, program.facts.marks):
                result = _Session(program, host, options).run()
        except BaseException:  # an error, Ctrl-C or a signal: nothing of the program outlives it
            host.close(now=True)
            raise
        host.close()
    _host_broken(result, host)
    return result


def _host_broken(result: CheckResult, host: Host) -> None:
    """Where the program broke tracer's host (replaced or closed what the host uses), say so,
    and keep the host's own traceback out of what the program printed."""
    from .program import HOSTS

    lines = host.output.stderr.decode("utf-8", "replace").splitlines(keepends=True)
    at = next((i for i, line in enumerate(lines) if str(HOSTS) in line), None)
    if at is None:
        return
    if at > 0 and lines[at - 1].startswith("Traceback"):
        at -= 1
    host.output.stderr = "".join(lines[:at]).encode("utf-8")
    what = ("the program broke trace check's host (it replaced or closed something the host uses, "
            "such as os.write or JSON.stringify)")
    if not result.checks:
        result.stopped_before_search = True
        result.stop = ("host-broken", f"{what} before trace check could read a finished search")
    else:
        result.boards_note = f"{what}, so no other position could be checked"


class _Session:
    def __init__(self, program: Program, host: Host, options: CheckOptions):
        self.program = program
        self.host = host
        self.options = options
        self.result = CheckResult(program, host.output, call=options.call)
        self.asked = 0

    def settings(self) -> Settings:
        first = self.result.checks[0].scale.view if self.result.checks else None
        return Settings(self.options.ai, self.options.scores, self.host.record.limit, self.program_ai(), first)

    def run(self) -> CheckResult:
        result = self.result
        result.status = self.host.wait()
        record = self.host.record
        if record.program_error is not None:
            result.program_error = record.error(record.program_error)
        own = searches_of(Reader(record, shapes_of(record)))
        for number, search in enumerate(own, 1):
            check = check_search(search, self.settings())
            self.refuse_unreadable(check)
            result.add(check, "the program's own" + (f" search {number}" if len(own) > 1 else ""))
            if check.verdict not in (IDENTICAL, CORRECT):
                return result
        if not result.checks:
            self.refuse_syntax_error()
            if result.status in ("limit", "killed", "died"):
                result.stopped_before_search = True
                result.stop = self.stop_reason()
                return result
        if not result.checks or self.options.board is not None:
            # The program made no search call (tracer calls it on BOARD, else on the guide's
            # board), or BOARD was given: then it is checked too, after the program's own.
            cells, mover = self.options.board or guide_board()
            result.asked_reason = "board" if self.options.board is not None else "no-call"
            name = "the board given" if self.options.board is not None else "the guide's board"
            if self.ask(cells, mover, name, required=True) is None or \
                    result.checks[-1].verdict not in (IDENTICAL, CORRECT):
                return result
        self.more_boards(self.options.boards)
        return result

    def refuse_unreadable(self, check: SearchCheck) -> None:
        """A search of the program's own whose first call holds no board tracer can read: the
        program is not wrong, tracer cannot read it (exit status 2, saying so)."""
        d = check.departure
        if d is None or d.kind != "not-a-board" or d.call != 1 or check.search.loop is not None:
            return
        k = check.search.fn(check.search.root)
        fn = self.program.functions[k] if k is not None and k < len(self.program.functions) else None
        unseen = fn is not None and not fn.board and all(role(p) in KNOWN_NOT_BOARD for p in fn.params)
        # The reason first: the call, which may quote a long value, is cut to fit one line.
        raise InputError("the program's first search call holds no board trace check can read (nine cells, rows "
                         "of three, a string or cells numbered 1-9, in its arguments or a top-level variable it "
                         "plays on)" + ("; it takes none, and plays on a variable of the function it is defined "
                                        "in" if unseen else "")
                         + f", so it cannot check this search: {cut(first_call_text(check), 80)}", self.program.path)

    def refuse_syntax_error(self) -> None:
        """A JavaScript syntax error (found by node, not by tracer's tokenizer): the learner's,
        exit status 2, if node finds it in their file too; else the instrumentation's fault."""
        error = self.result.program_error
        if error is None or error.get("type") != "SyntaxError" or self.program.language != "javascript":
            return
        found = node_syntax_check(interpreter(self.program), self.program.file)
        if found is None:
            raise TracerError(f"{self.program.path}: node rejects the instrumented program ({error.get('message')})"
                              " though it accepts the program itself: please report this to tracer's authors")
        raise InputError(f"invalid JavaScript: {found[1]}", self.program.path, found[0])

    def ask(self, cells: Cells, mover: str, name: str, required: bool = False) -> SearchCheck | None:
        """Call the search function on a position; its check (None if not called). Where the call is not
        one the program would make (see refusal), a ``required`` position is refused, another left out."""
        position = self.asked
        self.asked += 1
        status = self.host.ask(self.call_command(cells, mover, position))
        if status == "died" and not required:
            self.result.boards_note = ("the program's process ended by itself (os._exit, a signal or a crash) "
                                       "after its own search, so no other position could be checked")
            return None
        if status == "missing":
            raise InputError(self._own_error() or self._unreachable(), self.program.path)
        if status.startswith("badcall"):
            raise InputError("expected a JavaScript expression, as the program would call its search: "
                             + status.removeprefix("badcall").strip(), "--call")
        found = searches_of(Reader(self.host.record, shapes_of(self.host.record)), position)
        self.read_first_call_as_the_program_does(found)
        self.result.positions.append((cells, mover))
        if not found:
            if self.options.call is not None:
                raise InputError(f"{self.options.call} made no call of the search function", "--call")
            return None
        check = check_search(found[0], self.settings())
        if check.search.root_mover != mover and check.search.root_cells is not None:
            name += f"; the program searched it with {check.search.root_mover} to move"
        why = self.refusal(check)
        if why is not None and required:
            raise InputError(self._own_error() or why, self.program.path)
        if why is not None:
            self.result.boards_note = f"{why}; the positions after it were not checked"
            return None
        self.result.add(check, name)
        if check.verdict in (IDENTICAL, CORRECT) and len(self.result.checks) > 1:
            check.search.forget()  # only the first and a failing search are shown in full
        return check

    def read_first_call_as_the_program_does(self, found: list[LearnerSearch]) -> None:
        """A first call whose number reads either way (a cell or a score) reads as the same
        function's first calls in the program's own searches do (a position asked for is read alone)."""
        moving = {c.search.fn(c.search.root) for c in self.result.checks
                  if c.search.origin == "program" and c.search.root_move}
        for search in found:
            if search.root_reading == "either" and search.fn(search.root) in moving:
                search.root_move = True

    def call_command(self, cells: Cells, mover: str, position: int) -> dict[str, Any]:
        """The host's command for one position: ``--call EXPR``, else tracer's own call."""
        fn = entry(self.program)
        if fn is None and self.options.call is None:
            raise InputError(self._unreachable(), self.program.path)
        index = [f.name for f in self.program.functions].index(fn.name) if fn is not None else None
        shape = shapes_of(self.host.record)[index] if index is not None else None
        if self.options.call is not None:
            return expression_command(self.program, self.options.call, shape, cells, position)
        assert fn is not None and index is not None
        ai = self.options.ai or self.program_ai() or mover
        return command(self.program, fn, shape, cells, mover, ai, position, self.told(index), self.own_arguments(index))

    def own_arguments(self, fn: int) -> list[Any] | None:
        """The arguments the program's own first call of ``fn`` passed, as recorded (JavaScript's
        ``this`` left out), if its first search began with one: what tracer passes for a parameter
        it cannot place by name (a window called ``lower``/``upper``, say), as the program did."""
        first = self.result.checks[0].search if self.result.checks else None
        if first is None or first.origin != "program":
            return None
        node = first.root if first.root != LOOP else next(iter(first.children(LOOP)), None)
        if node is None or node == LOOP or first.fn(node) != fn:
            return None
        raw = first.record.value(first.rows.args[node])
        raw = raw.get("$tuple") if isinstance(raw, dict) else raw
        if not isinstance(raw, list):
            return None
        return raw[1:] if self.program.language == "javascript" else raw

    def told(self, fn: int) -> Told | None:
        """The side-to-move flag the program's own first search passed, if its first call was
        one of ``fn`` and its arguments hold one (JavaScript records ``this`` first)."""
        first = self.result.checks[0].search if self.result.checks else None
        if first is None or first.origin != "program" or first.loop is not None or first.fn(first.root) != fn:
            return None
        slot = first.reader.shapes[fn].flag_slot
        flag = first.facts(first.root).flag
        if slot is None or flag is None:
            return None
        return slot - (1 if self.program.language == "javascript" else 0), flag, first.root_mover

    def refusal(self, check: SearchCheck) -> str | None:
        """Why the call tracer made itself is not one the program would make, if it is not:
        call #1 raises, or plays nothing on a board with empty cells and no line (see --call)."""
        if self.options.call is not None or check.search.loop is not None:
            return None
        s = check.search
        why = None
        raised = s.raised(s.root)
        cells = s.root_cells
        if raised is not None and not any(s.raised(child) for child in s.children(s.root)):
            message = " ".join(str(raised.get("message")).split())
            why = f"call #1 raised {raised.get('type')}: {cut(message, 200)}"
        elif cells is None:
            return (f"trace check called {first_call_text(check)} itself, with the position set into the "
                    "program's own board; but its calls take no board as an argument, and trace check reads "
                    "each call's board from its arguments, so it cannot check this search")
        elif None in cells and winner(cells) is None and not s.children(s.root):
            why = "call #1 played nothing, though its board has empty cells"
        if why is None:
            return None
        return (f"trace check called {first_call_text(check)} itself, as the program never does, and {why}: "
                "say how the program calls it with --call EXPR")

    def program_ai(self) -> str | None:
        """The program's AI: as its first search scored, else as its source names it."""
        if self.result.checks:
            return self.result.checks[0].ai
        return self.program.ai

    def more_boards(self, asked: int | None) -> None:
        """Check more positions after the first: the named ones (a draw, the other side to move,
        a block), then varied ones; ``asked`` (``--boards N``) says how many, None the named ones."""
        first = self.result.checks[0].search if self.result.checks else None
        own = (first.root_cells, first.root_mover) if first is not None and first.root_cells else None
        named = named_positions(own)
        count = len(named) if asked is None else asked
        if count <= 0:
            return
        self.result.boards_asked = True
        if entry(self.program) is None and self.options.call is None:
            self.result.boards_note = (f"trace check cannot call {self._search_named()} itself (say how with "
                                       "--call EXPR), so only the program's own search was checked")
            return
        tried = {(c.search.root_cells, c.search.root_mover) for c in self.result.checks}
        varied = [Position(c, m, "varied") for c, m in varied_positions(2 * count + len(tried) + len(named))]
        candidates = [*named, *varied]
        if self.options.call is not None and own is not None:
            # The expression says who moves (minimax(origBoard, aiPlayer)): only their positions.
            candidates = [p for p in candidates if p.mover == own[1]]
            self.result.boards_note = (f"--call {self.options.call} names the side to move, so only positions "
                                       f"with {own[1]} to move were checked")
        for position in candidates:
            if count <= 0:
                break
            if (position.cells, position.mover) in tried:
                continue
            tried.add((position.cells, position.mover))
            count -= 1
            check = self.ask(position.cells, position.mover, position.name)
            if check is None or check.verdict not in (IDENTICAL, CORRECT):
                return

    def stop_reason(self) -> tuple[str, str] | None:
        """Why the program's run gave no search to check, when it is not simply its limit reached
        before any call: it ran out of memory, ended its own process, or was stopped mid-search."""
        calls = self.host.record.calls
        if self.result.status == "died":
            for thread in self.host.threads:
                thread.join(timeout=2)  # what it printed as it died is read to its end
        stderr = self.host.output.text("stderr")
        # With no call recorded, the program may still have searched: its host had not written
        # the calls yet (it writes them in batches), so say only what tracer saw.
        after = f"after {calls:,} search calls" if calls else "before trace check received any search call"
        if "heap out of memory" in stderr or "MemoryError" in stderr:
            node = " (node: JavaScript heap out of memory)" if "heap out of memory" in stderr else ""
            return "out-of-memory", f"the program ran out of memory{node} {after}"
        if self.result.status == "died":
            return "ended", (f"the program's process ended by itself {after} (os._exit, a signal or a crash)"
                             + (", before trace check could read a finished search" if calls else ""))
        if calls:
            limit = "its time limit (--timeout)" if self.result.status == "killed" else "its limit"
            return "time-limit" if self.result.status == "killed" else "limit", (
                f"the program ran past {limit} after {calls:,} search calls, none of which trace check "
                "could read back")
        return None

    def _own_error(self) -> str | None:
        """The program's own error before its first search call, as the cause of a check that
        could not be made (None if its run made a search call, or ended without an error)."""
        error = self.result.program_error
        if error is None or self.result.checks and self.result.checks[0].search.origin == "program":
            return None
        where = f" at line {error['line']}" if error.get("line") else ""
        message = cut(" ".join(str(error.get("message")).split()), 300)
        text = f"the program stopped with {error.get('type')}{where} before its first search call"
        return text + (f": {message}" if message else "") + hint(error)

    def _searches(self) -> list[Function]:
        return [f for f in self.program.functions if f.role == "search"]

    def _search_named(self) -> str:
        """The search function as a message names it: a method by its name."""
        found = self._searches()
        return f"{found[0].name}, a method," if found and found[0].kind in MEMBER_KINDS else "its search function"

    def _unreachable(self) -> str:
        found = self._searches()
        names = ", ".join(f.name for f in found)
        if found and found[0].reach == "nested":
            return (f"the program made no call of {names}, and its run never defined {found[0].name}, which is "
                    "defined inside another function (trace check calls such a search only as the program's "
                    "own run made it): call that function from the program's top level, or say how with "
                    "--call EXPR")
        return (f"the program made no call of {names}, and trace check cannot call {self._search_named()} itself: "
                "call it from the program's top level (as the guide's step 7 does)")


def readable_input(path: str) -> None:
    """Refuse a ``--stdin`` that is no file to read (exit status 2, naming it), before the program runs."""
    import os

    if path == "-":
        raise InputError("expected a file to give the program as its standard input; '-' is not passed on",
                         "--stdin")
    if os.path.isdir(path):
        raise InputError("expected a file for --stdin, found a folder", path)
    if not os.path.exists(path):
        raise InputError("cannot read the file given with --stdin: no such file", path)
    if not os.access(path, os.R_OK):
        raise InputError("cannot read the file given with --stdin: permission denied", path)


def hint(error: dict[str, Any]) -> str:
    """What to do about a program's own error before its search, where tracer can say."""
    kind, message = str(error.get("type")), str(error.get("message"))
    if kind == "EOFError":
        return " (it reads standard input, which is empty: give it with --stdin FILE)"
    if kind == "ModuleNotFoundError" or "Cannot find module" in message:
        return " (a module it imports is not installed for the program's interpreter: see --python)" \
            if kind == "ModuleNotFoundError" else " (a module it requires is not installed)"
    if "import statement outside a module" in message:
        return " (an ES module: its file ends in .mjs, or its package.json says \"type\": \"module\")"
    if kind == "MemoryError" or "heap out of memory" in message:
        return " (it ran out of memory)"
    return ""
