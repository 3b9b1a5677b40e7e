"""Agreement with the tutorial's own JavaScript, run under node on many positions at once.

The JavaScript is read from the tutorial seed at test time (the ``tutorial_js``
fixture) and turned into a harness here: its three top-level constants become
variables fed from standard input, ``minimax`` is wrapped to count its
invocations, and its final invocation is dropped. One node process runs the
whole batch.
"""

from __future__ import annotations

import itertools
import json
import re
import subprocess

import pytest

from tracer import Board, record

# Needs the guide's text (see tests/conftest.py): left out with one line when it is missing.
pytestmark = pytest.mark.guide_js

# The harness: reads [{board, ai, human, toMove}, ...] as JSON on stdin and prints
# [{index, score, calls}, ...]. The tutorial's code is spliced in at TUTORIAL_CODE.
HARNESS = """
let currentBoardState = null;
let aiMark = null;
let humanMark = null;
TUTORIAL_CODE
let invocations = 0;
const tutorialMinimax = minimax;
minimax = function (board, mark) {
    invocations += 1;
    return tutorialMinimax(board, mark);
};
const chunks = [];
process.stdin.on("data", (chunk) => chunks.push(chunk));
process.stdin.on("end", () => {
    const answers = [];
    for (const job of JSON.parse(Buffer.concat(chunks).toString("utf8"))) {
        currentBoardState = job.board;
        aiMark = job.ai;
        humanMark = job.human;
        invocations = 0;
        const info = minimax(currentBoardState, job.toMove);
        answers.push({index: info.index === undefined ? null : info.index,
                      score: info.score, calls: invocations});
    }
    process.stdout.write(JSON.stringify(answers));
});
"""

DECLARATIONS = [
    r"^const currentBoardState = .*;[ \t]*\n",
    r"^const aiMark = .*;[ \t]*\n",
    r"^const humanMark = .*;[ \t]*\n",
]
FINAL_CALL = r"^const bestPlayInfo = minimax\(currentBoardState, aiMark\);[ \t]*\n?"


def harness(tutorial_js: str) -> str:
    """The tutorial's code with its constants and final call removed, inside HARNESS."""
    code = tutorial_js
    for pattern in [*DECLARATIONS, FINAL_CALL]:
        code, found = re.subn(pattern, "", code, flags=re.M)
        assert found == 1, f"the tutorial's JavaScript no longer matches {pattern!r}"
    assert "function minimax(currBdSt, currMark)" in code
    return HARNESS.replace("TUTORIAL_CODE", code)


def legal(board: Board) -> list[str]:
    """The sides that may move on ``board`` (none if it could not occur)."""
    xs, os = board.count("X"), board.count("O")
    if abs(xs - os) > 1 or (board.has_line("X") and board.has_line("O")):
        return []
    return ["X", "O"] if xs == os else (["O"] if xs > os else ["X"])


def batch() -> list[tuple[Board, str, str]]:
    """(board, side to move, AI): all legal positions with <= 5 empty cells, then a
    sample of fuller ones and the empty board, each with the AI as X and as O."""
    jobs = []
    sample = 0
    for cells in itertools.product("XO.", repeat=9):
        board = Board("".join(cells))
        empty = cells.count(".")
        for to_move in legal(board):
            if empty > 5:
                sample += 1
                if sample % 29:
                    continue
            jobs.extend((board, to_move, ai) for ai in ("X", "O"))
    jobs.extend((Board.empty(), to_move, ai) for to_move in ("X", "O") for ai in ("X", "O"))
    return jobs


@pytest.fixture(scope="module")
def js_answers(tutorial_js, node, tmp_path_factory):
    jobs = batch()
    script = tmp_path_factory.mktemp("js") / "harness.js"
    script.write_text(harness(tutorial_js), encoding="utf-8")
    payload = json.dumps(
        [
            {"board": board.as_array(), "ai": ai, "human": "O" if ai == "X" else "X",
             "toMove": to_move}
            for board, to_move, ai in jobs
        ]
    )
    done = subprocess.run(
        [node, str(script)], input=payload, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    answers = json.loads(done.stdout)
    assert len(answers) == len(jobs)
    return jobs, answers


def test_the_batch_is_large_and_varied(js_answers):
    jobs, _ = js_answers
    assert len(jobs) > 1000
    assert {(to_move, ai) for _b, to_move, ai in jobs} == {
        ("X", "X"), ("X", "O"), ("O", "X"), ("O", "O")
    }
    assert max(len(b.empty_cells()) for b, _t, _a in jobs) == 9
    assert any(len(b.empty_cells()) in (6, 7, 8) for b, _t, _a in jobs)


def test_the_tutorial_board_under_node(js_answers):
    jobs, answers = js_answers
    i = jobs.index((Board("X.OX.XOO."), "X", "X"))
    assert answers[i] == {"index": 4, "score": 1, "calls": 9}


def test_tracer_agrees_with_the_tutorials_javascript(js_answers):
    jobs, answers = js_answers
    disagreements = []
    for (board, to_move, ai), js in zip(jobs, answers, strict=True):
        trace = record(board, to_move, ai=ai)
        ours = {"index": trace.result.index, "score": trace.result.score, "calls": trace.calls}
        if ours != js:
            disagreements.append((board.compact(), to_move, ai, ours, js))
    assert not disagreements, f"{len(disagreements)} disagreements, first: {disagreements[:3]}"


def test_the_harness_fails_loudly_if_the_tutorial_changes(tutorial_js):
    with pytest.raises(AssertionError, match="no longer matches"):
        harness(tutorial_js.replace("const aiMark", "var aiMark"))
