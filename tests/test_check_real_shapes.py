"""``trace check`` on programs in the shapes real learners write (tests/learners/real/).

What each program deserves is not written down by hand: a small driver runs the program's own
move choice, in the program's own language, on 20 positions, and a plain minimax written here
says which moves are best there. A program whose every choice is a best one is correct (tracer
must say ``identical`` or ``correct``); a program that chooses a worse move, or fails, on any of
them is broken (tracer must say ``wrong`` with a ``first_wrong``, or ``error`` where it fails).
"""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import dataclass
from functools import cache

import pytest
from checking import LEARNERS, LINES, run_check

REAL = LEARNERS / "real"
POSITIONS = 20


def winner(board: str) -> str | None:
    for a, b, c in LINES:
        if board[a] != "." and board[a] == board[b] == board[c]:
            return board[a]
    return None


@cache
def worth(board: str, mover: str) -> int:
    """The board's value for ``mover``, who is to play: +1 a win, 0 a draw, -1 a loss."""
    found = winner(board)
    if found is not None:
        return 1 if found == mover else -1
    if "." not in board:
        return 0
    other = "O" if mover == "X" else "X"
    return max(-worth(board[:i] + mover + board[i + 1:], other) for i in range(9) if board[i] == ".")


def best_moves(board: str, mover: str) -> set[int]:
    other = "O" if mover == "X" else "X"
    values = {i: -worth(board[:i] + mover + board[i + 1:], other) for i in range(9) if board[i] == "."}
    top = max(values.values())
    return {i for i, v in values.items() if v == top}


def reachable(board: str = "." * 9, seen: set[str] | None = None) -> set[str]:
    """Every position of a game X starts that is not over yet."""
    seen = set() if seen is None else seen
    if board in seen or winner(board) is not None or "." not in board:
        return seen
    seen.add(board)
    mover = "X" if board.count("X") == board.count("O") else "O"
    for i in range(9):
        if board[i] == ".":
            reachable(board[:i] + mover + board[i + 1:], seen)
    return seen


@cache
def positions(mover: str) -> tuple[str, ...]:
    """20 positions, evenly spread, with ``mover`` to play, 2 to 7 empty cells, and some move not best."""
    pool = sorted(b for b in reachable()
                  if (b.count("X") == b.count("O")) == (mover == "X") and 2 <= b.count(".") <= 7
                  and best_moves(b, mover) != {i for i in range(9) if b[i] == "."})
    step = len(pool) / POSITIONS
    return tuple(pool[int(k * step)] for k in range(POSITIONS))


@dataclass(frozen=True)
class Shape:
    file: str
    mover: str  # the mark the program's search plays for
    choose: str  # in the program's language: cells (nine of 'X', 'O', '.') -> the cell it plays


JS_DRIVER = r"""
const vm = require('vm'); const fs = require('fs');
const [file, choose, boards] = process.argv.slice(1);
const quiet = console.log; console.log = () => {};
// An ES module's exports are run as plain top-level bindings here (its own code, unchanged).
const text = fs.readFileSync(file, 'utf8').replace(/^export\s+(default\s+)?/gm, '');
try { vm.runInThisContext(text, {filename: file}); } catch (e) { /* its functions stay */ }
const pick = vm.runInThisContext('(' + choose + ')');
const out = JSON.parse(boards).map(b => { try { return pick(b.split('')); } catch (e) { return 'fails'; } });
quiet(JSON.stringify(out));
"""

PY_DRIVER = r"""
import contextlib, io, json, os, sys
file, choose, boards = sys.argv[1:]
space = {"__name__": "learner", "__file__": file}
sys.path.insert(0, os.path.dirname(os.path.abspath(file)))
with contextlib.redirect_stdout(io.StringIO()), contextlib.suppress(Exception):
    exec(compile(open(file).read(), file, "exec"), space)  # its own run may fail: its functions stay
pick = eval(choose, space)
out = []
for b in json.loads(boards):
    try:
        out.append(pick(list(b)))
    except Exception:
        out.append("fails")
print(json.dumps(out))
"""

ROWS_PY = "[[{m}.get(c, c) for c in cells[r * 3:r * 3 + 3]] for r in range(3)]"
#: A JavaScript choice on a top-level board of rows, filled in place, whose search returns [row, col].
JS_ROWS_GLOBAL = ("cells => {{ cells.forEach((c, i) => {{ {board}[Math.floor(i / 3)][i % 3] ="
                  " c === '.' ? {empty} : c; }}); const m = {call}; return m[0] * 3 + m[1]; }}")

SHAPES = [
    Shape("py_cs50_stop_at_win.py", "O",
          "lambda cells: (lambda a: a[0] * 3 + a[1])(minimax(" + ROWS_PY.format(m="{'.': None}") + "))"),
    Shape("py_cs50_missing_cell.py", "O",
          "lambda cells: (lambda a: a[0] * 3 + a[1])(minimax(" + ROWS_PY.format(m="{'.': None}") + "))"),
    Shape("py_xyscore_numeric.py", "O",
          "lambda cells: (board.__setitem__(slice(None), " + ROWS_PY.format(m="{'.': 0, 'X': -1, 'O': 1}")
          + "), ai_turn())[1]"),
    Shape("py_xyscore_best_init.py", "O",
          "lambda cells: (board.__setitem__(slice(None), " + ROWS_PY.format(m="{'.': 0, 'X': -1, 'O': 1}")
          + "), ai_turn())[1]"),
    Shape("py_maximizing_rows.py", "O",
          "lambda cells: (board.__setitem__(slice(None), " + ROWS_PY.format(m="{'.': ' '}")
          + "), (lambda m: m[0] * 3 + m[1])(best_move()))[1]"),
    Shape("py_maximizing_not_restored.py", "O",
          "lambda cells: (board.__setitem__(slice(None), " + ROWS_PY.format(m="{'.': ' '}")
          + "), (lambda m: m[0] * 3 + m[1])(best_move()))[1]"),
    Shape("py_maximizing_same_side.py", "O",
          "lambda cells: (board.__setitem__(slice(None), " + ROWS_PY.format(m="{'.': ' '}")
          + "), (lambda m: m[0] * 3 + m[1])(best_move()))[1]"),
    Shape("py_alphabeta_failsoft.py", "O",
          "lambda cells: (board.__setitem__(slice(None), " + ROWS_PY.format(m="{'.': ' '}") + "), best_move())[1]"),
    Shape("py_alphabeta_window_not_passed.py", "O",
          "lambda cells: (board.__setitem__(slice(None), " + ROWS_PY.format(m="{'.': ' '}") + "), best_move())[1]"),
    Shape("py_alphabeta_failhard.py", "X", "lambda cells: choose(['-' if c == '.' else c for c in cells])"),
    Shape("py_alphabeta_swapped.py", "X", "lambda cells: choose(['-' if c == '.' else c for c in cells])"),
    Shape("py_negamax_rows.py", "O",
          "lambda cells: (lambda m: m[0] * 3 + m[1])(pick(" + ROWS_PY.format(m="{'.': 0, 'X': 1, 'O': -1}")
          + ", -1))"),
    Shape("py_negamax_no_negation.py", "O",
          "lambda cells: (lambda m: m[0] * 3 + m[1])(pick(" + ROWS_PY.format(m="{'.': 0, 'X': 1, 'O': -1}")
          + ", -1))"),
    Shape("py_root_twice.py", "O", "lambda cells: play([None if c == '.' else c for c in cells], 'O')"),
    Shape("py_global_grid.py", "O",
          "lambda cells: (grid.__setitem__(slice(None), " + ROWS_PY.format(m="{'.': 0, 'X': -1, 'O': 1}")
          + "), (lambda m: m[0] * 3 + m[1])(minimax(len(free_cells()), 1)))[1]"),
    Shape("py_negamax_mover_first.py", "O",
          "lambda cells: best(-1, " + ROWS_PY.format(m="{'.': 0, 'X': 1, 'O': -1}") + ")"),
    Shape("py_node_object.py", "O",
          "lambda cells: negamax(Board(['#'] + [' ' if c == '.' else c for c in cells])).move - 1"),
    Shape("py_two_modules/ai.py", "O",
          "lambda cells: (r.board.__setitem__(slice(None), " + ROWS_PY.format(m="{'.': ' '}")
          + "), computer_move())[1]"),
    Shape("py_cs50_values/check.py", "O",
          "lambda cells: (lambda a: a[0] * 3 + a[1])(minimax(" + ROWS_PY.format(m="{'.': None}") + "))"),
    Shape("py_split_dispatch.py", "O",
          "lambda cells: (board.__setitem__(slice(None), " + ROWS_PY.format(m="{'.': ' '}") + "), best_move())[1]"),
    Shape("js_class_this_board.js", "O", "cells => new Game(cells.map(c => c === '.' ? '' : c)).bestMove()"),
    Shape("js_class_names.js", "O",
          "cells => { cells.forEach((c, i) => { originalBoard[i] = c === '.' ? i : c === 'X' ? 'x' : 'circle'; });"
          " return bestSpot(); }"),
    Shape("js_letter_e.js", "O",
          "cells => { cells.forEach((c, i) => { board_array[i] = c === '.' ? 'E' : c; });"
          " return makeComputerMove(); }"),
    Shape("js_nested_falsy.js", "O", "cells => computeBestMove(cells.map(c => c === '.' ? null : c), 'O')"),
    Shape("py_score_lists.py", "X", "lambda cells: choose(['' if c == '.' else c for c in cells])"),
    Shape("py_score_lists_no_draw.py", "X", "lambda cells: choose(['' if c == '.' else c for c in cells])"),
    Shape("py_tuple_result.py", "O", "lambda cells: minimax(tuple(None if c == '.' else c for c in cells), 'O')[1]"),
    Shape("js_origboard_numbers.js", "O",
          "cells => { cells.forEach((c, i) => { origBoard[i] = c === '.' ? i : c; }); return bestSpot(); }"),
    Shape("js_origboard_wrong_check.js", "O",
          "cells => { cells.forEach((c, i) => { origBoard[i] = c === '.' ? i : c; }); return bestSpot(); }"),
    Shape("js_origboard_not_restored.js", "O",
          "cells => { cells.forEach((c, i) => { origBoard[i] = c === '.' ? i : c; }); return bestSpot(); }"),
    Shape("js_empty_strings.js", "O",
          "cells => { board = cells.map(c => c === '.' ? '' : c); return getAIMove(); }"),
    Shape("js_empty_strings_ties_last.js", "O",
          "cells => { board = cells.map(c => c === '.' ? '' : c); return getAIMove(); }"),
    Shape("js_empty_strings_same_player.js", "O",
          "cells => { board = cells.map(c => c === '.' ? '' : c); return getAIMove(); }"),
    Shape("js_empty_strings_no_draw.js", "O",
          "cells => { board = cells.map(c => c === '.' ? '' : c); return getAIMove(); }"),
    Shape("js_p5_alphabeta_rows.js", "X",
          "cells => { board = [0, 1, 2].map(r => cells.slice(r * 3, r * 3 + 3).map(c => c === '.' ? '' : c));"
          " return bestMove(); }"),
    Shape("js_p5_entry_cut.js", "X",
          "cells => { board = [0, 1, 2].map(r => cells.slice(r * 3, r * 3 + 3).map(c => c === '.' ? '' : c));"
          " return bestMove(); }"),
    Shape("js_react_util_export.js", "O", "cells => minimax(cells.map(c => c === '.' ? null : c), true).index"),
    Shape("js_react_nested.js", "O", "cells => getBestMove(cells.map(c => c === '.' ? null : c), 'O')"),
    Shape("js_stop_at_win.js", "O",
          "cells => search(cells.map(c => c === '.' ? '_' : c.toLowerCase()), AI).index"),
    Shape("js_stop_at_wrong_win.js", "O",
          "cells => search(cells.map(c => c === '.' ? '_' : c.toLowerCase()), AI).index"),
    Shape("js_negamax_alphabeta.js", "O", "cells => root(cells.map(c => c === '.' ? ' ' : c), 'O')"),
    Shape("js_negamax_bound_as_value.js", "O", "cells => root(cells.map(c => c === '.' ? ' ' : c), 'O')"),
    Shape("py_closure_board.py", "O", "lambda cells: ai_move([' ' if c == '.' else c for c in cells])"),
    Shape("py_closure_not_restored.py", "O", "lambda cells: ai_move([' ' if c == '.' else c for c in cells])"),
    Shape("py_numeric_symbols.py", "O", "lambda cells: computer_move([{'.': 0, 'X': -1, 'O': 1}[c] for c in cells])"),
    Shape("py_minimax_drives_helper.py", "X", "lambda cells: minimax(['' if c == '.' else c for c in cells])"),
    Shape("py_minimax_drives_helper_worst.py", "X", "lambda cells: minimax(['' if c == '.' else c for c in cells])"),
    Shape("js_minimax_drives_helper.js", "O", JS_ROWS_GLOBAL.format(board="board", empty="''", call="minimax()")),
    Shape("js_minimax_drives_helper_ties_last.js", "O",
          JS_ROWS_GLOBAL.format(board="board", empty="''", call="minimax()")),
    Shape("js_numeric_symbols.js", "O", "cells => minimax(cells.map(c => c === '.' ? 0 : c === 'X' ? 2 : 1), 1).index"),
    Shape("py_memo_lru.py", "O", "lambda cells: choose(''.join(cells))"),
    Shape("py_memo_dict.py", "X", "lambda cells: best_move([' ' if c == '.' else c for c in cells])"),
    Shape("py_memo_dict_in_loop.py", "X", "lambda cells: best_move([' ' if c == '.' else c for c in cells])"),
    Shape("js_memo_map.js", "O", "cells => minimax(cells.map((c, i) => c === '.' ? i : c), 'O').index"),
    Shape("py_text_rows.py", "O", "lambda cells: (lambda rc: rc[0] * 3 + rc[1])(next_move('O', "
          "[''.join('_' if c == '.' else c for c in cells[r:r + 3]) for r in (0, 3, 6)]))"),
    Shape("py_class_deepcopy.py", "O", "lambda cells: (lambda rc: rc[0] * 3 + rc[1])(TicTacToe()._pick_move("
          + ROWS_PY.format(m="{'.': ' '}") + ", 'O'))"),
    Shape("py_random_ties.py", "O", "lambda cells: ai_move([' ' if c == '.' else c for c in cells])"),
    Shape("js_score_move_array.js", "O", "cells => mmMove(cells.map(c => c === '.' ? '' : c), 'O')[1]"),
    Shape("js_min_max_values.js", "O", "cells => aiChoice(cells.map(c => c === '.' ? 0 : c === 'X' ? 1 : 2))"),
    Shape("py_player_game_object.py", "O",
          "lambda cells: AlphaBetaPlayer('O').get_move(Game([' ' if c == '.' else c for c in cells]))"),
    Shape("py_enum_negamax.py", "O", "lambda cells: best_move([{'.': Players.EMPTY, 'X': Players.ONE, "
          "'O': Players.TWO}[c] for c in cells], Players.TWO)"),
    Shape("py_player_dict_position.py", "O",
          "lambda cells: SmartComputerPlayer('O').get_move(TicTacToe([' ' if c == '.' else c for c in cells]))"),
    Shape("py_player_winner_not_reset.py", "O",
          "lambda cells: SmartComputerPlayer('O').get_move(TicTacToe([' ' if c == '.' else c for c in cells]))"),
    Shape("js_class_copies.js", "X", "cells => new Ai(cells.map(c => c === '.' ? null : c)).bestMove()"),
    Shape("py_alphabeta_triple.py", "O", "lambda cells: (lambda t: t[0][0] * 3 + t[0][1])(alphabeta(0, Board("
          + ROWS_PY.format(m="{'.': None}") + "), 'O', True, -inf, inf))"),
]


def own_choices(shape: Shape) -> list[object]:
    """The program's own move on each position, run by a driver in its own language."""
    boards = json.dumps(positions(shape.mover))
    path = str(REAL / shape.file)
    command = (["node", "-e", JS_DRIVER, path] if shape.file.endswith(".js")
               else [sys.executable, "-c", PY_DRIVER, path])
    done = subprocess.run([*command, shape.choose, boards], capture_output=True, text=True, timeout=120,
                          check=True)
    return json.loads(done.stdout.splitlines()[-1])


def deserved(shape: Shape) -> tuple[str, list[str]]:
    """'correct', or 'broken' with the positions where the program's choice is not a best move."""
    bad = [f"{board}: played {move}, best {sorted(best_moves(board, shape.mover))}"
           for board, move in zip(positions(shape.mover), own_choices(shape), strict=True)
           if move not in best_moves(board, shape.mover)]
    return ("broken" if bad else "correct"), bad


def test_the_reference_positions_discriminate() -> None:
    """The positions are 20 different ones, each with a move that loses value (the reference bites)."""
    for mover in "XO":
        chosen = positions(mover)
        assert len(set(chosen)) == POSITIONS
        for board in chosen:
            empty = {i for i in range(9) if board[i] == "."}
            assert best_moves(board, mover) < empty


def test_the_reference_minimax() -> None:
    """Closed-form facts: the empty board is a draw; X completing its top row is the only move
    that does not let O complete the middle row or the diagonal 2-4-6 next."""
    assert worth("." * 9, "X") == 0
    assert best_moves("XX.OO.O.X", "X") == {2}
    assert worth("XX.OO.O.X", "X") == 1 and worth("XXXOO.O.X", "O") == -1


def cases() -> list[object]:
    return [pytest.param(shape, marks=[pytest.mark.node] if shape.file.endswith(".js") else [], id=shape.file)
            for shape in SHAPES]


@pytest.mark.parametrize("shape", cases())
def test_trace_check_agrees_with_the_reference(shape: Shape) -> None:
    kind, bad = deserved(shape)
    code, data, err = run_check(str(REAL / shape.file))
    verdict = data.get("verdict")
    if kind == "correct":
        assert code == 0 and verdict in ("identical", "correct"), (verdict, data.get("first_wrong"), err)
    else:
        assert verdict in ("wrong", "error"), (verdict, bad)
        assert data.get("first_wrong") is not None or verdict == "error" and data.get("error"), data


@pytest.mark.node
def test_a_search_on_the_page_s_own_cells_is_refused_with_its_cause() -> None:
    """minimax(cells, player) reads and writes page elements' textContent and only runs after a
    click: tracer's own call on an array plays nothing, and it says so (exit status 2, one line,
    the way out), never ``wrong`` or ``error`` about the learner."""
    code, data, err = run_check(str(REAL / "js_dom_cells.js"))
    assert code == 2 and data == {}
    assert err.startswith("trace: error: ") and err.count("\n") == 1
    assert "played nothing" in err and "--call EXPR" in err
