"""The step-through page's steps, walked in Python and told with the page's own templates.

The page (``tracer/viewer/viewer.js``) replays a trace step by step: every call
begins, lists its moves, checks for the end; then, for each test-play, places it
and saves the score its call returned; then picks the best and returns
(``page_notes.KINDS``). This module walks the same steps over the same rows and
tells each one with the templates the words plug-ins wrote, filled with the same
values (what a game or a search adds is in ``tests/page_notes.py``), so what the
page says can be held, step for step, to what Python says
(``tests/test_page_words.py``), and any test may ask what the page says at a step::

    steps = PageSteps(trace)
    steps.narration(37)        # the story at step 37 (1-based, as the page counts)
    list(steps.narrations())   # every step's, in order
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from page_notes import BEGIN, CHECK, CHOOSE, EMPTY, PLACE, RETURN, SAVE, Frame, Step, Told, for_game, for_search

from tracer.explain import for_trace
from tracer.explain.phrases import fill
from tracer.explain.text import bounded, signed
from tracer.trace import Trace


class PageSteps:
    """The page's steps over ``trace``: how many, where each one is, and what the story says."""

    def __init__(self, trace: Trace):
        self.trace = trace
        self.p = trace.positions
        self.words, self.search = for_trace(trace)
        self.phrases = self.search.phrases()
        self.row_slots, self.step_moves = for_game(self.words)
        self.notes, self.untold = for_search(self.search)
        self.events = self._events()

    def __len__(self) -> int:
        return int(self.events[0])

    # ---- where a step is ------------------------------------------------------------------

    def _events(self) -> list[int]:
        """Steps per row's subtree, children first (a child's subtree is always smaller)."""
        p = self.p
        events = [0] * len(p)
        for pid in sorted(range(len(p)), key=lambda r: p.sizes[r]):
            count = 3
            if p.edge_count[pid]:
                count += 2 + sum(events[c] + 2 for _, c in p.children(pid))
            events[pid] = count
        return events

    def step(self, n: int) -> Step:
        """Step ``n`` (1-based): its kind, the running calls and, for a test-play, which one."""
        if not 1 <= n <= len(self):
            raise IndexError(f"step {n} does not exist: steps run from 1 to {len(self)}")
        n -= 1
        frames: list[Frame] = []
        pid, call, move, base = 0, 1, -1, 0
        while True:
            frames.append(Frame(pid, call, move))
            last = call
            if n - base < 3:
                return Step(n + 1, n - base, frames, -1, last)
            at, c = base + 3, call + 1
            children = self.p.children(pid)
            for j, (m, child) in enumerate(children):
                if n == at:
                    return Step(n + 1, PLACE, frames, j, last)
                save = at + self.events[child] + 1
                if n < save:
                    pid, call, move, base = child, c, m, at + 1
                    break
                last = c + self.p.sizes[child] - 1
                if n == save:
                    return Step(n + 1, SAVE, frames, j, last)
                at, c = save + 1, c + self.p.sizes[child]
            else:
                return Step(n + 1, CHOOSE if n == at else RETURN, frames, -1, last)

    # ---- what the story says ------------------------------------------------------------------

    def narration(self, n: int) -> str:
        """What the story panel says at step ``n`` (1-based), as plain text."""
        return self.say(self.told(self.step(n)))

    def narrations(self) -> Iterator[str]:
        """What the story panel says at every step, in order."""
        for n in range(1, len(self) + 1):
            yield self.narration(n)

    def say(self, told: list[Told]) -> str:
        """Sentences filled and joined, as the page shows them (without its bold and code)."""
        return " ".join(fill(self.phrases.templates[key], slots, self.phrases.constants) for key, slots in told)

    def told(self, step: Step) -> list[Told]:
        """The templates and slots of the story at ``step``: the guide's step, then what the
        search adds (a call answered from elsewhere, a cache hit, tells only that; so does a
        step the search says did not happen as the guide's steps tell it)."""
        answered = self.search.answered(step.top.pid) is not None and step.kind >= EMPTY
        answered = answered or self.untold(self.search, step)
        return ([] if answered else self.core(step)) + self.notes(self.search, step)

    def core(self, step: Step) -> list[Told]:
        """The guide's steps, in the game's words (``viewer.js``, ``narrate``)."""
        top, parent = step.top, step.parent
        pid = top.pid
        slots = self.call_slots(top)
        if step.kind == BEGIN:
            if parent is None:
                return [("story.begin.first", slots)]
            return [("story.begin", {**slots, **self.move_slots(top.move), "parent": parent.call,
                                     "caller": self.player(parent.pid)})]
        if step.kind == EMPTY:
            moves = self.step_moves(self.words, self.trace, pid)
            return [("story.empty" if moves else "story.empty.none", {**slots, "moves": self.tokens(moves)})]
        if step.kind == CHECK:
            return [self.check(pid, slots)]
        plays = self.plays(top)
        if step.kind == PLACE:
            move, child, call = plays[step.j]
            return [("story.place", {**slots, **self.move_slots(move), "number": step.j + 1,
                                     "count": self.count(pid), "child": call, "next_player": self.player(child)})]
        if step.kind == SAVE:
            return self.save(step, plays, slots)
        choice = {**slots, **self.choice_slots(pid)}
        if step.kind == CHOOSE:
            return [(f"story.choose.{self.side(pid)}", choice)]
        if parent is None:
            infos = ", ".join(self.returned(c, m) for m, c, _ in plays)
            return [("story.return.first", {**choice, "infos": infos, "verdict": self.verdict(),
                                            "calls": f"{self.trace.calls:,}"})]
        return [("story.return.bound" if self.bound(pid) else "story.return", {
            **slots, "returned": self.returned(pid), "parent": parent.call, "meaning": self.meaning(pid),
            "score": self.p.score[pid], "signed": self.scored(pid)})]

    def check(self, pid: int, slots: dict[str, Any]) -> Told:
        """Step 9: the game over, or going on with its moves."""
        code = self.p.terminal[pid]
        if code:
            kind = self.words.outcome_kind(code)
            return (f"story.check.{kind}", {**slots, "returned": self.returned(pid), "score": self.p.score[pid],
                                            "signed": signed(self.p.score[pid])})
        count = self.count(pid)
        return ("story.check.on.one" if count == 1 else "story.check.on.many", {**slots, "count": count})

    def save(self, step: Step, plays: list[tuple[int, int, int]], slots: dict[str, Any]) -> list[Told]:
        """Step 12: the score saved; then where the loop goes (nothing, if the search says why it stops)."""
        move, child, call = plays[step.j]
        score = self.p.score[child]
        told: list[Told] = [("story.save", {
            **slots, **self.move_slots(move), "child": call, "child_returned": self.returned(child),
            "info": self.returned(child, move), "signed": self.scored(child), "meaning": self.meaning(child),
            "score": score})]
        if self.bound(child) and "story.save.bound" in self.phrases.templates:
            told.append(("story.save.bound", {"signed": self.scored(child), "meaning": self.meaning(child),
                                              "score": score}))
        if step.j + 1 < len(plays):
            told.append(("story.save.next", self.move_slots(plays[step.j + 1][0], "next_")))
        elif not self.search.skipped(step.top.pid):
            told.append(("story.save.last", {}))
        return told

    # ---- slot values ------------------------------------------------------------------------

    def player(self, pid: int) -> str:
        return self.words.player(self.p.state[pid])

    def side(self, pid: int) -> str:
        """``max`` or ``min``: which way row ``pid``'s mover picks."""
        return "max" if self.trace.game.maximising(self.p.state[pid]) else "min"

    def call_slots(self, frame: Frame) -> dict[str, Any]:
        """What every sentence about a running call may name: the call, its mover, the row's own."""
        pid, side = frame.pid, self.side(frame.pid)
        return {"call": frame.call, "player": self.player(pid), "role": self.phrases.say(f"role.{side}"),
                "keeps": self.phrases.say(f"keeps.{side}"), "how": self.phrases.say(f"how.{side}"),
                **self.row_slots(self.words, self.trace, pid)}

    def move_slots(self, move: int, prefix: str = "") -> dict[str, str]:
        """A move's name, its short name and its token (``cell 4 (centre)``, ``cell 4``, ``4``)."""
        w = self.words
        return {f"{prefix}name": w.move_name(move), f"{prefix}short": w.move_short(move),
                f"{prefix}token": w.move_token(move)}

    def tokens(self, moves: list[int]) -> str:
        return ", ".join(self.words.move_token(m) for m in moves)

    def plays(self, frame: Frame) -> list[tuple[int, int, int]]:
        """The test-plays of a running call: move, child row and call number of each."""
        found, call = [], frame.call + 1
        for move, child in self.p.children(frame.pid):
            found.append((move, child, call))
            call += self.p.sizes[child]
        return found

    def count(self, pid: int) -> int:
        """How many test-plays row ``pid``'s loop has: those made and those the search skipped."""
        return int(self.p.edge_count[pid]) + len(self.search.skipped(pid))

    def returned(self, pid: int, move: int | None = None) -> str:
        """What row ``pid`` returns (``{index: 4, score: 1}``); with ``move``: the info its caller saves."""
        p = self.p
        if move is not None:
            return self.words.returned(move, p.score[pid])
        own = self.search.page_returned(pid)  # a learner's program: its value, as it wrote it
        if own is not None:
            return own
        best = p.best[pid]
        # A call answered from elsewhere (a cache hit) returns that call's answer, move and all.
        move = p.moves(pid)[best] if best >= 0 else self.search.answer_move(pid)
        return self.words.returned(move, p.score[pid])

    def bound(self, pid: int) -> str:
        """``≤``/``≥`` when row ``pid``'s score is only a bound on the true value, else ''."""
        return self.search.bound_sign(pid)

    def scored(self, pid: int) -> str:
        """Row ``pid``'s score as the page writes it: ``+1``, or ``≤ +1`` when only a bound."""
        return bounded(self.p.score[pid], self.bound(pid))

    def meaning(self, pid: int) -> str:
        """What row ``pid``'s score predicts, in words (``X (AI) wins``), or only what it
        bounds when it is a bound."""
        score, bound = self.p.score[pid], self.bound(pid)
        if bound:
            return self.phrases.say("meaning.at_most" if bound == "≤" else "meaning.at_least",
                                    score=score, signed=signed(score))
        return self.phrases.say(f"meaning.{self.words.value_kind(score)}", score=score)

    def choice_slots(self, pid: int) -> dict[str, Any]:
        """Step 16's pick: the scores compared, the best, the first test-play with it."""
        p = self.p
        children = [c for _, c in p.children(pid)]
        best = p.best[pid]
        return {"scores": ", ".join(self.scored(c) for c in children),
                "values": ", ".join(f"{self.bound(c)} {p.score[c]}" if self.bound(c) else str(p.score[c])
                                    for c in children),
                "best": self.scored(pid), "score": p.score[pid], "index": best,
                "value": f"{self.bound(pid)} {p.score[pid]}" if self.bound(pid) else str(p.score[pid]),
                "over": self.phrases.say("loop.cut" if self.search.skipped(pid) else "loop.over"),
                "returned": self.returned(pid), **self.move_slots(p.moves(pid)[best])}

    def verdict(self) -> str:
        """How the first call's mover fares: a draw, a loss, a win at once or forced along the line."""
        p = self.p
        kind = self.words.value_kind(p.score[0])
        if kind in ("draw", "value"):
            return self.phrases.say(f"verdict.{kind}")
        if (kind == "win") != (self.side(0) == "max"):
            return self.phrases.say("verdict.loss")
        pid, length = 0, 0
        while not p.terminal[pid]:
            if p.best[pid] < 0:  # answered from elsewhere (a cache hit): its line goes on there
                return self.phrases.say("verdict.win")
            pid = p.edge_child[p.first_edge[pid] + p.best[pid]]
            length += 1
        if length == 1:
            return self.phrases.say("verdict.win.now")
        return self.phrases.say("verdict.win.line", length=length, own=(length + 1) // 2, player=self.player(0))


def narration(trace: Trace, n: int) -> str:
    """What the step-through page's story says at step ``n`` (1-based) of ``trace``."""
    return PageSteps(trace).narration(n)


def narrations(trace: Trace) -> list[str]:
    """What the step-through page's story says at every step of ``trace``, in order."""
    return list(PageSteps(trace).narrations())
