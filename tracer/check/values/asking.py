"""How tracer calls a learner's search function itself: which function, with what arguments.

Used when the program makes no search call of its own (the guide's browser version does
nothing under node), and for ``--boards``. The board is written as the program's own calls
wrote it, else as its source does (``origBoard``, ``[" "] * 9``), else as the guide does; a
top-level board variable is filled in place too, for code that reads it instead of its parameter.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from typing import Any

from ...errors import InputError
from ..judging.scales import CorrectValues, Scale, other, winner
from ..running.program import Program
from ..running.record import Function
from ..source.jsinstrument import WHOLE_SEARCH, normalised
from ..source.parameters import KNOWN_NOT_BOARD, role
from .calls import Shape
from .reading import GUIDE_NOTATION, UNKNOWN, Cells, Notation

INFINITY = {"$n": "Infinity"}
MINUS_INFINITY = {"$n": "-Infinity"}


def entry(program: Program) -> Function | None:
    """The search function tracer calls: one it can reach, ``minimax`` before the rest."""
    reachable = [f for f in program.functions if f.role == "search" and f.reach != "none"]
    reachable.sort(key=lambda f: (WHOLE_SEARCH.fullmatch(normalised(f.name)) is None, f.line))
    return reachable[0] if reachable else None


def notation_for(program: Program, shape: Shape | None, board_param: str = "") -> tuple[Notation, str | None]:
    """How to write a board for ``program``, and the top-level variable to fill in place, if any
    (see board_variable)."""
    variable = board_variable(program, board_param)
    if shape is not None and shape.notation is not None and shape.notation.empty != UNKNOWN:
        return shape.notation, variable
    complete = [(n, name) for n, name in program.hints if n.empty != UNKNOWN]
    if complete:
        # The filled variable's own notation first, so the position fits it; then any named board.
        ranked = sorted(complete, key=lambda hint: (hint[1] != variable, hint[1] is None))
        return ranked[0][0], variable
    lower = program.marks and all(m.islower() for m in program.marks)
    if lower:
        return Notation(marks=("x", "o")), variable
    return GUIDE_NOTATION, variable


def board_variable(program: Program, board_param: str = "") -> str | None:
    """The top-level board the program's helpers may read instead of their parameter (``board``,
    ``origBoard``, ``myboard``): one named as the function's board parameter, else the first the
    source binds, else the parameter's name. Tracer fills it with the position in place and
    passes it, as the program's own call ``minimax(origBoard, aiPlayer)`` does."""
    named = [name for _, name in program.hints if name is not None]
    if board_param in named or not named:
        # With no board read from the source, a top-level name as the parameter's is tried too:
        # the host fills it only if it holds a board of the same kind and size.
        return board_param or None
    return named[0]


#: A side-to-move flag the program's own first call passed: ``(parameter index, value, side to move)``.
Told = tuple[int, Any, str]


def flag_value(told: Told, mover: str) -> Any:
    """The flag for ``mover``, as the program's own first call passed it for its side."""
    value = told[1]
    if mover == told[2]:
        return value
    return (not value) if isinstance(value, bool) else -value


def arguments(fn: Function, notation: Notation, cells: Cells, mover: str, ai: str,
              filled: bool = False, told: Told | None = None, own: list[Any] | None = None) -> tuple[list[Any], int]:
    """The arguments for ``fn`` on ``cells`` with ``mover`` to play, and the board's place (-1 if
    none: a function that takes no board, the position being ``filled`` into the program's own).
    ``told``: a flag the program's own calls showed, passed its way (``x_to_move``); ``own``: the
    arguments of the program's own first call, whose plain values fill the parameters no name places."""
    params = fn.params or ["board"]
    roles = ["depth" if p.rstrip("=") in fn.countdown else role(p) for p in params]
    if told is not None and told[0] < len(roles) and roles[told[0]] in ("unknown", "flag", "colour"):
        roles[told[0]] = "told"
    if "board" not in roles and not (filled and roles and all(r in KNOWN_NOT_BOARD for r in roles)):
        roles[0] = "board"  # the first parameter, whatever its name; never a depth or a flag
    args: list[Any] = []
    board_at = -1
    mark = notation.marks[0] if mover == "X" else notation.marks[1]
    for name, part in zip(params, roles, strict=True):
        if name.endswith("=") and part not in ("board", "mark", "flag"):
            break  # a parameter with a default keeps it (and so do those after it)
        if part == "board" and board_at < 0:
            board_at = len(args)
            args.append(notation.write(cells))
        elif part == "mark" or (part == "unknown" and len(params) == 2):
            args.append(mark)
        elif part == "told":
            args.append(flag_value(told, mover))  # type: ignore[arg-type]
        elif part == "flag":
            args.append(mover == ai)
        elif part == "depth":
            # A depth counted up starts at 0; a budget counted down, at the moves left.
            args.append(cells.count(None) if name.rstrip("=") in fn.countdown else 0)
        elif part == "low":
            args.append(MINUS_INFINITY)
        elif part == "high":
            args.append(INFINITY)
        elif part == "colour":
            args.append(1 if mover == ai else -1)  # +1 for the side the program's first call passed +1
        else:
            given = own[len(args)] if own is not None and len(args) < len(own) else None
            args.append(given if _plain(given) else None)
    return args, board_at


def _plain(value: Any) -> bool:
    """A recorded number (``{"$n": ...}`` for an infinity), text, flag or null."""
    if isinstance(value, dict):
        return set(value) == {"$n"}
    return value is None or isinstance(value, (bool, int, float, str))


def command(program: Program, fn: Function, shape: Shape | None, cells: Cells, mover: str, ai: str,
            mark: int, told: Told | None = None, own: list[Any] | None = None) -> dict[str, Any]:
    """The host's command to call ``fn`` on a position (see hosts/host.js, runCall)."""
    params = fn.params or ["board"]
    board_param = next((p for p in params if role(p) == "board"), params[0]).rstrip("=")
    notation, variable = notation_for(program, shape, board_param)
    if fn.reach == "nested" and fn.board:
        variable = fn.board  # the enclosing function's board, which the nested search reads
    fill = variable if notation.shape != "string" else None
    args, board_at = arguments(fn, notation, cells, mover, ai, fill is not None, told, own)
    return {"op": "call", "mark": mark, "entry": {"name": fn.name, "reach": fn.reach, "path": fn.path},
            "args": args, "fill": fill, "boardArg": board_at, "board": notation.write(cells)}


def expression_command(program: Program, expr: str, shape: Shape | None, cells: Cells, mark: int) -> dict[str, Any]:
    """The host's command for ``--call EXPR``: the boards EXPR names filled with the position
    (written as the program writes that board), then EXPR evaluated in the program's scope."""
    names = expression_names(expr, program.language)
    # A search EXPR calls that takes no board plays on a top-level one: that board is filled too.
    played_on = [f.board for f in program.functions if f.board and f.name in names]
    names = list(dict.fromkeys(names + played_on))
    variable = next((n for n in names if any(n == name for _, name in program.hints)), names[0] if names else "")
    notation, _ = notation_for(program, shape, variable)
    return {"op": "call", "mark": mark, "expr": expr, "fill": names, "board": notation.write(cells)}


def expression_names(expr: str, language: str) -> list[str]:
    """The plain names ``expr`` reads, in order; InputError if ``expr`` is no Python expression
    (node judges a JavaScript one)."""
    if language == "python":
        import ast

        try:
            tree = ast.parse(expr.strip(), "--call", mode="eval")
        except SyntaxError as exc:
            raise InputError(f"expected a Python expression, as the program would call its search: {exc.msg}",
                             "--call") from None
        found = [node.id for node in ast.walk(tree) if isinstance(node, ast.Name)]
    else:
        without_strings = re.sub(r"""(['"`])(?:\\.|(?!\1).)*\1""", " ", expr)
        found = re.findall(r"(?<![\w$.])[A-Za-z_$][\w$]*", without_strings)
    return list(dict.fromkeys(found))


def legal_positions(empties: int | None = None) -> list[tuple[Cells, str]]:
    """Every position of a game X opened that is not over (with ``empties`` empty cells, if
    given), with the side to move, in a fixed shuffled order."""
    out = []
    for code in range(3**9):
        cells = tuple((None, "X", "O")[code // 3**i % 3] for i in range(9))
        xs, os_ = cells.count("X"), cells.count("O")
        if xs - os_ in (0, 1) and None in cells and winner(cells) is None and empties in (None, cells.count(None)):
            out.append((cells, "X" if xs == os_ else "O"))
    out.sort(key=lambda p: hashlib.sha256(("".join(c or "." for c in p[0]) + p[1]).encode()).digest())
    return out


def varied_positions(count: int, most_empty: int = 8) -> list[tuple[Cells, str]]:
    """``count`` varied positions, smallest searches first: one of each size in turn (1, 2, ...
    empty cells), each size's in a fixed shuffled order, so both sides get to move."""
    by_size: dict[int, list[tuple[Cells, str]]] = {}
    for cells, mover in legal_positions():
        if cells.count(None) <= most_empty:
            by_size.setdefault(cells.count(None), []).append((cells, mover))
    chosen: list[tuple[Cells, str]] = []
    round_ = 0
    while len(chosen) < count and any(round_ < len(v) for v in by_size.values()):
        for size in sorted(by_size):
            if round_ < len(by_size[size]) and len(chosen) < count:
                chosen.append(by_size[size][round_])
        round_ += 1
    chosen.sort(key=lambda p: p[0].count(None))
    return chosen


@dataclass(frozen=True)
class Position:
    """A position tracer checks the search on, with the name the report gives it."""

    cells: Cells
    mover: str
    #: ``a draw, X to move``, ``O to move``, ``X must block`` or ``varied``.
    name: str


#: The named positions' empty cells, preferred first: searches of a few dozen calls.
NAMED_EMPTIES = (5, 4)


def named_positions(own: tuple[Cells, str] | None) -> list[Position]:
    """Positions chosen so every terminal check runs: one whose best play ends in a draw (the
    full-board check), one with the other side to move than on the program's own position,
    and one where the side to move must block the other's line (both wins reached)."""
    mover = own[1] if own else "X"
    pool = [p for empties in NAMED_EMPTIES for p in legal_positions(empties)]
    value = CorrectValues(Scale(), 0).value  # the game's value with best play, from X's side
    wanted = (
        (f"a draw, {mover} to move", lambda c, m: m == mover and value(c, m) == 0),
        (f"{other(mover)} to move", lambda c, m: m == other(mover) and value(c, m) != 0),
        (f"{mover} must block", lambda c, m: m == mover and _must_block(c, m)),
    )
    chosen: list[Position] = []
    for name, fits in wanted:
        found = next(((c, m) for c, m in pool if fits(c, m) and (c, m) != own
                      and all((c, m) != (p.cells, p.mover) for p in chosen)), None)
        if found is not None:
            chosen.append(Position(found[0], found[1], name))
    return chosen


def _must_block(cells: Cells, mover: str) -> bool:
    """Whether ``mover`` has no win in one but the other side has one: it must block it."""
    def wins_now(mark: str) -> bool:
        return any(winner(cells[:i] + (mark,) + cells[i + 1:]) == mark for i, c in enumerate(cells) if c is None)

    return not wins_now(mover) and wins_now(other(mover))


def guide_board() -> tuple[Cells, str]:
    """The guide's board, X to move: ``["X", 1, "O", "X", 4, "X", "O", "O", 8]``."""
    return ("X", None, "O", "X", None, "X", "O", "O", None), "X"


__all__ = ["command", "entry", "guide_board", "other", "varied_positions"]
