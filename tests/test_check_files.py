"""``trace check`` on programs in several files: a page's scripts, ``--with``, ES modules, and
a Python program whose search lives in a module of its folder.

The programs are in tests/learners/ (folders), or written below. What each should get comes
from reasoning about its position, as in test_check_gallery.py: on the guide's board
(``X.OX.XOO.``) with X to move the guide's minimax makes 9 calls; with O to move, 7 (O on 1,
where X answers on 4 or 8 and O then on 4; O on 4; O on 8); where a count cannot be worked
out by hand, the plain reference minimax in tests/checking.py gives it.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from checking import LEARNERS, calls, run_check, run_text, value

GUIDE_BOARD = "X.OX.XOO."


def one_line_error(code: int, out: str, err: str) -> str:
    assert code == 2 and out == "" and err.startswith("trace: error: ") and err.count("\n") == 1
    return err


# ---- a page's scripts and --with ----------------------------------------------------------------

@pytest.mark.node
def test_a_page_runs_its_own_scripts_in_order_and_checks_the_search_in_any_of_them() -> None:
    # sketch.js holds the grid (rows of '') and the scores; minimax.js the search, which reads
    # both. Nothing calls it (the drawing library is not there), so tracer calls it on the guide's
    # board, filling the page's grid in place: the guide's 9 calls, the AI (X) maximising.
    code, data, err = run_check(str(LEARNERS / "page_p5" / "index.html"))
    assert (code, data["verdict"], data["calls"], data["first_call"]) == (0, "identical", 9, "tracer"), err
    assert data["file"].endswith("minimax.js") and (data["board"], data["to_move"]) == (GUIDE_BOARD, "X")
    assert data["given_file"] == str(LEARNERS / "page_p5" / "index.html")


@pytest.mark.node
def test_a_pages_report_is_headed_by_the_page_and_names_the_file_of_the_search() -> None:
    page = LEARNERS / "page_p5"
    _, text, _ = run_text(str(page / "index.html"))
    head, search = text.splitlines()[:2]
    assert head == f"trace check: {page / 'index.html'} (JavaScript, run with node)"
    # minimax.js defines the search on its line 21.
    assert search == f"Search function: minimax(grid, depth, maximizing) at line 21 of {page / 'minimax.js'}"


@pytest.mark.node
def test_a_page_whose_search_is_wrong_is_called_wrong(tmp_path: Path) -> None:
    # The same page with the minimising side (O) taking the maximum: its best starts at +Infinity,
    # and the maximum of +Infinity and any score is +Infinity. The first call where O moves is #2
    # (after X on 1): it must return -1 (both of O's test-plays win for O) and returns Infinity.
    page = tmp_path / "page"
    shutil.copytree(LEARNERS / "page_p5", page)
    search = (page / "minimax.js").read_text(encoding="utf-8")
    (page / "minimax.js").write_text(search.replace("Math.max(best, score) : Math.min(best, score)",
                                                    "Math.max(best, score) : Math.max(best, score)"))
    code, data, _ = run_check(str(page / "index.html"))
    assert (code, data["verdict"], data["first_wrong"]["call"]) == (1, "wrong", 2)


@pytest.mark.node
def test_scripts_given_with_load_first_and_share_one_global_scope() -> None:
    # state.js declares the board (let), the marks (const) and the helpers that ai.js uses; ai.js
    # calls minimax(origBoard, aiPlayer) itself on O.X/X../..O with X to move, scoring ±10.
    folder = LEARNERS / "with_scripts"
    code, data, err = run_check(str(folder / "ai.js"), "--with", str(folder / "state.js"))
    assert (code, data["verdict"], data["first_call"]) == (0, "correct", "program"), err
    assert (data["board"], data["to_move"]) == ("O.XX....O", "X")
    assert data["calls"] == calls("O.XX....O", "X")
    assert data["differences"] == ["score scale"]


def test_a_missing_with_file_is_named_with_exit_status_2(tmp_path: Path) -> None:
    folder = LEARNERS / "with_scripts"
    err = one_line_error(*run_text(str(folder / "ai.js"), "--with", str(tmp_path / "nope.js")))
    assert "nope.js" in err and "--with" in err


def test_an_import_in_a_classic_script_is_that_error(tmp_path: Path) -> None:
    (tmp_path / "lib.js").write_text("const a = 1;\nimport { b } from './b.js';\n", encoding="utf-8")
    err = one_line_error(*run_text(str(LEARNERS / "with_scripts" / "ai.js"), "--with", str(tmp_path / "lib.js")))
    assert "lib.js:2:" in err and "Cannot use import statement outside a module" in err


def test_a_syntax_error_in_a_page_script_names_that_file_and_line(tmp_path: Path) -> None:
    page = tmp_path / "page"
    shutil.copytree(LEARNERS / "page_p5", page)
    (page / "sketch.js").write_text("let grid = [\n  ['', '', ''],\n  ['', '' ''],\n];\n", encoding="utf-8")
    err = one_line_error(*run_text(str(page / "index.html")))
    assert "sketch.js:3:" in err and "invalid JavaScript" in err


@pytest.mark.node
def test_an_inline_script_keeps_the_pages_line_numbers(tmp_path: Path) -> None:
    # The search is in the page itself; it throws on line 8 of the page when it is first called.
    (tmp_path / "index.html").write_text(
        "<!DOCTYPE html>\n<html>\n<body>\n<p>The board</p>\n<script>\n"
        "function minimax(board, player) {\n  if (board.length === 9) {\n    throw new Error('not ready');\n"
        "  }\n  return 0;\n}\nminimax(['X', '', 'O', 'X', '', 'X', 'O', 'O', ''], 'X');\n</script>\n</body>\n</html>\n",
        encoding="utf-8")
    code, data, _ = run_check(str(tmp_path / "index.html"))
    assert (code, data["verdict"]) == (1, "error")
    assert (data["error"]["type"], data["error"]["line"], data["error"]["call"]) == ("Error", 8, 1)


@pytest.mark.node
def test_node_has_the_last_word_on_syntax(tmp_path: Path) -> None:
    # `<!--` starts a comment in a classic script (a web legacy node keeps); the grammar does not
    # know it, node runs the program: it is checked, not refused.
    legacy = tmp_path / "legacy.js"
    legacy.write_text("var ready = true; <!-- from an old page\nfunction minimax(b, m) { return 0; }\n"
                      "minimax(['X', 1, 'O', 'X', 4, 'X', 'O', 'O', 8], 'X');\n", encoding="utf-8")
    code, data, err = run_check(str(legacy))
    assert code in (0, 1) and data["first_call"] == "program", err
    # A real syntax error is named with node's own words and line.
    broken = tmp_path / "broken.js"
    broken.write_text("function minimax(b) {\n  return { score: 0 ;\n}\n", encoding="utf-8")
    err = one_line_error(*run_text(str(broken)))
    assert "broken.js:2:" in err and "Unexpected token ';'" in err


# ---- ES modules ---------------------------------------------------------------------------------

@pytest.mark.node
def test_es_modules_that_import_each_other_run() -> None:
    # main.js (a module, as its package.json says) imports minimax from ai/minimax.js, which
    # imports the rules from ai/rules.js; main calls minimax(cells, 'O') on the guide's board.
    code, data, err = run_check(str(LEARNERS / "modules_esm" / "main.js"))
    assert (code, data["verdict"], data["calls"], data["first_call"]) == (0, "identical", 7, "program"), err
    assert (data["board"], data["to_move"], data["ai"]) == (GUIDE_BOARD, "O", "O")
    assert data["file"].endswith("minimax.js") and data["output"]["stdout"] == "O plays 4 (score 1)\n"


@pytest.mark.node
def test_a_page_s_module_script_runs_with_its_imports(tmp_path: Path) -> None:
    # <script type="module" src="js/main.js">: main imports the search, which imports the rules;
    # it calls minimax(board, 'X') on the guide's board and writes the value into the stand-in page.
    shutil.copytree(LEARNERS / "modules_esm" / "ai", tmp_path / "js")
    (tmp_path / "js" / "main.js").write_text(
        "import { minimax } from './minimax.js';\nconst board = ['X', null, 'O', 'X', null, 'X', 'O', 'O', null];\n"
        "document.querySelector('#out').textContent = minimax(board, 'X').score;\n", encoding="utf-8")
    (tmp_path / "index.html").write_text('<!DOCTYPE html>\n<p id="out"></p>\n'
                                         '<script type="module" src="js/main.js"></script>\n', encoding="utf-8")
    code, data, err = run_check(str(tmp_path / "index.html"))
    assert (code, data["verdict"], data["calls"], data["first_call"]) == (0, "identical", 9, "program"), err


@pytest.mark.node
def test_an_inline_module_script_runs_with_its_imports_on_the_pages_lines(tmp_path: Path) -> None:
    # The page's own <script type="module"> imports the search from js/minimax.js (which imports
    # the rules) and calls it on the guide's board, X to move: the guide's 9 calls.
    shutil.copytree(LEARNERS / "modules_esm" / "ai", tmp_path / "js")
    page = tmp_path / "index.html"
    page.write_text('<!DOCTYPE html>\n<p id="out"></p>\n<script type="module">\n'
                    "import { minimax } from './js/minimax.js';\n"
                    "const board = ['X', null, 'O', 'X', null, 'X', 'O', 'O', null];\n"
                    "console.log(minimax(board, 'X').score);\n</script>\n", encoding="utf-8")
    code, data, err = run_check(str(page))
    assert (code, data["verdict"], data["calls"], data["first_call"]) == (0, "identical", 9, "program"), err
    # The search's AI is O (rules.js): X to move wins on 4, so the board is worth -1 to O.
    assert data["output"]["stdout"] == f"{value(GUIDE_BOARD, 'X', 'O')}\n"


@pytest.mark.node
def test_each_inline_module_of_a_page_runs_as_a_module_of_its_own(tmp_path: Path) -> None:
    # Two inline modules import the same rules; the second holds the search and calls it for O.
    shutil.copytree(LEARNERS / "modules_esm" / "ai", tmp_path / "js")
    first = ("<script type=\"module\">\nimport { lineWinner } from './js/rules.js';\n"
             "console.log('rules', typeof lineWinner);\n</script>\n")
    second = ("<script type=\"module\">\nimport { minimax } from './js/minimax.js';\n"
              "minimax(['X', null, 'O', 'X', null, 'X', 'O', 'O', null], 'O');\n</script>\n")
    page = "<!DOCTYPE html>\n" + first + "<p>two modules</p>\n" + second
    (tmp_path / "index.html").write_text(page, encoding="utf-8")
    code, data, err = run_check(str(tmp_path / "index.html"), "--boards", "0")
    assert (code, data["verdict"], data["first_call"], data["to_move"]) == (0, "identical", "program", "O"), err
    assert data["calls"] == calls(GUIDE_BOARD, "O") and data["output"]["stdout"] == "rules function\n"


@pytest.mark.node
def test_an_inline_modules_errors_name_the_page_and_its_line(tmp_path: Path) -> None:
    # The search is in the module itself; it throws on line 7 of the page when first called.
    page = tmp_path / "index.html"
    page.write_text("<!DOCTYPE html>\n<html>\n<body>\n<script type=\"module\">\n"
                    "export function minimax(board, player) {\n  if (board.length === 9) {\n"
                    "    throw new Error('not ready');\n  }\n  return 0;\n}\n"
                    "minimax(['X', '', 'O', 'X', '', 'X', 'O', 'O', ''], 'X');\n</script>\n</body>\n</html>\n",
                    encoding="utf-8")
    code, data, err = run_check(str(page))
    assert (code, data["verdict"], data["file"]) == (1, "error", str(page)), err
    assert (data["error"]["type"], data["error"]["line"], data["error"]["call"]) == ("Error", 7, 1)
    assert ".mjs" not in data["output"]["stderr"] and f"{page.as_uri()}:7:" in data["output"]["stderr"]


@pytest.mark.node
def test_a_module_nothing_calls_is_called_with_the_empty_cells_its_imports_say() -> None:
    # ai/minimax.js alone: nothing calls minimax, so tracer does, on the guide's board with X to move.
    # Its cells are compared with EMPTY, which ai/rules.js exports as null: the board is written
    # with null in the empty cells, and the search makes the guide's 9 calls.
    code, data, err = run_check(str(LEARNERS / "modules_esm" / "ai" / "minimax.js"))
    assert (code, data["verdict"], data["calls"], data["first_call"]) == (0, "identical", 9, "tracer"), err


@pytest.mark.node
def test_a_module_s_error_names_the_learners_file_not_a_copy(tmp_path: Path) -> None:
    shutil.copytree(LEARNERS / "modules_esm", tmp_path / "app")
    (tmp_path / "app" / "crash.mjs").write_text(
        "import { minimax } from './ai/minimax.js';\nminimax(['X', null, 'O', 'X', null, 'X', 'O', 'O', null], 'O');\n"
        "missingFunction();\n", encoding="utf-8")
    code, data, _ = run_check(str(tmp_path / "app" / "crash.mjs"))
    assert (code, data["verdict"], data["calls"]) == (0, "identical", 7)
    stderr = data["output"]["stderr"]
    assert "ReferenceError: missingFunction is not defined" in stderr
    assert str(tmp_path / "app" / "crash.mjs") + ":3" in stderr and "tracer-check-" not in stderr


def test_an_import_in_a_commonjs_package_is_that_error(tmp_path: Path) -> None:
    shutil.copytree(LEARNERS / "modules_esm", tmp_path / "app")
    (tmp_path / "app" / "package.json").write_text('{"type": "commonjs"}\n', encoding="utf-8")
    err = one_line_error(*run_text(str(tmp_path / "app" / "main.js")))
    assert "main.js:1:" in err and "Cannot use import statement outside a module" in err and "commonjs" in err


@pytest.mark.node
def test_imports_without_a_suffix_resolve_as_the_bundler_resolves_them() -> None:
    # A React project's src/minimax.js imports './helpers' (no .js, as Vite and webpack allow);
    # nothing in it calls minimax, so tracer does. Its squares are compared with null, and the
    # search is the guide's: whatever position tracer picks, its call count is the reference's.
    code, data, err = run_check(str(LEARNERS / "react_src" / "src" / "minimax.js"))
    assert (code, data["verdict"], data["first_call"]) == (0, "identical", "tracer"), err
    assert data["calls"] == calls(data["board"], data["to_move"])


def test_a_component_written_in_jsx_is_refused_naming_its_first_tag() -> None:
    err = one_line_error(*run_text(str(LEARNERS / "react_src" / "src" / "App.js")))
    assert "App.js:33:" in err and "JSX" in err


# ---- CommonJS: require between the learner's files ---------------------------------------------

@pytest.mark.node
def test_a_search_in_a_required_file_is_recorded() -> None:
    # main.js requires ./ai (no suffix, as require allows) and calls minimax(board, 'X') on the
    # guide's board with '-' for empty cells: the guide's 9 calls.
    code, data, err = run_check(str(LEARNERS / "commonjs_require" / "main.js"))
    assert (code, data["verdict"], data["calls"], data["first_call"]) == (0, "identical", 9, "program"), err
    assert data["file"].endswith("ai.js") and data["output"]["stdout"] == "value for X to move: 1\n"


@pytest.mark.node
def test_an_error_in_a_required_file_names_its_line_there(tmp_path: Path) -> None:
    shutil.copytree(LEARNERS / "commonjs_require", tmp_path / "app")
    ai = tmp_path / "app" / "ai.js"
    ai.write_text(ai.read_text(encoding="utf-8").replace("  const scores = [];", "  const scores = [];\n  null.x;"))
    code, data, _ = run_check(str(tmp_path / "app" / "main.js"))
    assert (code, data["verdict"]) == (1, "error")
    assert (data["error"]["type"], data["error"]["line"], data["error"]["call"]) == ("TypeError", 14, 1)


# ---- Python: a search in a module of the program's folder ----------------------------------------

def test_a_python_search_imported_from_the_programs_folder_is_found_and_checked() -> None:
    # runner.py imports tictactoe and calls its minimax(board) on the guide's board (rows of
    # X, O and None, X to move): minimax, max_value and min_value make the guide's 9 calls.
    code, data, err = run_check(str(LEARNERS / "py_package" / "runner.py"))
    assert (code, data["verdict"], data["calls"], data["first_call"]) == (0, "identical", 9, "program"), err
    assert data["file"].endswith("tictactoe.py")
    assert data["output"]["stdout"] == "X plays row 1, column 1\n"


def test_function_names_a_search_in_a_module_of_the_folder() -> None:
    names = "tictactoe.minimax,tictactoe.max_value,tictactoe.min_value"
    code, data, _ = run_check(str(LEARNERS / "py_package" / "runner.py"), "--function", names)
    assert (code, data["verdict"], data["calls"]) == (0, "identical", 9)


def test_function_naming_a_module_that_is_not_there_is_refused() -> None:
    err = one_line_error(*run_text(str(LEARNERS / "py_package" / "runner.py"), "--function", "nothere.minimax"))
    assert "nothere" in err


def test_an_error_in_the_module_names_its_line_there(tmp_path: Path) -> None:
    (tmp_path / "rules.py").write_text("def minimax(board, player):\n    return board[9]\n", encoding="utf-8")
    (tmp_path / "main.py").write_text("import rules\n\nrules.minimax(list('X.OX.XOO.'), 'X')\n", encoding="utf-8")
    code, data, _ = run_check(str(tmp_path / "main.py"))
    assert (code, data["verdict"], data["file"]) == (1, "error", str(tmp_path / "rules.py"))
    assert (data["error"]["type"], data["error"]["line"], data["error"]["call"]) == ("IndexError", 2, 1)
