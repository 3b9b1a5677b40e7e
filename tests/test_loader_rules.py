"""The JSON loader's rules, each held by a file that breaks exactly that rule: a root is the
one call with no move, a file of a later format version is refused, ``best`` names one of its
call's moves, the header's call count is the tree's, and a position met again repeats its
first subtree. Each broken file is one ``trace: error:`` line, exit 2, nothing written."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest

import tracer
from tracer.errors import InputError
from tracer.games.tictactoe.game import TicTacToe
from tracer.search.negamax import search as negamax
from tracer.tracefile import load_json, render_json
from tracer.tracefile.writer import LATEST


def tutorial_doc() -> dict[str, Any]:
    """The guide's tutorial board as a version-1 file: 9 calls."""
    return json.loads(render_json(tracer.record(tracer.Board("X.OX.XOO."), "X")))


def refused(cli, tmp_path: Path, doc: dict[str, Any], *words: str) -> str:
    """``trace render`` of ``doc`` ends in one error line holding ``words``, and writes nothing."""
    path = tmp_path / "t.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    result = cli("render", str(path), "-q", "--no-tree")
    lines = result.stderr.splitlines()
    assert result.exit_code == 2, result.output
    assert len(lines) == 1 and lines[0].startswith("trace: error: ") and "t.json" in lines[0], result.stderr
    for word in words:
        assert word in lines[0], lines[0]
    assert [p.name for p in tmp_path.iterdir()] == ["t.json"]
    return lines[0]


def loads(doc: dict[str, Any]) -> tracer.Trace:
    return load_json(io.BytesIO(json.dumps(doc).encode()), "t.json")


def test_the_unedited_file_loads() -> None:
    # The edits below are the only reason each file is refused.
    assert loads(tutorial_doc()).calls == 9


def test_a_root_with_a_move_is_refused(cli, tmp_path: Path) -> None:
    doc = tutorial_doc()
    doc["tree"]["move"] = 1  # the root's position came from no move
    refused(cli, tmp_path, doc, "call 1", "null at the root")


def test_a_call_below_the_root_without_a_move_is_refused(cli, tmp_path: Path) -> None:
    doc = tutorial_doc()
    doc["tree"]["children"][0]["move"] = None
    refused(cli, tmp_path, doc, "call 2", "null at the root")


@pytest.mark.parametrize("version", [LATEST + 1, 10, 0, -1])
def test_a_format_version_this_tracer_does_not_know_is_refused(cli, tmp_path: Path, version: int) -> None:
    # A version-2 file (negamax is not the guide's search) with its version raised.
    doc = json.loads(render_json(negamax(TicTacToe(tracer.Board("X.OX.XOO."), "X"))))
    assert doc["version"] == LATEST and loads(doc).calls == 9
    doc["version"] = version
    refused(cli, tmp_path, doc, "version", str(version))


@pytest.mark.parametrize("where", ["root", "call 2"])
def test_a_best_naming_no_move_of_its_call_is_an_error_line(cli, tmp_path: Path, where: str) -> None:
    doc = tutorial_doc()
    node = doc["tree"] if where == "root" else doc["tree"]["children"][0]
    moves = [child["move"] for child in node["children"]]
    assert node["best"] in moves
    node["best"] = next(cell for cell in range(9) if cell not in moves)
    refused(cli, tmp_path, doc, "expected best to be one of the moves")


@pytest.mark.parametrize("calls", [8, 10, 0, 1])
def test_the_headers_call_count_must_be_the_trees(cli, tmp_path: Path, calls: int) -> None:
    doc = tutorial_doc()
    assert doc["calls"] == 9  # the guide's count for its tutorial board
    doc["calls"] = calls
    refused(cli, tmp_path, doc, '"calls"', "9", str(calls))


@pytest.mark.parametrize("digits", [19, 20, 21])
def test_a_number_of_up_to_20_digits_is_read_and_named_a_longer_one_is_refused_unread(
        cli, tmp_path: Path, digits: int) -> None:
    # 20 digits hold any 64-bit integer (2**64 has 20): such a count is read and shown as the
    # wrong count it is; a 21st digit is refused before the number is read.
    doc = tutorial_doc()
    doc["calls"] = 10 ** (digits - 1)
    if digits <= 20:
        refused(cli, tmp_path, doc, '"calls" to be 9', str(10 ** (digits - 1)))
    else:
        refused(cli, tmp_path, doc, "a number of more than 20 digits")


def first_repeat(doc: dict[str, Any]) -> dict[str, Any]:
    """The first node (breadth first) whose position an earlier node already had, with calls below it."""
    seen: set[tuple[str, str, int]] = set()
    pending = [doc["tree"]]
    while pending:
        node = pending.pop(0)
        key = (node["board"], node["mark"], node["depth"])
        if key in seen and len(node["children"]) > 1:
            return node
        seen.add(key)
        pending.extend(node["children"])
    raise AssertionError("no repeated position with calls below it")


def test_a_repeated_position_with_another_subtree_is_refused() -> None:
    # Five empty cells: positions recur by transposition. The second meeting of one holds a
    # call fewer below it, with the same result: the first meeting's subtree is the rows'.
    doc = json.loads(render_json(tracer.record(tracer.Board("XO..X.O.."), "O")))
    assert loads(doc).calls == doc["calls"]
    node = first_repeat(doc)
    kept = [c for c in node["children"] if c["move"] == node["best"]]
    node["children"] = kept + [c for c in node["children"] if c["move"] != node["best"]][:-1]
    node["children"].sort(key=lambda c: c["move"])
    with pytest.raises(InputError, match="earlier call on the same position"):
        loads(renumbered(doc))


@pytest.mark.parametrize("edit", ["best", "score", "order"])
def test_a_repeated_position_with_the_same_moves_but_another_choice_is_refused(edit: str) -> None:
    # The second meeting keeps every call below it but says something else of them: another
    # chosen test-play, another score, its test-plays in another order. Only the first
    # meeting's subtree becomes rows, so each would pass unread unless the meetings are compared.
    doc = json.loads(render_json(tracer.record(tracer.Board("XO..X.O.."), "O")))
    node = first_repeat(doc)
    moves = [c["move"] for c in node["children"]]
    if edit == "best":
        node["best"] = next(m for m in moves if m != node["best"])
    elif edit == "score":
        node["score"] = 1 if node["score"] != 1 else -1
    else:
        node["children"].reverse()
    with pytest.raises(InputError, match="earlier call on the same position"):
        loads(renumbered(doc))


def renumbered(doc: dict[str, Any]) -> dict[str, Any]:
    """``doc`` with its calls numbered again in pre-order (after a subtree was cut)."""
    count = 0
    pending = [doc["tree"]]
    while pending:
        node = pending.pop()
        count += 1
        node["call"] = count
        pending.extend(reversed(node["children"]))
    return doc


@pytest.mark.parametrize("doc", [[], "trace", None, 3, {"format": "tracer-trace", "version": 1},
                                 {"format": "tracer-trace", "version": 1, "tree": []},
                                 {"format": "tracer-trace", "version": 1, "tree": "x"}])
def test_a_parsed_document_without_a_tree_object_is_refused_by_name(doc: Any) -> None:
    from tracer.tracefile import trace_from_dict

    with pytest.raises(InputError, match='expected a JSON object with "format": "tracer-trace" and a "tree"'):
        trace_from_dict(doc, "t.json")


@pytest.mark.parametrize(("where", "node"), [("root", "no children"), ("root", "children not a list"),
                                             ("child", "no children"), ("child", "children not a list"),
                                             ("child", "not an object")])  # a root not an object: above
def test_a_parsed_node_without_a_children_array_is_refused_by_name(where: str, node: str) -> None:
    from tracer.tracefile import trace_from_dict

    doc = tutorial_doc()
    parent, key = (doc, "tree") if where == "root" else (doc["tree"]["children"], 0)
    if node == "no children":
        del parent[key]["children"]
    elif node == "children not a list":
        parent[key]["children"] = {"0": parent[key]["children"]}
    else:
        parent[key] = [parent[key]]
    with pytest.raises(InputError, match='expected every node to be a JSON object with a "children" array'):
        trace_from_dict(doc, "t.json")


@pytest.mark.parametrize("game", ["chess", 3, ["tictactoe"], None, ""])
def test_a_game_this_tracer_does_not_know_is_refused_naming_the_games(cli, tmp_path: Path, game: Any) -> None:
    doc = json.loads(render_json(negamax(TicTacToe(tracer.Board("X.OX.XOO."), "X"))))
    assert doc["game"] == "tictactoe"
    doc["game"] = game
    refused(cli, tmp_path, doc, 'expected "game" to be one of', "nim", "tictactoe", "tree")


def test_a_bound_that_is_not_what_the_rows_imply_is_refused() -> None:
    # Alpha-beta's "bound" says whether a cut left a call's score a bound: ≥ after MAX's cut,
    # ≤ after MIN's, null for an exact score. A file claiming otherwise is refused.
    from tracer.search import SearchSpec

    doc = json.loads(render_json(SearchSpec("alphabeta").run(TicTacToe(tracer.Board("XO..X..O."), "O"))))
    assert loads(doc).calls == doc["calls"]
    node = next(c for c in doc["tree"]["children"] if c["bound"] == "≥")
    assert node["pruned"]  # the cut behind the bound
    node["bound"] = None
    with pytest.raises(InputError, match=f'call {node["call"]}: expected "bound" to be "≥", found .null.'):
        loads(doc)


def test_a_bound_is_checked_where_its_position_is_first_met() -> None:
    # A position met again with the same window is the same row: the file gives its "bound" at
    # each meeting. A wrong bound at the first meeting is refused there, even though the
    # second meeting states it right.
    from tracer.search import SearchSpec

    doc = json.loads(render_json(SearchSpec("alphabeta").run(TicTacToe(tracer.Board("XO..X..O."), "O"))))
    meetings: dict[tuple[Any, ...], list[dict[str, Any]]] = {}
    pending = [doc["tree"]]
    while pending:  # pre-order: call order
        node = pending.pop()
        key = (node["board"], node["mark"], node["depth"], node["alpha"], node["beta"])
        meetings.setdefault(key, []).append(node)
        pending.extend(reversed(node["children"]))
    first, again = next(found for found in meetings.values() if len(found) > 1 and found[0]["bound"])
    assert first["call"] < again["call"] and first["bound"] == again["bound"]
    first["bound"] = None
    with pytest.raises(InputError, match=f'call {first["call"]}: expected "bound" to be "{again["bound"]}"'):
        loads(doc)
