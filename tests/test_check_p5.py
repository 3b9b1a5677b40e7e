"""``trace check`` on p5 pages: a sketch in p5's global mode, whose page loads p5 from a CDN,
runs against tracer's stand-in for p5 (its drawing inert, its math helpers meaning what they mean,
its ``random`` the same on every run), with ``setup()`` called once and ``draw()`` never.

The sketch in tests/learners/page_p5_globals sets up a game already under way (X in a corner, O
in the centre, X to move) and lets the computer answer; what it should get comes from the plain
reference minimax in tests/checking.py.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from checking import LEARNERS, calls, play_values, run_check, run_text, value

pytestmark = pytest.mark.node

PAGE = LEARNERS / "page_p5_globals"
OPENING = "X...O...."


def test_a_sketch_using_p5s_globals_runs_and_its_setup_makes_the_search() -> None:
    code, data, err = run_check(str(PAGE / "index.html"))
    assert (code, data["verdict"], data["first_call"]) == (0, "correct", "program"), err
    assert (data["board"], data["to_move"], data["calls"]) == (OPENING, "X", calls(OPENING, "X"))
    assert data["differences"] == ["score scale"]  # ±10, where the guide scores ±1
    # The computer plays the first of its best cells, as the reference ranks them.
    values = play_values(OPENING, "X", "X")
    empty = [i for i, c in enumerate(OPENING) if c == "."]
    assert data["output"]["stdout"] == f"computer plays {empty[values.index(max(values))]}\n"


def test_a_sketch_whose_search_maximises_for_both_is_wrong(tmp_path: Path) -> None:
    page = tmp_path / "page"
    shutil.copytree(PAGE, page)
    game = page / "game.js"
    game.write_text(game.read_text(encoding="utf-8").replace(
        "max(score, best) : min(score, best)", "max(score, best) : max(score, best)"), encoding="utf-8")
    code, data, _ = run_check(str(page / "index.html"), "--boards", "0")
    # O's best starts at +Infinity and only grows: the first of O's calls on a board that is not
    # finished to return is reported, returning Infinity where the reference says otherwise.
    wrong = data["first_wrong"]
    assert (code, data["verdict"], wrong["to_move"], wrong["returned"]) == (1, "wrong", "O", "Infinity")
    assert wrong["expected"] == 10 * value(wrong["board"], "O", "X")


#: A plain minimax for the sketches below (never called by them: tracer calls it).
SEARCH = """
const L = [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]];
const has = (b, m) => L.some((l) => l.every((i) => b[i] === m));
function minimax(b, m) {
  if (has(b, 'O')) return -1;
  if (has(b, 'X')) return 1;
  if (!b.includes('')) return 0;
  const scores = [];
  for (let i = 0; i < 9; i++) {
    if (b[i] !== '') continue;
    b[i] = m;
    scores.push(minimax(b, m === 'X' ? 'O' : 'X'));
    b[i] = '';
  }
  return m === 'X' ? Math.max(...scores) : Math.min(...scores);
}
"""


def _sketch(tmp_path: Path, code: str) -> Path:
    (tmp_path / "index.html").write_text(
        '<!DOCTYPE html>\n<html>\n<head>\n<script src="https://cdn.jsdelivr.net/npm/p5@1.9.0/lib/p5.min.js">'
        '</script>\n<script src="sketch.js"></script>\n</head>\n<body></body>\n</html>\n', encoding="utf-8")
    (tmp_path / "sketch.js").write_text(code + SEARCH, encoding="utf-8")
    return tmp_path / "index.html"


def test_p5s_math_means_what_it_means_and_its_random_is_the_same_every_run(tmp_path: Path) -> None:
    page = _sketch(tmp_path, (
        "console.log(floor(7.8), ceil(7.2), max(3, 9), min([4, 2, 8]), abs(-5), constrain(12, 0, 10));\n"
        "const picks = [random(), random(10), random(5, 6), random(['a', 'b'])];\n"
        "const low = [0, 0, 5], high = [1, 10, 6];\n"
        "console.log(picks.every((p, i) => i === 3 ? ['a', 'b'].includes(p) : p >= low[i] && p < high[i]));\n"
        "console.log(picks.join(' '));\n"))
    first = run_check(str(page))[1]["output"]["stdout"].splitlines()
    again = run_check(str(page))[1]["output"]["stdout"].splitlines()
    assert first[:2] == ["7 8 9 2 5 10", "true"]
    assert first == again


def test_setup_runs_once_after_every_script_and_draw_never(tmp_path: Path) -> None:
    page = _sketch(tmp_path, (
        "let size = windowWidth > 0 && mouseX === 0 ? 'ready' : 'odd';\n"
        "function setup() { createCanvas(300, 200); background(0); console.log('setup', width, height, size); }\n"
        "function draw() { console.log('draw'); }\n"))
    code, out, _ = run_text(str(page))
    assert "  | setup 300 200 ready\n" in out and "draw" not in out.split("What the program printed")[1]


def test_a_page_without_p5_has_no_stand_in_for_it(tmp_path: Path) -> None:
    # The same sketch on a page that does not load p5: its top-level createCanvas is the
    # learner's own error, a ReferenceError on line 1.
    (tmp_path / "index.html").write_text('<script src="sketch.js"></script>\n', encoding="utf-8")
    (tmp_path / "sketch.js").write_text("createCanvas(100, 100);\nfunction minimax(b, m) { return 0; }\n",
                                        encoding="utf-8")
    code, out, err = run_text(str(tmp_path / "index.html"))
    assert (code, out) == (2, "") and "ReferenceError at line 1 " in err and "createCanvas is not defined" in err
