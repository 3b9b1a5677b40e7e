"""What tracer reads from a learner's source without running it, in both languages.

JavaScript is read with tree-sitter's grammar, Python with ``ast``; both give the same facts:
where the search functions are (name, kind, parameters, line, nesting, a ``depth - 1``
countdown), what an empty cell holds, how the marks are written and which top-level variables
hold a board. Every expectation below is read off the short program written beside it.
"""

from __future__ import annotations

import ast
import subprocess
from pathlib import Path
from typing import Any

import pytest

from tracer.check.source import jsfacts, pysource
from tracer.check.source.jsinstrument import instrument_all
from tracer.check.source.jssource import parse
from tracer.check.values.reading import UNKNOWN

# ---- where the functions are ---------------------------------------------------------------------

#: program -> [(name, kind, params, line)] of every named function it defines, in source order.
DEFINITIONS: dict[str, list[tuple[str, str, list[str], int]]] = {
    "function minimax(board, player) {}": [("minimax", "declaration", ["board", "player"], 1)],
    "async function* miniMax(a) {}": [("miniMax", "declaration", ["a"], 1)],
    "\nconst minimax = (b, depth = 0, ...rest) => 0;": [("minimax", "binding", ["b", "depth", "rest"], 2)],
    "let negamax = function inner({cells}, [x, y]) { return 0; };": [("negamax", "binding", ["", ""], 1)],
    "var minimax = b => b;": [("minimax", "binding", ["b"], 1)],
    "miniMax = function (b) {};": [("miniMax", "assignment", ["b"], 1)],
    "class Ai {\n  constructor(b) {}\n  minimax(b, d) {}\n  static max_value(b) {}\n  best = (b) => 1;\n"
    "  get size() { return 3; }\n}": [("minimax", "method", ["b", "d"], 3), ("max_value", "method", ["b"], 4),
                                      ("best", "field", ["b"], 5)],
    "const ai = {\n  minimax(b) {},\n  helper: function (b, m) {},\n  other: 3,\n  'quoted': () => 1,\n};":
        [("minimax", "object-method", ["b"], 2), ("helper", "object-property", ["b", "m"], 3)],
    "export function minimax(b) {}\nexport default function play() {}\nexport const min_value = (b) => 0;":
        [("minimax", "declaration", ["b"], 1), ("play", "declaration", [], 2), ("min_value", "binding", ["b"], 3)],
    # Text that only looks like code: in strings, comments, templates and regular expressions.
    "const s = 'function minimax(x) {';\n// function minimax(n) {}\n/* const minimax = () => 1 */\n"
    "const t = `${ {a: 1}.a } function minimax() {}`;\nconst r = /function minimax\\(/g;\nconst h = 8 / 2 / 2;": [],
}


@pytest.mark.parametrize("source", sorted(DEFINITIONS))
def test_functions_are_found_in_every_shape(source: str) -> None:
    found = [(f.name, f.kind, f.params, f.line) for f in parse(source).functions]
    assert found == DEFINITIONS[source]


def test_nesting_is_read_from_the_tree() -> None:
    found = parse("function page() {\n  const helper = () => {\n    function minimax(b) {}\n  };\n}\n"
                  "function other() {}").functions
    names = [f.name for f in found]
    parents = {f.name: (names[f.parent] if f.parent is not None else None) for f in found}
    assert parents == {"page": None, "helper": "page", "minimax": "helper", "other": None}
    assert [names[c] for c in found[0].children] == ["helper"]


def test_a_static_member_is_marked_static() -> None:
    found = parse("class A {\n  static minimax(b) {}\n  minimax2(b) {}\n}").functions
    assert [(f.name, f.static) for f in found] == [("minimax", True), ("minimax2", False)]


@pytest.mark.parametrize(("source", "countdown"), [
    ("function minimax(b, depth, max) { return minimax(b, depth - 1, !max); }", ["depth"]),
    ("function minimax(b, depth, max) { return minimax(b, depth + 1, !max); }", []),
    ("const minimax = (b, left) => left && minimax(b, left - 1);", ["left"]),
    ("class A { minimax(b, d) { return this.minimax(b, d - 1); } }", ["d"]),
    ("function minimax(b, d) { const e = d - 1; return minimax(b, e); }", []),
])
def test_a_depth_budget_counting_down_is_told_from_one_counting_up(source: str, countdown: list[str]) -> None:
    [search] = [f for f in instrument_all([source])[0].functions if f.role == "search"]
    assert search.countdown == countdown


# ---- how boards are written: JavaScript ----------------------------------------------------------

def js_facts(source: str) -> Any:
    return jsfacts.facts(parse(source))


#: program -> (empty token, marks) it says.
JS_TOKENS: dict[str, tuple[Any, Any]] = {
    "function free(b) { return b.filter(c => c === ''); }\nconst a = b => b[0] === 'X' || b[1] === 'O';":
        ("", ("X", "O")),
    "function free(b, i) { return b[i] == ' '; }\nfunction w(b) { return b[0] == 'x' && b[1] == 'x'; }":
        (" ", ("x", "o")),
    "function free(b, i) { return b[i] === null; }\nconst who = (b) => b[4] !== 'O' ? 'X' : 'O';":
        (None, ("X", "O")),
    "function free(b, i) { return b[i] === 0; }\nfunction w(b) { return b[0] === 1 || b[0] === -1; }":
        (0, (1, -1)),
    "function free(b, i) { return b[i] === null; }\nfunction w(b) { return b[0] === true && b[1] === false; }":
        (None, (True, False)),
    "function free(b) { return b.filter(s => typeof s === 'number'); }\nconst x = b => b[0] === 'X';":
        ("$index", ("X", "O")),
    # The guide: cells hold their index (read from the board it writes), marks compared as strings.
    'const currentBoardState = ["X", 1, "O", "X", 4, "X", "O", "O", 8];\n'
    'function getAllEmptyCellsIndexes(s) { return s.filter(i => i != "X" && i != "O"); }': ("$index", ("X", "O")),
    # Nothing to tell by.
    "function minimax(b) { return 0; }": (UNKNOWN, None),
}


@pytest.mark.parametrize("source", sorted(JS_TOKENS))
def test_the_empty_token_and_the_marks_are_read_from_comparisons(source: str) -> None:
    facts = js_facts(source)
    assert (facts.empty, facts.marks) == JS_TOKENS[source]


#: program -> [(variable, length, shape, empty)] of its top-level boards.
JS_BOARDS: dict[str, list[tuple[str, int, str, Any]]] = {
    "let origBoard;\nfunction startGame() { origBoard = Array.from(Array(9).keys()); }":
        [("origBoard", 9, "flat", "$index")],
    "var Board = ['', '', '', '', '', '', '', '', ''];": [("Board", 9, "flat", "")],
    "const myboard = Array(9).fill(' ');\nconst other = new Array(9).fill(null);":
        [("myboard", 9, "flat", " "), ("other", 9, "flat", None)],
    'const currentBoardState = ["X", 1, "O", "X", 4, "X", "O", "O", 8];':
        [("currentBoardState", 9, "flat", "$index")],
    "let board = [\n  ['', '', ''],\n  ['', 'X', ''],\n  ['O', '', ''],\n];": [("board", 9, "rows", "")],
    "const cells = [...Array(9).keys()];": [("cells", 9, "flat", "$index")],
    # A board of ten cells whose cell 0 is never played: cells 1-9 are the board.
    "let board = [' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' '];": [("board", 10, "flat", " ")],
    "const board = ['-', 1, 2, 3, 4, 5, 6, 7, 8, 9];": [("board", 10, "flat", "$index1")],
    # Not boards: a list of eight, a board made inside a function only, a number.
    "const lines = [0, 1, 2, 3, 4, 5, 6, 7];\nfunction f() { const local = Array(9).fill(''); }\nconst n = 9;": [],
}


@pytest.mark.parametrize("source", sorted(JS_BOARDS))
def test_top_level_board_variables_are_found(source: str) -> None:
    found = [(b.name, b.length, b.notation.shape, b.notation.empty) for b in js_facts(source).boards]
    assert found == JS_BOARDS[source]


def test_a_board_variable_knows_the_functions_that_read_it() -> None:
    source = ("let origBoard = Array(9).fill('');\n"
              "function emptySquares() { return origBoard.filter(s => s === ''); }\n"
              "function minimax(newBoard, player) { return emptySquares().length; }")
    [board] = js_facts(source).boards
    assert board.readers == ("emptySquares",)


def test_a_page_s_scripts_give_their_facts_together() -> None:
    # sketch.js holds the grid; minimax.js compares its cells and reads it through a helper.
    sketch = parse("let grid = [[' ', ' ', ' '], [' ', ' ', ' '], [' ', ' ', ' ']];")
    search = parse("function free() { return grid.flat().filter(c => c == ' '); }\n"
                   "function minimax(g, ai) { return g[0][0] === 'o' ? 1 : free().length; }")
    facts = jsfacts.facts(sketch, search)
    assert (facts.empty, facts.marks) == (" ", ("x", "o"))
    assert [(b.name, b.notation.shape, b.readers) for b in facts.boards] == [("grid", "rows", ("free",))]


def test_cells_are_read_as_the_search_and_its_helpers_compare_them() -> None:
    # The page compares the cells' text with "" (the DOM), the search's helper keeps the cells that
    # are not marks: the board holds each cell's index (as the guide's longer version does).
    source = ("function gameOver(texts) { return texts.every(v => v !== ''); }\n"
              "function free(s) { return s.filter(i => i != 'X' && i != 'O'); }\n"
              "function minimax(s, mark) { return free(s).length; }")
    assert js_facts(source).empty == ""
    assert (jsfacts.facts(parse(source), searches={"minimax"}).empty,
            jsfacts.facts(parse(source), searches={"minimax"}).marks) == (UNKNOWN, ("X", "O"))
    python = ("def shown(cells):\n    return [c for c in cells if c == '']\n"
              "def free(b):\n    return [i for i in range(9) if b[i] == ' ']\n"
              "def minimax(b, mark):\n    return len(free(b))")
    assert pysource.facts(ast.parse(python), searches={"minimax"}).empty == " "


def test_a_constant_from_another_file_says_what_a_cell_is_compared_with() -> None:
    rules = parse("export const EMPTY = null;\nexport const HUMAN = 'X';")
    search = parse("import { EMPTY } from './rules.js';\n"
                   "export function minimax(cells, mark) { return cells.filter(c => c === EMPTY).length; }")
    assert (jsfacts.facts(search).empty, jsfacts.facts(rules, search).empty) == (UNKNOWN, None)
    # No cell is compared with a mark: the marks are the strings the files write.
    assert jsfacts.facts(rules, search).marks == ("X", "O")


def test_the_ai_mark_is_read_from_a_top_level_name() -> None:
    assert jsfacts.ai_hint(parse("const huPlayer = 'O';\nconst aiPlayer = 'X';")) == "X"
    assert jsfacts.ai_hint(parse("let computer = 'o';")) == "O"
    assert jsfacts.ai_hint(parse("const player = 'X';")) is None


# ---- how boards are written: Python --------------------------------------------------------------

def py_facts(source: str) -> Any:
    return pysource.facts(ast.parse(source))


#: program -> (empty token, marks, [(variable, length, shape)]).
PY_FACTS: dict[str, tuple[Any, Any, list[tuple[str, int, str]]]] = {
    'board = [" "] * 9\ndef free(b):\n    return [i for i in range(9) if b[i] == " "]\n'
    'def won(b, m):\n    return b[0] == m == "X"': (" ", ("X", "O"), [("board", 9, "flat")]),
    "X, O, EMPTY = 'X', 'O', None\ndef initial_state():\n    return [[EMPTY] * 3 for _ in range(3)]\n"
    "def actions(board):\n    return [(i, j) for i in range(3) for j in range(3) if board[i][j] is EMPTY]":
        (None, ("X", "O"), []),
    "board = [1, 0, -1, 1, 0, 1, -1, -1, 0]\ndef free(b):\n    return [i for i in range(9) if b[i] == 0]":
        (0, (1, -1), [("board", 9, "flat")]),
    "grid = [['.'] * 3 for _ in range(3)]\ndef free(g):\n    return [(r, c) for r in range(3) for c in range(3)"
    " if g[r][c] == '.']": (".", ("X", "O"), [("grid", 9, "rows")]),
    "board = list(range(9))\ndef free(b):\n    return [c for c in b if isinstance(c, int)]":
        ("$index", ("X", "O"), [("board", 9, "flat")]),
    "board = [' '] * 10\ndef free(b):\n    return [i for i in range(1, 10) if b[i] == ' ']":
        (" ", ("X", "O"), [("board", 10, "flat")]),
    "def free(b):\n    return [c for c in b if c != 'x' and c != 'o']": (UNKNOWN, ("x", "o"), []),
}


@pytest.mark.parametrize("source", sorted(PY_FACTS))
def test_python_gives_the_same_facts_from_ast(source: str) -> None:
    facts = py_facts(source)
    boards = [(b.name, b.length, b.notation.shape) for b in facts.boards]
    assert (facts.empty, facts.marks, boards) == PY_FACTS[source]


def test_the_same_program_in_both_languages_gives_the_same_facts() -> None:
    js = js_facts("let board = ['', '', '', '', '', '', '', '', ''];\n"
                  "function free(b) { return b.filter(c => c === ''); }\nconst w = (b) => b[0] === 'O';")
    py = py_facts("board = [''] * 9\ndef free(b):\n    return [c for c in b if c == '']\n"
                  "def w(b):\n    return b[0] == 'O'")
    assert (js.empty, js.marks) == (py.empty, py.marks) == ("", ("X", "O"))
    assert [(b.name, b.length, b.notation) for b in js.boards] == [(b.name, b.length, b.notation) for b in py.boards]


# ---- a module's exports stay callable under their names ----------------------------------------

@pytest.mark.node
@pytest.mark.parametrize("export", [
    "export function minimax(n) { return n ? 1 + minimax(n - 1) : 0; }",
    "export const minimax = (n) => (n ? 1 + minimax(n - 1) : 0);",
    "export default function minimax(n) { return n ? 1 + minimax(n - 1) : 0; }",
])
def test_an_exported_search_is_wrapped_and_still_exported(export: str, tmp_path: Path) -> None:
    (tmp_path / "search.mjs").write_text(instrument_all([export])[0].source, encoding="utf-8")
    name = "default" if "default" in export else "minimax"
    (tmp_path / "main.mjs").write_text(
        "globalThis.__tracer__ = { calls: 0, see() {}, c(k, self, args, impl) { this.calls++; "
        "return impl.apply(self, args); } };\n"
        f"const found = await import('./search.mjs');\nconsole.log(found.{name}(3), __tracer__.calls);\n",
        encoding="utf-8")
    run = subprocess.run(["node", str(tmp_path / "main.mjs")], capture_output=True, text=True, timeout=30)
    assert run.returncode == 0, run.stderr
    assert run.stdout.split() == ["3", "4"]  # 3 from the search, 4 calls recorded (3, 2, 1, 0)


def test_marks_written_as_words_by_named_constants() -> None:
    """X_CLASS = 'x' and CIRCLE_CLASS = 'circle' (a page's CSS classes) are X and O; plain X and O,
    or two constants for one side, say nothing of the sort."""
    from tracer.check.source.sourcefacts import named_marks

    assert named_marks({"X_CLASS": "x", "CIRCLE_CLASS": "circle", "WINS": "no"}) == ("x", "circle")
    assert named_marks({"crossMark": "cross", "noughtMark": "nought"}) == ("cross", "nought")
    assert named_marks({"X": "X", "O": "O"}) is None
    assert named_marks({"X_CLASS": "x", "X_ICON": "cross", "CIRCLE_CLASS": "circle"}) is None
