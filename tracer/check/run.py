"""``trace check``'s engine: run the learner's program, cut its calls into searches, hold each
to the guide's minimax, and call the search function itself where the program does not."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..errors import InputError, TracerError
from .asking import command, entry, guide_board, varied_positions
from .calls import Reader, searches_of, shapes_of
from .processes import ending_on_signals
from .program import Host, Program, load_program, node_check
from .reading import Cells
from .result import CheckResult
from .scales import Scale
from .verdict import CORRECT, IDENTICAL, SearchCheck, Settings, check_search


@dataclass
class CheckOptions:
    """What ``trace check`` was asked to do."""

    #: The position tracer calls the search function on when the program makes no call
    #: (BOARD or --example); default: the guide's board.
    board: tuple[Cells, str] | None = None
    #: Where that position came from, for the report.
    board_source: str | None = None
    #: ``--ai``, and ``--scores`` read as a scale; None to infer them.
    ai: str | None = None
    scores: Scale | None = None
    #: ``--function``: the search functions' names.
    functions: list[str] | None = None
    #: Arguments and standard input for the program.
    argv: list[str] = field(default_factory=list)
    stdin: str | None = None
    timeout: float = 10.0
    max_calls: int = 2_000_000
    #: ``--boards N``: how many positions to check (None: the program's own search only).
    boards: int | None = None
    #: The Python that runs a .py file (default: the one running tracer).
    python: str | None = None


def check_file(path: str, options: CheckOptions) -> CheckResult:
    """Check the program at ``path``; InputError (exit 2) if it cannot be checked."""
    program = load_program(path, options.functions)
    with ending_on_signals():
        host = Host(program, argv=options.argv, stdin=options.stdin, timeout=options.timeout,
                    max_calls=options.max_calls, python=options.python)
        try:
            result = _Session(program, host, options).run()
        except BaseException:  # an error, Ctrl-C or a signal: nothing of the program outlives it
            host.close(now=True)
            raise
        host.close()
        return result


class _Session:
    def __init__(self, program: Program, host: Host, options: CheckOptions):
        self.program = program
        self.host = host
        self.options = options
        self.result = CheckResult(program, host.output)
        self.asked = 0

    def settings(self) -> Settings:
        return Settings(self.options.ai, self.options.scores, self.host.record.limit, self.program_ai())

    def run(self) -> CheckResult:
        result = self.result
        result.status = self.host.wait()
        record = self.host.record
        if record.program_error is not None:
            result.program_error = record.error(record.program_error)
        for search in searches_of(Reader(record, shapes_of(record))):
            check = check_search(search, self.settings())
            result.checks.append(check)
            if check.verdict not in (IDENTICAL, CORRECT):
                return result
        if not result.checks:
            self.refuse_syntax_error()
            if result.status in ("limit", "killed"):
                result.stopped_before_search = True
                return result
        if not result.checks or self.options.board is not None:
            # The program made no search call (tracer calls it on BOARD, else on the guide's
            # board), or BOARD was given: then it is checked too, after the program's own.
            cells, mover = self.options.board or guide_board()
            result.asked_reason = "board" if self.options.board is not None else "no-call"
            if self.ask(cells, mover) is None or result.checks[-1].verdict not in (IDENTICAL, CORRECT):
                return result
        if self.options.boards:
            result.boards_asked = True
            self.more_boards(self.options.boards - len(result.checks))
        return result

    def refuse_syntax_error(self) -> None:
        """A JavaScript syntax error (found by node, not by tracer's tokenizer): the learner's,
        exit status 2, if node finds it in their file too; else the instrumentation's fault."""
        error = self.result.program_error
        if error is None or error.get("type") != "SyntaxError" or self.program.language != "javascript":
            return
        found = node_check(self.program)
        if found is None:
            raise TracerError(f"{self.program.path}: node rejects the instrumented program ({error.get('message')})"
                              " though it accepts the program itself: please report this to tracer's authors")
        raise InputError(f"invalid JavaScript: {found[1]}", self.program.path, found[0])

    def ask(self, cells: Cells, mover: str) -> SearchCheck | None:
        """Call the search function on a position; its check (None if it could not be called)."""
        fn = entry(self.program)
        if fn is None:
            raise InputError(self._unreachable(), self.program.path)
        record = self.host.record
        shapes = shapes_of(record)
        index = [f.name for f in self.program.functions].index(fn.name)
        ai = self.options.ai or self.program_ai() or mover
        position = self.asked
        self.asked += 1
        status = self.host.ask(command(self.program, fn, shapes[index], cells, mover, ai, position))
        if status == "missing":
            raise InputError(self._unreachable(), self.program.path)
        found = searches_of(Reader(record, shapes_of(record)), position)
        self.result.positions.append((cells, mover))
        if not found:
            return None
        check = check_search(found[0], self.settings())
        self.result.checks.append(check)
        if check.verdict in (IDENTICAL, CORRECT) and len(self.result.checks) > 1:
            check.search.forget()  # only the first and a failing search are shown in full
        return check

    def program_ai(self) -> str | None:
        """The program's AI: as its first search scored, else as its source names it."""
        if self.result.checks:
            return self.result.checks[0].ai
        return self.program.ai

    def more_boards(self, count: int) -> None:
        if entry(self.program) is None:
            found = [f for f in self.program.functions if f.role == "search"]
            what = f"{found[0].name}, a method," if found and found[0].kind in (
                "method", "field", "object-method", "object-property") else "its search function"
            self.result.boards_note = (f"--boards: trace check cannot call {what} itself, so only the "
                                       "program's own search was checked")
            return
        tried = {(c.search.root_cells, c.search.root_mover) for c in self.result.checks}
        for cells, mover in varied_positions(count + len(tried)):
            if count <= 0:
                break
            if (cells, mover) in tried:
                continue
            count -= 1
            check = self.ask(cells, mover)
            if check is None or check.verdict not in (IDENTICAL, CORRECT):
                return

    def _unreachable(self) -> str:
        names = ", ".join(f.name for f in self.program.functions if f.role == "search")
        how = "its search function"
        found = [f for f in self.program.functions if f.role == "search"]
        if found and found[0].kind in ("method", "field", "object-method", "object-property"):
            how = f"{found[0].name}, a method,"
        return (f"the program made no call of {names}, and trace check cannot call {how} itself: "
                "call it from the program's top level (as the guide's step 7 does)")
