"""``trace quiz``: the first call's test-plays asked in the terminal, one line per answer.

The questions come from ``renderers.quiz``; this module asks, reads whole lines (so answers
can be piped in) and keeps the score.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TextIO

from ..errors import EnvironmentFault, InputError, escape
from ..explain import for_trace
from ..renderers.log import header
from ..renderers.quiz import SHARED_KINDS, Question, first_call_questions, kind_titles
from ..trace import Trace
from .lines import MAX_LINE, MAX_SKIP, skip_rest_of_line

QUIT_WORDS = {"q", "quit", "exit"}


def read_answer(question: Question, typed: str, trace: Trace) -> int | None:
    """The choice a typed line names, None if it cannot be read (an empty line cannot)."""
    if not typed.strip():
        return None
    if question.many:
        text = for_trace(trace)[0].moves_answer(typed)
        if text == "none" and typed.strip().lower() != "none":
            return None  # no move named, and not 'none' either
        found = question.accepts(text)
        return -1 if found is None else found
    return question.accepts(typed)


def score_line(asked: list[Question], right: dict[int, bool]) -> str:
    parts = []
    titles = kind_titles()
    kinds = list(SHARED_KINDS) + [q.kind for q in asked if q.kind not in SHARED_KINDS]
    for kind in dict.fromkeys(kinds):
        of = [i for i, q in enumerate(asked) if q.kind == kind and i in right]
        if of:
            parts.append(f"{titles[kind]} {sum(right[i] for i in of)}/{len(of)}")
    total = sum(right.values())
    return f"Score: {', '.join(parts) or 'no answers'}: {total} of {len(right)} right."


class QuizSession:
    """One run of ``trace quiz``: ask every question, read answers from ``stdin``."""

    def __init__(self, trace: Trace, stdin: TextIO, echo: Callable[[str], object],
                 echo_input: bool = False):
        self.trace = trace
        self.stdin = stdin
        self.echo = echo
        #: Whether to repeat each answer (when piped), so a transcript reads like a session.
        self.echo_input = echo_input
        self.questions = first_call_questions(trace)
        self.right: dict[int, bool] = {}

    def run(self) -> int:
        """Ask everything (until end of input or ``q``); return how many were right."""
        self.echo(header(self.trace).rstrip("\n"))
        root = self.trace.root
        if not root.children():
            self.echo("The game is already over on this board: there is nothing to predict.")
            return 0
        for line in board_picture(self.trace):
            self.echo(line)
        words = for_trace(self.trace)[0]
        plays = ", ".join(words.move_short(c.move or 0) for c in root.children())
        self.echo(f"Call #1 test-plays {words.player(root.state)}'s moves in turn: {plays}. Predict "
                  "what each test-play returns, then which one it picks.")
        for number, question in enumerate(self.questions):
            if not self.ask(number, question):
                break
        self.echo("\n" + score_line(self.questions, self.right))
        return sum(self.right.values())

    def ask(self, number: int, question: Question) -> bool:
        """Ask one question until it is answered; False if the input ended or the learner quit."""
        labels = ", ".join(c.label for c in question.choices)
        hint = "" if question.many else f" [{labels}]"
        while True:
            self.echo(f"\nQ{number + 1}. {question.prompt}{hint}")
            line = read_line(self.stdin)
            if line is None or line.strip().lower() in QUIT_WORDS:
                return False
            if self.echo_input:
                self.echo(f"> {shown_answer(line)}")
            if len(line.rstrip("\n")) > MAX_LINE:
                self.echo(f"(an answer longer than {MAX_LINE} characters was skipped)")
                continue
            chosen = read_answer(question, line, self.trace)
            if chosen is not None:
                break
            moves = for_trace(self.trace)[0].tokens_name
            self.echo(f"Type one of: {labels}." if hint else f"Type {moves}, or none.")
        right = chosen == question.answer
        self.right[number] = right
        if right:
            self.echo(f"Right: {question.right.label}. {question.explanation}")
        else:
            self.echo(f"Not quite: the trace says {question.right.label}. {question.explanation}")
        return True


def board_picture(trace: Trace) -> list[str]:
    """The first call's state drawn in the terminal, if its game draws one."""
    lines = for_trace(trace)[0].text_picture(trace.game.root)
    return ["", *lines, ""] if lines else []


def read_board_lines(stdin: TextIO, limit: int) -> str:
    """A board read from standard input up to its first empty line; the answers follow it."""
    lines: list[str] = []
    size = 0
    while size <= limit:
        line = _readline(stdin, limit + 1 - size)
        if not line.strip():
            break
        lines.append(line)
        size += len(line)
    return "".join(lines)


def read_line(stdin: TextIO) -> str | None:
    """One answer line (cut to MAX_LINE + 1 characters), None at the end of the input; InputError
    if the input is not UTF-8 or a line runs past MAX_SKIP characters without its end."""
    line = _readline(stdin, MAX_LINE + 1)
    if len(line) > MAX_LINE and not line.endswith("\n") and \
            not skip_rest_of_line(lambda limit: _readline(stdin, limit), len(line)):
        raise InputError(f"expected answers, one per line, found no line end within "
                         f"{MAX_SKIP:,} characters", "<stdin>")
    return line or None


def _readline(stdin: TextIO, limit: int) -> str:
    """``stdin.readline(limit)``, its failures as one-line errors."""
    try:
        line = stdin.readline(limit)
    except UnicodeDecodeError:
        line = "\udcff"
    except (OSError, ValueError) as exc:  # a closed or unreadable standard input
        raise EnvironmentFault(f"cannot read standard input: {getattr(exc, 'strerror', None) or exc}") \
            from None
    if _UNDECODED.search(line):  # how a UTF-8 locale's standard input keeps bytes it cannot read
        raise InputError("expected UTF-8 text, found bytes that are not", "<stdin>")
    return line


_UNDECODED = re.compile("[\udc80-\udcff]")


def shown_answer(line: str) -> str:
    text = line.strip()
    return escape(text) if len(text) <= 60 else escape(text[:59]) + "…"
