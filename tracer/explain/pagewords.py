"""The step-through page's neutral words: every template a page needs, true of any game and search.

A game's plug-in overrides what it says better, a search's adds its own. Slots the page
fills from the rows are named in ``tracer/viewer/viewer.js``; constants (``{max}``, a
search's cutoff) come from ``page_constants()``; the grammar is ``phrases.py``'s.
"""

from __future__ import annotations

#: The templates of a page for a game and a search that bring no words of their own.
PHRASES: dict[str, str] = {
    "and": " and ",
    # ---- the story panel's badge, the controls' line, the tree's heading ----------------
    "badge.step": "Guide step {step}",
    "badge.what": "{kind} · call #{call}",
    "kind.begin": "a call begins",
    "kind.empty": "the moves",
    "kind.check": "the terminal check",
    "kind.place": "a test-play",
    "kind.save": "a score is saved",
    "kind.choose": "the best test-play",
    "kind.return": "the return",
    "figure.guide": "figure {number}",
    "figure.test_play": "test-play {number}",
    "figure.tip": "The matching figure on the figures page written with this page",
    "figure.missing": "(not written with this page: add --figures DIR to link it)",
    "figure.howto": ("The guide's matching figure: not written with this page. To link it, write the "
                     "figures in the same run: trace … --figures DIR --html PAGE"),
    "where": "Step {step} of {steps} · call #{call} of {calls} · depth {depth}",
    "tree.count": "(calls begun: {begun} of {calls})",
    "jump.range": "Calls run from 1 to {calls}.",
    "control.play": "▶ play",
    "control.pause": "❚❚ pause",
    # ---- who moves, moves and values as the algorithm writes them -----------------------
    "role.max": "the maximiser",
    "role.min": "the minimiser",
    "role.code.max": "the maximiser",
    "role.code.min": "the minimiser",
    "how.max": "max",
    "how.min": "min",
    "keeps.max": "largest",
    "keeps.min": "smallest",
    "returned.move": "{{move: {short}, score: {score}}}",
    "returned.unscored": "{short}: {foot}",
    "returned.none": "{{score: {score}}}",
    "moves.one": "{moves}",
    "moves.many": "{moves}",
    "meaning.win": "a win for {max}",
    "meaning.loss": "a loss for {max}",
    "meaning.draw": "a draw",
    "meaning.value": "value {score} for {max}",
    "meaning.at_most": "only a bound, as a cut below left test-plays unsearched: {max} gets at most {signed} here",
    "meaning.at_least": "only a bound, as a cut below left test-plays unsearched: {max} gets at least {signed} here",
    "count.test_play.one": "{count} test-play",
    "count.test_play.many": "{count} test-plays",
    "count.call.one": "{count} call",
    "count.call.many": "{count} calls",
    # ---- the story: one template per step of a call (the guide's steps 7 to 17) --------
    "story.begin.first": ("**Call #1 begins:** minimax is invoked for the first time, on {state} with "
                          "{player} ({role}) to move. What it returns will be the answer."),
    "story.begin": ("**Call #{call} begins:** call #{parent} plays {name} and now runs minimax on "
                    "{state}, with {player} ({role}) to move. This is the recursion: call #{parent} waits."),
    "story.empty": "Call #{call} lists the moves of {state}: `moves = [{moves}]`.",
    "story.empty.none": "Call #{call} lists the moves of {state}: none.",
    "story.check.win": ("The game is over: {terminal}. Call #{call} stops here and returns `{returned}` "
                        "without trying any move."),
    "story.check.loss": ("The game is over: {terminal}. Call #{call} stops here and returns `{returned}` "
                         "without trying any move."),
    "story.check.draw": ("The game is over: {terminal}. Call #{call} stops here and returns `{returned}` "
                         "without trying any move."),
    "story.check.leaf": ("The game is over: {terminal}. Call #{call} stops here and returns `{returned}` "
                         "without trying any move."),
    "story.check.on.one": ("The game goes on with 1 move to try, so call #{call} starts an empty "
                           "`allTestPlayInfos` and test-plays it, keeping the {keeps} score."),
    "story.check.on.many": ("The game goes on with {count} moves to try, so call #{call} starts an empty "
                            "`allTestPlayInfos` and test-plays each in turn, keeping the {keeps} score."),
    "story.place": ("Call #{call} test-plays {name}: test-play {number} of {count}. To see where that move "
                    "leads, it calls minimax on the state it makes, with {next_player} to move (that will "
                    "be call #{child})."),
    "story.save": ("Call #{child} returned `{child_returned}`. Call #{call} saves `{info}` in "
                   "`allTestPlayInfos` (score {signed}: {meaning})."),
    "story.save.next": "The loop moves on to {next_name} (step 13).",
    "story.save.last": "That was its last move, so the loop ends (step 14).",
    "loop.over": "The loop is over.",
    "loop.cut": "A cut stopped the loop: only the searched test-plays count.",
    "story.choose.max": ("{over} {player} is {role}, so call #{call} takes the **highest** score "
                         "of {scores}: {best}. The first test-play with it is {short}, so "
                         "`bestTestPlay = {index}`."),
    "story.choose.min": ("{over} {player} is {role}, so call #{call} takes the **lowest** score "
                         "of {scores}: {best}. The first test-play with it is {short}, so "
                         "`bestTestPlay = {index}`."),
    "story.return.first": ("**Call #1 returns `{returned}`**: this is `bestPlayInfo`, the answer (steps "
                           "24–25). `allTestPlayInfos = [{infos}]`; {how}({scores}) = {best}, first at "
                           "`bestTestPlay = {index}`. {player} plays {name} and {verdict} (score {best}). "
                           "The search made {calls} calls."),
    "story.return": ("Call #{call} returns `{returned}` to call #{parent}: with best play from here, "
                     "{meaning}. Call #{parent} saves it next (step 12)."),
    "story.return.bound": ("Call #{call} returns `{returned}` to call #{parent}: {signed} is {meaning}, not "
                           "the value with best play. Call #{parent} saves it next (step 12)."),
    "verdict.draw": "draws",
    "verdict.loss": "loses against best play",
    "verdict.value": "backs up that value",
    "verdict.win": "can force a win",
    "verdict.win.now": "wins at once",
    "verdict.win.line": ("can force a win: on the chosen line the game ends after {length} moves "
                         "({own} by {player})"),
    # ---- the tree's cards, their arrows and chips ----------------------------------------
    "card.tip": "call #{call}: go to its first step",
    "card.title": "#{call}",
    "card.calls": "{calls}",
    "foot.win": "{label}: {signed}",
    "foot.loss": "{label}: {signed}",
    "foot.draw": "{label}: {signed}",
    "foot.leaf": "{label}: {signed}",
    "foot.max": "max = {signed}",
    "foot.min": "min = {signed}",
    "foot.max.bound": "max {signed}",
    "foot.min.bound": "min {signed}",
    "foot.placed": "{caller} tries {short}",
    "foot.path": "waiting",
    "foot.current": "running",
    "foot.future": "later",
    "edge.move": "{short}",
    "edge.back": "↑ {signed}",
    "row.depth": "depth {depth}",
    "row.mover": "{player} to move",
    "chip.done": "{plays} done: {scores} ({calls})",
    "chip.later": "{plays} later ({calls})",
    # ---- the call stack --------------------------------------------------------------------
    "stack.number": "#{call}",
    "stack.call": "minimax({state})",
    "stack.where": "{how} · depth {depth}",
    "stack.moves": "moves = [{moves}]",
    "stack.return": "return {returned}",
    "stack.return.bound": "return {returned}: only a bound, {signed}",
    "stack.loop.active": "loop i = {i}: {short}, test-play {number} of {count} ({doing})",
    "stack.calling": "calling next",
    "stack.waiting": "waiting for call #{child}",
    "stack.loop.todo.one": "loop: 1 test-play to do",
    "stack.loop.todo.many": "loop: {count} test-plays to do",
    "stack.loop.saved": "loop i = {i}: {short} saved, {done} of {count} done",
    "stack.loop.done": "loop finished: {count} of {count} done",
    "stack.loop.cut": "loop stopped by a cut: {done} of {count} done, {pruned} pruned",
    "stack.infos": "allTestPlayInfos = [{infos}]",
    "stack.best": "bestTestPlay = {index}",
    # ---- the code panel's variables and step 16's comparisons ---------------------------
    "var.state.name": "state",
    "var.state": "{state}",
    "var.player.name": "player",
    "var.player": '"{player}" ({role})',
    "var.moves.name": "moves",
    "var.moves": "[{moves}]",
    "var.placed.name": "move",
    "var.placed": "{short}",
    "var.result.name": "result",
    "var.result": "{{score: {score}}}",
    "var.infos.name": "allTestPlayInfos",
    "var.infos": "[{infos}]",
    "var.i.name": "i",
    "var.best.name": "bestScore",
    "var.best_play.name": "bestTestPlay",
    "var.returns.name": "returns",
    "var.answer.name": "bestPlayInfo",
    "var.answer.pending": "not yet: call #1 is still running",
    "code.null": "null",
    "code.start.max": "-Infinity",
    "code.start.min": "+Infinity",
    "code.aria": "the algorithm, the running lines highlighted",
    "sub.prev": "◀ i",
    "sub.next": "i ▶",
    "sub.todo.one": "step 16's loop: 1 comparison to make",
    "sub.todo.many": "step 16's loop: {count} comparisons to make",
    "sub.at": "step 16's loop, i = {i} of {last}",
    "sub.yes": "i = {i}: {score} {cmp} {before}? yes: {best_var} = {score}, bestTestPlay = {i}",
    "sub.no": "i = {i}: {score} {cmp} {before}? no: keep",
    "sub.cmp.max": ">",
    "sub.cmp.min": "<",
    # ---- the quiz: prompts (Python's quiz and the game page's builder fill the same) ------
    "quiz.who": "call #{call} ({player} to move on {state})",
    "quiz.who.played": "call #{call} ({short} played: {player} to move on {state})",
    "quiz.value": "What score does {who} return?",
    "quiz.pick": ("Step 16: which test-play does call #{call} pick? {player} takes the first with the "
                  "{how} score."),
    "quiz.how.max": "highest",
    "quiz.how.min": "lowest",
    # ---- the quiz panel --------------------------------------------------------------------
    "quiz.ui.level.all": "every call",
    "quiz.ui.level.first": "only the first call's test-plays",
    "quiz.ui.level.depth": "every call down to depth {depth}",
    "quiz.ui.total": "({right} of {answered} right · {left} to go)",
    "quiz.ui.finished": "Quiz finished: {right} of {total} right. Change the difficulty or press reset to go again.",
    "quiz.ui.right": "Right: {answer}. {why}",
    "quiz.ui.wrong": "Not quite: you said {given}, the trace says {answer}. {why}",
    "quiz.ui.hint": "Type one of: {choices}.",
    "quiz.ui.held": "Answer first: the next step would show the answer (the quiz button above turns the quiz off).",
    "quiz.ui.next": "next question ▶",
    "quiz.ui.score": "see the score ▶",
    "quiz.ui.reveal": "reveal all",
    "quiz.ui.hide": "hide answers",
    "quiz.ui.on": "quiz: on",
    "quiz.ui.off": "quiz",
}

#: Legend rows for a finished game's colour, by its outcome kind (a game with no words of its own).
OUTCOME_LEGEND: dict[str, str] = {
    "win": "a finished game {max} won",
    "loss": "a finished game {min} won",
    "draw": "a drawn game",
    "leaf": "a finished game, with its score for {max}",
}

#: Legend rows every page shows for its tree of calls: (swatch class, sample text, template).
TREE_LEGEND: list[tuple[str, str, str]] = [
    ("summary", "", "finished subtree (coloured by the score it returned, with its call count)"),
    ("current", "", "running call"),
    ("future", "", "test-play not reached yet"),
    ("picked", "", "arrow to the test-play a call picked (step 16)"),
    ("", "", "↑ -1 on an arrow: the score that test-play returned"),
]

#: The guide's algorithm over any game's states, line by line: ``(id, the guide's step,
#: text)``. A text is a template of constants (a search's ``{args}``); an id starting with
#: ``@`` is where a search's own lines go (``@entry``, ``@after_push``, ``@before_return``).
CODE: list[tuple[str, str, str]] = [
    ("def", "7/11", "def minimax(state, player{args}):"),
    ("@entry", "", ""),
    ("empty", "8", "    moves = the moves of state"),
    ("over", "9", "    if the game is over in state: return {{score: its score}}"),
    ("infos", "10", "    allTestPlayInfos = []"),
    ("for", "10/13", "    for move in moves:"),
    ("recurse", "11", "        result = minimax(state after move, the other player{args})"),
    ("push", "12", "        allTestPlayInfos.append({{move: move, score: result.score}})"),
    ("@after_push", "", ""),
    ("best", "15", "    bestTestPlay = null"),
    ("start", "16", "    bestScore = -infinity if player is {max} else +infinity"),
    ("loop", "16", "    for i in 0 .. len(allTestPlayInfos) - 1:"),
    ("if", "16", "        if allTestPlayInfos[i].score beats bestScore:  # > for {max}, < for {min}"),
    ("keep", "16", "            bestScore = allTestPlayInfos[i].score; bestTestPlay = i"),
    ("@before_return", "", ""),
    ("return", "17", "    return allTestPlayInfos[bestTestPlay]"),
    ("blank", "", ""),
    ("first", "7/24", "bestPlayInfo = minimax(the first state, {root_player}{first_args})"),
    ("use", "25", "{root_player} plays bestPlayInfo.move"),
]

def code_with(texts: dict[str, str], renamed: dict[str, str] | None = None) -> list[tuple[str, str, str]]:
    """``CODE`` with the lines ``texts`` names told a game's way, and ids ``renamed`` (the tree's ``leaf``)."""
    names = renamed or {}
    return [(names.get(key, key), step, texts.get(key, text)) for key, step, text in CODE]


#: Which line of ``CODE`` a finished game's check runs, by its outcome kind.
CODE_TERMINAL: dict[str, str] = {"win": "over", "loss": "over", "draw": "over", "leaf": "over"}
