"""Sound shortcuts are not mistakes, and alpha-beta is checked too: learners' programs in the shapes
real learners write (tests/learners/), each judged by an independent reference first.

Whether a program plays perfectly is decided here without tracer: its own board line is rewritten
to each of a set of positions, the program is run as it is (python or node), and the move it prints
is held to a plain minimax written in tests/checking.py. A program that always prints a best move
must be called ``correct`` (or ``identical``); one that prints a worse move on some position must be
called ``wrong`` on the position where its calls show it. Where a value is asserted, it is the
plain minimax's, or a plain alpha-beta's below, never one tracer printed.
"""

from __future__ import annotations

import itertools
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from checking import LEARNERS, play_values, run_check, run_text, value, won
from checking import calls as reference_calls
from test_check_mistakes import EDITS, edited

INF = float("inf")

#: Positions with X (the AI in every program here) to move: 2 and 4 marks, none finished.
POSITIONS = [
    "".join(board)
    for marks in (1, 2)
    for xs in itertools.combinations(range(9), marks)
    for os_ in itertools.combinations([i for i in range(9) if i not in xs], marks)
    for board in [["X" if i in xs else "O" if i in os_ else "." for i in range(9)]]
    if not won("".join(board), "X") and not won("".join(board), "O")
][::40]


def written(board: str, empty: str) -> str:
    """A board as the program's own line writes it: ``" "``, ``""`` or the cell's index for empty."""
    cells = [f'"{c}"' if c != "." else (str(i) if empty == "index" else f'"{empty}"') for i, c in enumerate(board)]
    return "[" + ", ".join(cells) + "]"


#: program -> how its board line is found, and how it writes an empty cell.
BOARD_LINES = {
    "py_alphabeta.py": (r"^board = .*$", "board = {}", " "),
    "py_root_twice.py": (r"^board = .*$", "board = {}", " "),
    "py_tie_ge.py": (r"^board = .*$", "board = {}", " "),
    "py_range8.py": (r"^board = .*$", "board = {}", " "),
    "py_window_not_passed.py": (r"^board = .*$", "board = {}", " "),
    "py_negamax_alphabeta.py": (r"^board = .*$", "board = {}", " "),
    "js_alphabeta_failsoft.js": (r"^const origBoard = .*$", "const origBoard = {};", "index"),
    "js_stop_at_win.js": (r"^const origBoard = .*$", "const origBoard = {};", "index"),
    "js_alphabeta_failhard.js": (r"^let board = .*$", "let board = {};", ""),
    "js_bounds_swapped.js": (r"^const board = .*$", "const board = {};", ""),
    "js_bound_as_value.js": (r"^const board = .*$", "const board = {};", ""),
    "js_root_twice.js": (r"^const board = .*$", "const board = {};", ""),
    "py_search_twice.py": (r"^board = .*$", "board = {}", " "),
    "py_stop_at_win.py": (r"^board = .*$", "board = {}", " "),
    "py_bounds_swapped.py": (r"^board = .*$", "board = {}", " "),
    "py_bound_as_value.py": (r"^board = .*$", "board = {}", " "),
    "js_window_not_passed.js": (r"^const board = .*$", "const board = {};", ""),
    "js_tie_ge.js": (r"^const origBoard = .*$", "const origBoard = {};", "index"),
    "js_range8.js": (r"^const board = .*$", "const board = {};", ""),
}


def moves_played(name: str, positions: list[str], tmp_path: Path) -> dict[str, int]:
    """The move the program prints on each position, run as it is with only its board changed."""
    pattern, line, empty = BOARD_LINES[name]
    source = (LEARNERS / name).read_text(encoding="utf-8")
    assert len(re.findall(pattern, source, re.M)) == 1, "the program's board line moved"
    out = {}
    for board in positions:
        program = tmp_path / name
        program.write_text(re.sub(pattern, line.format(written(board, empty)), source, flags=re.M), encoding="utf-8")
        runner = [sys.executable] if name.endswith(".py") else ["node"]
        done = subprocess.run([*runner, str(program)], capture_output=True, text=True, timeout=120, check=True)
        out[board] = int(done.stdout.split()[-1])
    return out


def best_moves(board: str) -> list[int]:
    """The cells whose test-play scores best for X, by the plain minimax."""
    empty = [i for i in range(9) if board[i] == "."]
    scores = play_values(board, "X", "X")
    return [cell for cell, score in zip(empty, scores, strict=True) if score == max(scores)]


def own_board(name: str) -> str:
    pattern, _, _ = BOARD_LINES[name]
    line = re.findall(pattern, (LEARNERS / name).read_text(encoding="utf-8"), re.M)[0]
    cells = re.findall(r'"[^"]*"|\d+', line.split("=", 1)[1])
    return "".join(c.strip('"') if c.strip('"') in ("X", "O") else "." for c in cells)


# ---- programs that play perfectly: correct, each shortcut listed ------------------------------------

#: program -> (verdict, differences, the named difference, the alpha-beta field's exactness and return).
SOUND: dict[str, tuple[str, list[str], str | None, Any]] = {
    "py_alphabeta.py": ("correct", ["alpha-beta"], None, (True, "soft")),
    "js_alphabeta_failsoft.js": ("correct", ["alpha-beta"], None, (True, "soft")),
    "js_alphabeta_failhard.js": ("correct", ["alpha-beta"], None, (True, "hard")),
    "js_stop_at_win.js": ("correct", ["stops-at-best"], "stops-at-win", None),
    "py_root_twice.py": ("correct", ["re-searches"], None, None),
    "js_root_twice.js": ("correct", ["re-searches"], None, None),
    # The same in one function: call #1's first call is on its own board, unchanged.
    "py_search_twice.py": ("correct", ["re-searches"], None, None),
    "py_stop_at_win.py": ("correct", ["stops-at-best"], "stops-at-win", None),
    "js_tie_ge.js": ("correct", ["tie-breaking"], "last-best", None),
    "js_window_not_passed.js": ("identical", [], "window-not-passed", (False, None)),
    "py_tie_ge.py": ("correct", ["tie-breaking"], "last-best", None),
    "py_window_not_passed.py": ("identical", [], "window-not-passed", (False, None)),
}


def sound_case(name: str) -> Any:
    marks = [pytest.mark.node] if name.endswith(".js") else []
    return pytest.param(name, marks=marks, id=name)


@pytest.mark.parametrize("name", [sound_case(n) for n in sorted(SOUND)])
def test_a_program_that_plays_perfectly_is_correct(name: str, tmp_path: Path) -> None:
    played = moves_played(name, [own_board(name), *POSITIONS], tmp_path)
    wrong = {board: move for board, move in played.items() if move not in best_moves(board)}
    assert not wrong, f"the reference finds worse moves: {wrong}"
    verdict, differences, named, alphabeta = SOUND[name]
    code, data, err = run_check(str(LEARNERS / name))
    assert code == 0, err
    assert (data["verdict"], data["differences"], data["difference"]) == (verdict, differences, named)
    assert data["first_wrong"] is None
    assert [d["id"] for d in data["differences_detail"]] == differences
    assert all(d["board"] == own_board(name) and d["position"] == 1 for d in data["differences_detail"])
    if alphabeta is None:
        assert data["alpha_beta"] is None
    else:
        assert (data["alpha_beta"]["exact"], data["alpha_beta"]["fail"]) == alphabeta


def test_a_tie_break_on_greater_or_equal_keeps_the_last_best_move(tmp_path: Path) -> None:
    """py_tie_ge.py's loop keeps the last of equally good moves: named the tie-break it is, never
    best-init, and the cell it keeps is the last best one by the plain minimax."""
    board = own_board("py_tie_ge.py")
    played = moves_played("py_tie_ge.py", [board], tmp_path)[board]
    assert played == best_moves(board)[-1] != best_moves(board)[0]
    _, data, _ = run_check(str(LEARNERS / "py_tie_ge.py"))
    assert data["difference"] == "last-best" and "best-init" not in data["matching_mistakes"]
    assert "keep the last" in data["mistake"] or "last best" in data["mistake"]


# ---- alpha-beta's calls, counted by a plain alpha-beta ----------------------------------------------


def alphabeta_calls(board: str, mover: str, alpha: float, beta: float, strict: bool = False,
                    order: tuple[int, ...] = tuple(range(9))) -> tuple[float, int]:
    """A plain alpha-beta (fail-soft; cut once alpha >= beta, or alpha > beta if ``strict``; cells in
    ``order``), AI X: (score, calls)."""
    if won(board, "O"):
        return -1, 1
    if won(board, "X"):
        return 1, 1
    if "." not in board:
        return 0, 1
    best, calls = (-INF if mover == "X" else INF), 1
    for i in (i for i in order if board[i] == "."):
        score, below = alphabeta_calls(board[:i] + mover + board[i + 1:], "O" if mover == "X" else "X",
                                       alpha, beta, strict, order)
        calls += below
        if mover == "X":
            best, alpha = max(best, score), max(alpha, score)
        else:
            best, beta = min(best, score), min(beta, score)
        if alpha > beta or (alpha == beta and not strict):
            break
    return best, calls


CENTRE_FIRST = (4, 0, 2, 6, 8, 1, 3, 5, 7)


def tracer_alphabeta_calls(board: str, mover: str, cutoff: str, order: tuple[int, ...]) -> int:
    """How many calls tracer's own alpha-beta (``trace --algorithm alphabeta``) makes from ``board``."""
    from tracer.games.tictactoe.board import Board
    from tracer.games.tictactoe.game import TicTacToe
    from tracer.search.alphabeta import search

    return int(search(TicTacToe(Board(board), mover, "X", order=order), cutoff).positions.sizes[0])

#: Edits of py_alphabeta.py -> (the cut, the order, the alpha-beta field's cutoff and order).
AB_EDITS: dict[str, tuple[list[tuple[str, str]], bool, tuple[int, ...], str, str]] = {
    "cut-only-beyond": ([("if beta <= alpha:", "if beta < alpha:")], True, tuple(range(9)), "gt", "ascending"),
    # Every loop in centre-first order, the AI's own loop too (its test-plays each get the full window).
    "centre-first": ([("for i in range(9):", "for i in (4, 0, 2, 6, 8, 1, 3, 5, 7):")],
                     False, CENTRE_FIRST, "ge", "centre-first"),
    # No parameter named alpha or beta: the window is the two numbers beyond every score at the start.
    "lower-upper": ([("alpha", "lower"), ("beta", "upper"), ("-math.inf, math.inf, False", "-1000, 1000, False")],
                    False, tuple(range(9)), "ge", "ascending"),
}


@pytest.mark.parametrize("edit", sorted(AB_EDITS))
def test_either_cutoff_and_either_order_are_tracer_s_alpha_beta(edit: str, tmp_path: Path) -> None:
    edits, strict, order, cutoff, order_name = AB_EDITS[edit]
    program = tmp_path / "alphabeta.py"
    program.write_text(edited((LEARNERS / "py_alphabeta.py").read_text(encoding="utf-8"), edits), encoding="utf-8")
    board = own_board("py_alphabeta.py")
    children = [board[:i] + "X" + board[i + 1:] for i in range(9) if board[i] == "."]
    _, data, _ = run_check(str(program))
    assert data["verdict"] == "correct" and "alpha-beta" in data["differences"]
    assert data["calls"] == 1 + sum(alphabeta_calls(c, "O", -INF, INF, strict, order)[1] for c in children)
    # and what the report claims: tracer's own alpha-beta, searched from each of the loop's boards
    assert data["calls"] == 1 + sum(tracer_alphabeta_calls(c, "O", cutoff, order) for c in children)
    assert data["alpha_beta"] == {"exact": True, "cut": cutoff, "order": order_name, "fail": "soft",
                                 "mistakes": []}


def test_negamax_with_alpha_beta_is_correct_and_tracer_s() -> None:
    """Negamax's alpha-beta visits what minimax's does: as many calls as the plain alpha-beta."""
    name = "py_negamax_alphabeta.py"
    _, data, _ = run_check(str(LEARNERS / name))
    assert (data["verdict"], data["differences"]) == ("correct", ["point of view", "alpha-beta"])
    assert data["calls"] == alphabeta_calls(own_board(name), "X", -INF, INF)[1]
    assert data["alpha_beta"]["exact"] is True


@pytest.mark.parametrize("name", [sound_case("js_alphabeta_failsoft.js"), sound_case("py_alphabeta.py")])
def test_alpha_beta_makes_as_many_calls_as_a_plain_alpha_beta(name: str) -> None:
    """The calls tracer counts are a plain alpha-beta's: from the first call's full window, or, for
    py_alphabeta.py's own loop over X's moves (one call), each move's search from the full window."""
    board = own_board(name)
    if name == "py_alphabeta.py":
        children = [board[:i] + "X" + board[i + 1:] for i in range(9) if board[i] == "."]
        expected = 1 + sum(alphabeta_calls(child, "O", -INF, INF)[1] for child in children)
    else:
        expected = alphabeta_calls(board, "X", -INF, INF)[1]
    _, data, _ = run_check(str(LEARNERS / name))
    assert data["calls"] == expected < data["guide_calls"]
    if name != "py_alphabeta.py":
        assert data["calls"] == tracer_alphabeta_calls(board, "X", "ge", tuple(range(9)))
    assert data["alpha_beta"] == {"exact": True, "cut": "ge", "order": "ascending", "fail": "soft",
                                 "mistakes": []}


@pytest.mark.node
def test_the_text_report_says_it_is_alpha_beta_and_why_it_is_right() -> None:
    code, text, _ = run_text(str(LEARNERS / "js_alphabeta_failhard.js"))
    assert code == 0
    assert "Verdict: correct" in text and "- alpha-beta: it prunes" in text
    assert "Alpha-beta: its calls are exactly those of tracer's alpha-beta (cutoff ge, ascending order, " \
           "fail-hard" in text
    assert "tried each empty cell" not in text  # the verdict does not claim what a pruning search never did


# ---- programs that do not: wrong, the mistake named ---------------------------------------------------

#: program -> its named mistake.
BROKEN = {"js_bounds_swapped.js": "bounds-swapped", "js_bound_as_value.js": "bound-as-value",
          "py_range8.py": "missing-cell", "py_bounds_swapped.py": "bounds-swapped",
          "py_bound_as_value.py": "bound-as-value", "js_range8.js": "missing-cell"}


@pytest.mark.parametrize("name", [sound_case(n) for n in sorted(BROKEN)])
def test_a_program_that_plays_worse_is_wrong_and_named(name: str, tmp_path: Path) -> None:
    played = moves_played(name, [own_board(name), *POSITIONS], tmp_path)
    assert any(move not in best_moves(board) for board, move in played.items())
    code, data, err = run_check(str(LEARNERS / name))
    assert code == 1, err
    assert data["verdict"] == "wrong" and data["difference"] == BROKEN[name]
    wrong = data["first_wrong"]
    assert wrong["position"] == 1  # the program's own position, the first checked
    if wrong["kind"] == "wrong-move":  # the first call's move: worse than a best one by the plain minimax
        assert wrong["call"] == 1 and played[own_board(name)] not in best_moves(own_board(name))
    else:  # a score neither the board's value nor a bound on its side of the window
        assert wrong["returned"] != value(wrong["board"], wrong["to_move"], "X")


@pytest.mark.node
def test_an_unsound_cut_is_reported_with_its_window_and_the_cut_rule() -> None:
    """js_bounds_swapped.js: #4 (O to move, the full window) stops after a test-play that does not
    reach alpha and returns a score its board does not have (the plain minimax's is 0)."""
    _, data, _ = run_check(str(LEARNERS / "js_bounds_swapped.js"))
    wrong = data["first_wrong"]
    assert wrong["returned"] != value(wrong["board"], wrong["to_move"], "X") == wrong["expected"]
    assert "called with α = -∞, β = +∞ (MIN)" in wrong["why"] and "a MIN call stops once its best ≤ α" in wrong["why"]
    assert wrong["window"] == [None, None]  # infinite bounds, as tracer's JSON writes them
    # the cause shown: after its first test-play (+1) this MIN call raised α itself
    assert "cell 5 with α = +1, β = +∞" in wrong["why"]
    _, text, _ = run_text(str(LEARNERS / "js_bounds_swapped.js"))
    assert "  window    α = -∞, β = +∞" in text
    assert "Alpha-beta: its calls take a window (α, β), but they are not those of tracer's alpha-beta" in text


@pytest.mark.parametrize("name", [sound_case("py_range8.py"), sound_case("js_range8.js")])
def test_missing_cell_8_is_named_with_its_cell(name: str) -> None:
    _, data, _ = run_check(str(LEARNERS / name))
    assert data["difference"] == "missing-cell"
    assert "cell 8" in data["mistake"] and "first" not in data["mistake"] and "last" not in data["mistake"]


@pytest.mark.parametrize(("variant", "board", "said", "not_said"), [
    ("missing-cell-first", "XO......", "misses the first one", "last"),
    ("missing-cell-last", "XO......", "misses the last one", "first"),
])
def test_missing_cell_s_sentence_says_which_cell(variant: str, board: str, said: str, not_said: str,
                                                 tmp_path: Path) -> None:
    """The guide's Python port with the loop's first or last empty cell left out, on a position where
    its calls tell which: the sentence says that one, never the other."""
    cells = board.ljust(9, ".")
    source = edited((LEARNERS / "py_guide_port.py").read_text(encoding="utf-8"), EDITS[variant][1])
    python_board = "[" + ", ".join(f'"{c}"' if c != "." else str(i) for i, c in enumerate(cells)) + "]"
    source = re.sub(r"^current_board_state = .*$", f"current_board_state = {python_board}", source, flags=re.M)
    program = tmp_path / "port.py"
    program.write_text(source, encoding="utf-8")
    _, data, _ = run_check(str(program))
    assert data["difference"] == "missing-cell"
    assert said in data["mistake"] and not_said not in data["mistake"]


def test_a_departure_with_the_value_due_says_what_departs_instead(tmp_path: Path) -> None:
    """py_late_win_check.py checks for a win only after its loop: #3 (O has 2, 4, 6) goes on to
    test-play, then returns -1, the plain minimax's value: the report never prints ``returned -1``
    beside ``expected -1``, it says what departs."""
    code, data, _ = run_check(str(LEARNERS / "py_late_win_check.py"))
    wrong = data["first_wrong"]
    assert code == 1 and wrong["kind"] == "finished-board" and wrong["call"] == 3
    assert wrong["returned"] == value(wrong["board"], wrong["to_move"], "X") == -1
    _, text, _ = run_text(str(LEARNERS / "py_late_win_check.py"))
    shown = dict(line.strip().split(maxsplit=1) for line in text.splitlines()
                 if line.startswith("  ") and line.strip().split(maxsplit=1)[0] in ("returned", "expected", "differs"))
    assert "expected" not in shown and shown["returned"] == "-1, the value due"
    assert shown["differs"] == "not the value: it test-played on a board whose game is over"
    log = tmp_path / "calls.txt"
    run_text(str(LEARNERS / "py_late_win_check.py"), "--log", str(log))
    told = log.read_text(encoding="utf-8")
    assert "expected -1" not in told and "expected the same value, but it test-played on a board whose game " \
        "is over" in told


# ---- a window left to its defaults on the first call -------------------------------------------------

LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))


def ab_with_defaults(board: list[Any], mark: str, alpha: float = -INF, beta: float = INF) -> float:
    """Fail-soft alpha-beta whose first call leaves the window to its defaults, as a notebook's does."""
    for who, score in (("O", -1), ("X", 1)):
        if any(all(board[i] == who for i in line) for line in LINES):
            return score
    free = [i for i in range(9) if board[i] not in ("X", "O")]
    if not free:
        return 0
    best = -INF if mark == "X" else INF
    for i in free:
        board[i] = mark
        score = ab_with_defaults(board, "O" if mark == "X" else "X", alpha, beta)
        board[i] = i
        if mark == "X":
            best, alpha = max(best, score), max(alpha, score)
        else:
            best, beta = min(best, score), min(beta, score)
        if alpha >= beta:
            break
    return best


def test_a_window_left_to_its_defaults_is_the_full_one() -> None:
    """tracer.check calls it without α and β: the first call's window is its defaults, -∞ and +∞."""
    import tracer

    board = "XO..X...O"
    result = tracer.check(ab_with_defaults, board)
    data = result.as_json()
    assert data["verdict"] == "correct" and data["differences"] == ["alpha-beta"]
    assert data["calls"] == alphabeta_calls(board, "X", -INF, INF)[1]
    assert data["alpha_beta"]["exact"] is True


def test_a_departure_under_boards_names_its_position() -> None:
    """py_best_init.py is right on its own board and wrong where every test-play scores below 0:
    --boards stops there, and the departure names that position, the last one checked."""
    code, data, _ = run_check(str(LEARNERS / "py_best_init.py"), "--boards")
    wrong = data["first_wrong"]
    assert code == 1 and wrong["position"] == data["searches"] > 1
    # the departing call lies below the position it stopped at, the one named
    assert all(c in (".", wrong["board"][i]) for i, c in enumerate(data["board"]))
    assert wrong["returned"] != value(wrong["board"], wrong["to_move"], data["ai"])


@pytest.mark.parametrize(("returned", "truth", "window", "sound"), [
    (0, 0, None, True),              # no window: only the value itself
    (1, 0, None, False),
    (-1, -1, (0, INF), True),        # fail-soft below alpha: the truth is below too
    (0, -1, (0, INF), True),         # fail-hard: alpha itself, the truth at most alpha
    (0, 1, (0, INF), False),         # alpha returned, but the truth is above it
    (1, 1, (-INF, 0), True),         # fail-soft above beta
    (0, 1, (-INF, 0), True),         # fail-hard: beta itself, the truth at least beta
    (0, -1, (-INF, 0), False),       # beta returned where the truth is below it
    (1, 0, (-1, 1), False),          # inside an open window, a bound is no answer
    (0, 0, (-1, 1), True),
    (INF, -1, (1, 1), True),         # an empty window (its caller has its cut): nothing is asked
])
def test_a_value_is_sound_for_its_window_as_the_textbook_says(returned: float, truth: float,
                                                              window: Any, sound: bool) -> None:
    """Fail-hard and fail-soft alpha-beta's invariant, written out case by case."""
    from tracer.check.judging.windows import is_sound

    assert is_sound(returned, truth, window) is sound


def test_a_board_searched_again_in_one_function_is_counted_call_by_call() -> None:
    """py_search_twice.py: call #1, then its board's whole search again (#2 on), then each move's
    whole search up to the first that keeps the board's score: as many calls as a plain minimax
    counts for those searches."""
    board = own_board("py_search_twice.py")
    target = value(board, "X", "X")
    searched = 1 + reference_calls(board, "X")
    for i in (i for i in range(9) if board[i] == "."):
        child = board[:i] + "X" + board[i + 1:]
        searched += reference_calls(child, "O")
        if value(child, "O", "X") == target:
            break
    _, data, _ = run_check(str(LEARNERS / "py_search_twice.py"))
    assert data["calls"] == searched and data["differences_detail"][0]["call"] == 2
