"""What a program's source says about its boards, in either language (read, never run).

Both readers (``jsfacts`` over tree-sitter's tree, ``pysource`` over ``ast``) collect the same
evidence: the values a board's cell is compared with (``board[i] === ''``, ``cell is None``,
``b[r][c] == 0``, ``typeof board[i] === 'number'``) and the boards written as literals,
each with the top-level variable it is bound to. This module turns that evidence into facts:
what an empty cell holds, how the marks are written, and which top-level variables hold
a board (9 cells, 3 rows of 3, or 10 cells whose cell 0 is a dummy).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, TypeVar

from ..values.reading import EMPTY_TEXT, UNKNOWN, Notation, is_number, read_cells

#: A comparison that says empty cells hold their own index (``typeof board[i] === 'number'``).
INDEX = "$index"

F = TypeVar("F")


def scope(searches: set[str], defined: Mapping[str, F], called: Callable[[F], Iterable[str | None]]) -> set[str]:
    """The search functions and every function they call by name, directly or not (``called``:
    the names a definition's body calls)."""
    found = {name for name in searches if name in defined}
    todo = list(found)
    while todo:
        for name in called(defined[todo.pop()]):
            if name is not None and name in defined and name not in found:
                found.add(name)
                todo.append(name)
    return found


@dataclass(frozen=True)
class BoardVariable:
    """A top-level variable the program keeps a board in (``origBoard``, ``board = [" "] * 9``)."""

    name: str
    notation: Notation
    length: int  # 9, or 10 for a board whose cell 0 is a dummy
    line: int  # of the binding or assignment that puts a board in it
    readers: tuple[str, ...] = ()  # the functions whose bodies use it


@dataclass
class SourceFacts:
    """How the program writes boards, read from its source."""

    empty: Any = UNKNOWN  # what an empty cell holds ("", " ", None, 0, "$index", ...)
    marks: tuple[Any, Any] | None = None  # X's first: ("X", "O"), ("x", "o"), (1, -1), (True, False)
    boards: list[BoardVariable] = field(default_factory=list)  # in source order
    names: tuple[str, str] = ("", "")  # numeric marks' names for X's and O's (``HUMAN = -1``)


def board_value(value: Any) -> tuple[Notation, int] | None:
    """A literal value read as a board: its notation and its length (9, or 10 with a dummy cell 0)."""
    if isinstance(value, list) and len(value) == 10:
        read = read_cells(value[1:])
        if read is None and value[1:] == list(range(1, 10)):
            return Notation(empty="$index1"), 10
        return (read[1], 10) if read is not None else None
    read = read_cells(value) if isinstance(value, (list, str)) else None
    return (read[1], 9) if read is not None else None


def mark_pair(values: list[Any]) -> tuple[Any, Any] | None:
    """The marks among the values cells are compared with, X's first."""
    texts = [v for v in values if isinstance(v, str) and v in ("X", "O", "x", "o")]
    if texts:
        lower = all(t.islower() for t in texts)
        return ("x", "o") if lower else ("X", "O")
    if any(isinstance(v, bool) for v in values):
        return True, False
    numbers = {v for v in values if is_number(v)}
    if numbers & {-1, 2} and 1 in numbers or numbers & {-1, 2} and 0 in numbers:
        return 1, (2 if 2 in numbers else -1)
    return None


def empty_value(values: list[Any], marks: tuple[Any, Any] | None) -> Any:
    """The value an empty cell holds, from the values cells are compared with (most said first)."""
    counts: Counter[Any] = Counter()
    for v in values:
        if v == INDEX:
            counts[INDEX] += 1
        elif v is None or (isinstance(v, str) and v in EMPTY_TEXT):
            counts[v] += 1
        elif is_number(v) and v == 0 and marks is not None and is_number(marks[0]):
            counts[0] += 1
    if not counts:
        # A token of the program's own ('E'): one character, no mark, no digit.
        own = [v for v in values if isinstance(v, str) and len(v) == 1 and v not in "XOxo" and not v.isdigit()]
        counts.update(own)
    return counts.most_common(1)[0][0] if counts else UNKNOWN


#: Names of constants holding a mark written as a word (``X_CLASS = 'x'``, ``CIRCLE_CLASS =
#: 'circle'``, ``crossMark``), read with camelCase split at its capitals. Learners' names.
_X_NAME = re.compile(r"(?:^|_)(?:x|cross)(?:_|$)")
_O_NAME = re.compile(r"(?:^|_)(?:o|circle|nought)(?:_|$)")


def named_marks(constants: dict[str, Any]) -> tuple[str, str] | None:
    """The marks as words, X's first, where one constant named for each holds a text other than
    X and O themselves; None otherwise."""
    found: dict[str, set[str]] = {"x": set(), "o": set()}
    for name, value in constants.items():
        if not isinstance(value, str) or not value:
            continue
        words = re.sub(r"(?<=[a-z])(?=[A-Z])", "_", name).lower()
        for side, pattern in (("x", _X_NAME), ("o", _O_NAME)):
            if pattern.search(words):
                found[side].add(value)
    if len(found["x"]) != 1 or len(found["o"]) != 1:
        return None
    x, o = found["x"].pop(), found["o"].pop()
    return (x, o) if x != o and (x.upper(), o.upper()) != ("X", "O") else None


def lettered(pairs: list[tuple[Any, Any]], marks: tuple[Any, Any]) -> tuple[Any, Any] | None:
    """The numbers among ``marks`` the program shows as X and as O (``{1: "O", -1: "X"}``: ``(-1, 1)``),
    from the ``(number, text)`` pairs its source writes (see number_letters); None if unsaid."""
    said: dict[str, Counter[Any]] = {"X": Counter(), "O": Counter()}
    for number, text in pairs:
        if is_number(number) and number in marks and isinstance(text, str) and text.upper() in said:
            said[text.upper()][number] += 1
    if not said["X"] or not said["O"]:
        return None
    x, o = said["X"].most_common(1)[0][0], said["O"].most_common(1)[0][0]
    return (x, o) if x != o else None


#: Names of constants that hold no side (an empty cell, a size, a score).
_NOT_A_SIDE = re.compile(r"empty|blank|none|size|score|win|draw|tie|inf|max|min|depth", re.I)


def side_names(constants: dict[str, Any], marks: tuple[Any, Any] | None) -> tuple[str, str]:
    """The program's names for its numeric marks, X's first (``COMP = +1``, ``HUMAN = -1``): the
    one top-level constant holding each number, "" where there is none or more than one."""
    if marks is None or not all(is_number(m) for m in marks):
        return "", ""
    found = []
    for mark in marks:
        named = [n for n, v in constants.items() if is_number(v) and v == mark and not _NOT_A_SIDE.search(n)]
        found.append(named[0] if len(named) == 1 else "")
    return found[0], found[1]


def decide(compared: list[Any], written: list[Notation], boards: list[BoardVariable],
           mark_words: set[str] | frozenset[str] = frozenset(),
           own_marks: tuple[str, str] | None = None, shown: list[tuple[Any, Any]] | None = None) -> SourceFacts:
    """The facts from the compared values, the boards written (top-level ones first) and, last,
    the one-letter mark strings the source writes anywhere; ``own_marks``, marks written as
    words by named constants, come first; ``shown``, the numbers the program shows as letters
    (see lettered), decide which is X where the marks are numbers."""
    notations = [b.notation for b in boards] + written
    known = [n for n in notations if n.empty != UNKNOWN]
    marks = own_marks or mark_pair(compared)
    if marks is None and notations:
        marks = notations[0].marks
    if marks is None and mark_words:
        marks = mark_pair(sorted(mark_words))
    numbered = lettered(shown, marks) if shown and marks is not None and is_number(marks[0]) else None
    if numbered is not None and set(numbered) == set(marks):  # type: ignore[arg-type]
        marks = numbered
    empty = empty_value(compared, marks)
    if empty == UNKNOWN and known:
        empty = known[0].empty
    return SourceFacts(empty, marks, boards)
