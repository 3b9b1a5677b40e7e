"""The window ``(alpha, beta)`` each call of a learner's alpha-beta was given, read from its arguments.

The two arguments are found once per function: by their parameters' names (``alpha``/``beta``,
``a``/``b``, ``lo``/``hi``, ...) where both are numbers in every call, else as the two numbers
beyond every score (``±Infinity``, ``±1000``) at the first call. A bound beyond every score, a
null (JSON's ``±Infinity``) and a parameter left to its default (``alpha=-inf``) are infinite.
"""

from __future__ import annotations

from typing import Any

from ..values.calls import LOOP, LearnerSearch
from ..values.reading import is_number, unwrap
from .scales import Scale

INF = float("inf")

#: Parameter names read as (alpha, beta), most telling first; one of three letters or more is a
#: prefix (``alp``: ``alpha``, ``alphaVal``).
NAMED_PAIRS = (("alp", "bet"), ("a", "b"), ("lo", "hi"), ("low", "high"), ("α", "β"))

Window = tuple[float, float]


def is_sound(value: float, truth: float, window: Window | None) -> bool:
    """Whether a call that returned ``value`` where the true value is ``truth`` is right for its
    window: the value itself, or a bound on the truth's side of the window. An empty window
    (alpha >= beta: its caller has its cut already) asks nothing, as no value changes what the
    caller returns."""
    if value == truth:
        return True
    if window is None:
        return False
    alpha, beta = window
    if alpha >= beta:
        return True
    return (value <= alpha and truth <= alpha) or (value >= beta and truth >= beta)


class Windows:
    """Each call's window in one learner search, as far as its arguments tell it."""

    def __init__(self, search: LearnerSearch, scale: Scale):
        self.s = search
        self.far = max(abs(scale.win), abs(scale.loss), abs(scale.draw)) + 9 * scale.per_move
        self.slots: dict[int, tuple[int, int] | None] = {}
        self.memo: dict[tuple[int, int], Window] = {}

    @property
    def found(self) -> bool:
        """Whether the search's own function takes a window."""
        fn = self.s.search_fn
        return fn is not None and self._slots(fn) is not None

    def of(self, node: int) -> Window | None:
        """``node``'s window (infinite bounds as ±inf), or None if its function takes none."""
        fn = self.s.fn(node)
        if node == LOOP or fn is None:
            return None
        slots = self._slots(fn)
        if slots is None:
            return None
        key = (fn, int(self.s.rows.args[node]))  # calls with the same arguments share one window
        found = self.memo.get(key)
        if found is None:
            args = self._args(node)
            found = self.memo[key] = (self._bound(_at(args, slots[0]), -INF), self._bound(_at(args, slots[1]), INF))
        return found

    def _bound(self, value: float | None, infinite: float) -> float:
        if value is None or value < -self.far or value > self.far:
            return infinite if value is None else -INF if value < 0 else INF
        return value

    def _args(self, node: int) -> list[Any]:
        raw = unwrap(self.s.record.value(self.s.rows.args[node]))
        return raw if isinstance(raw, list) else []

    def _slots(self, fn: int) -> tuple[int, int] | None:
        if fn not in self.slots:
            self.slots[fn] = self._named(fn) or self._learned(fn)
        return self.slots[fn]

    def _calls(self, fn: int) -> list[list[Any]]:
        """The arguments of (up to 200 of) ``fn``'s calls in this search, the first one's first."""
        s = self.s
        out: list[list[Any]] = []
        stack = [s.root]
        while stack and len(out) < 200:
            node = stack.pop()
            if node != LOOP and s.fn(node) == fn:
                out.append(self._args(node))
            stack.extend(reversed(s.children(node)))
        return out

    def _numeric(self, calls: list[list[Any]], slot: int, infinite: bool = False, default: bool = False) -> bool:
        """Whether ``slot`` holds a number in every call (or null, if ``infinite``; or nothing,
        if ``default``: a parameter left to its default)."""
        return bool(calls) and all((slot < len(args) or default) and (
            is_number(_at(args, slot)) or (infinite and _at(args, slot) is None)) for args in calls)

    def _named(self, fn: int) -> tuple[int, int] | None:
        given = self.s.record.functions[fn].params
        params = [p.rstrip("=").lstrip("*").lower() for p in given]
        shift = 1 if self.s.record.language == "javascript" else 0  # JavaScript records `this` first
        calls = self._calls(fn)
        defaults = {i + shift for i, p in enumerate(given) if p.endswith("=")}
        for low, high in NAMED_PAIRS:
            for i, name in enumerate(params):
                if name != low and not (len(low) > 2 and name.startswith(low)):
                    continue
                for j, other in enumerate(params):
                    low_at, high_at = i + shift, j + shift
                    # Always null is always ±Infinity (as JSON writes it), believed of the full names only.
                    if (other == high or (len(high) > 2 and other.startswith(high))) and i != j and \
                            self._numeric(calls, low_at, True, low_at in defaults) and \
                            self._numeric(calls, high_at, True, high_at in defaults) and \
                            (len(low) > 2 or any(is_number(_at(a, low_at)) or is_number(_at(a, high_at))
                                                 for a in calls)):
                        return low_at, high_at
        return None

    def _learned(self, fn: int) -> tuple[int, int] | None:
        """The two numbers beyond every score at the first call, low one first."""
        calls = self._calls(fn)
        if not calls:
            return None
        first = calls[0]
        lows = [i for i, v in enumerate(first) if is_number(v) and v < -self.far and self._numeric(calls, i)]
        highs = [i for i, v in enumerate(first) if is_number(v) and v > self.far and self._numeric(calls, i)]
        if len(lows) == 1 and len(highs) == 1:
            return lows[0], highs[0]
        return None


def _at(args: list[Any], slot: int) -> Any:
    return args[slot] if slot < len(args) else None
