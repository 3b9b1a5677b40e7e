"""Hostile JSON traces and option values end in one ``trace: error:`` line (issue 9);
every valid JSON layout of a trace loads as the trace it holds."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

import tracer
from tracer.errors import InputError
from tracer.renderers.json_stream import TraceReader
from tracer.renderers.json_trace import load_json, render_json, trace_from_dict
from tracer.scores import MAX_SCORE, Scores, parse_scores


@pytest.fixture(scope="module")
def compact() -> str:
    """The tutorial board's trace as write_json writes it."""
    return render_json(tracer.record(tracer.Board("X.OX.XOO."), "X"))


def load_text(text: str | bytes) -> tracer.Trace:
    data = text.encode("utf-8") if isinstance(text, str) else text
    return load_json(io.BytesIO(data), "t.json")


def refused(cli, tmp_path: Path, data: str | bytes, *words: str) -> str:
    path = tmp_path / "t.json"
    path.write_bytes(data.encode("utf-8") if isinstance(data, str) else data)
    result = cli("render", str(path), "-q", "--no-tree")
    assert result.exit_code == 2, result.output
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("trace: error: "), result.stderr
    assert "t.json" in lines[0]
    for word in words:
        assert word in lines[0], lines[0]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["t.json"]  # nothing written
    return lines[0]


# -- every layout of a valid trace loads -------------------------------------------------

def layouts(compact: str) -> dict[str, str]:
    doc = json.loads(compact)
    return {
        "write_json": compact,
        "one line": json.dumps(doc),
        "indented": json.dumps(doc, indent=2),
        "tabs and CRLF": json.dumps(doc, indent="\t").replace("\n", "\r\n"),
        "tree first": json.dumps({"tree": doc["tree"],
                                  **{k: v for k, v in doc.items() if k != "tree"}})
                      .replace('"tree"', '"format": "tracer-trace", "version": 1, "tree"', 1)
                      .replace('"format": "tracer-trace", "version": 1, "board"', '"board"'),
    }


@pytest.mark.parametrize("name", ["write_json", "one line", "indented", "tabs and CRLF"])
def test_every_layout_loads_as_the_same_trace(compact: str, name: str) -> None:
    assert render_json(load_text(layouts(compact)[name])) == compact


def test_result_and_calls_after_the_tree_are_read(compact: str) -> None:
    doc = json.loads(compact)
    head = {k: doc[k] for k in ("format", "version", "board", "to_move", "ai", "human", "scores")}
    reordered = {**head, "tree": doc["tree"], "result": doc["result"], "calls": doc["calls"]}
    assert render_json(load_text(json.dumps(reordered))) == compact


def test_the_games_header_after_the_tree_is_refused_in_one_line(compact: str) -> None:
    # The game's fields say how to read each node, so they come first, as tracer writes them.
    doc = json.loads(compact)
    tail = {k: doc[k] for k in ("board", "to_move", "ai", "human", "scores", "result", "calls")}
    reordered = {"format": doc["format"], "version": doc["version"], "tree": doc["tree"], **tail}
    with pytest.raises(InputError, match="header"):
        load_text(json.dumps(reordered))


def test_one_reformatted_node_in_the_fast_layout_still_loads(compact: str) -> None:
    lines = compact.split("\n")
    lines[4] = lines[4].replace('","mark":', '",\n "mark" :').replace('"call":', '"call" : ')
    assert lines != compact.split("\n")
    assert render_json(load_text("\n".join(lines))) == compact


def test_a_dict_still_loads(compact: str) -> None:
    assert render_json(trace_from_dict(json.loads(compact))) == compact


def test_the_reader_yields_nodes_in_pre_order_with_their_depth(compact: str) -> None:
    reader = TraceReader(io.BytesIO(compact.encode()))
    nodes = [(depth, call, dict(fields)) for depth, call, fields, _ in reader.nodes()]
    doc = json.loads(compact)

    def walk(node: dict, depth: int):
        yield depth, node["call"], {k: v for k, v in node.items()
                                    if k not in ("call", "children")}
        for child in node["children"]:
            yield from walk(child, depth + 1)

    assert nodes == list(walk(doc["tree"], 0))
    assert reader.header == {k: v for k, v in doc.items() if k != "tree"}


def test_unknown_keys_are_left_unread(compact: str) -> None:
    text = compact.replace('"calls":', '"extra":{"a":[1,2]},"calls":', 1)
    text = text.replace('"best":', '"note":"x","best":')
    reader = TraceReader(io.BytesIO(text.encode()))
    first = next(reader.nodes())
    assert first[2]["note"] == "x" and reader.header["extra"] == {"a": [1, 2]}
    assert render_json(load_text(text)) == compact


# -- malformed traces: one line, exit 2 -----------------------------------------------

def node_edit(compact: str, old: str, new: str, count: int = 1) -> str:
    """``compact`` with a node's field text changed (in the second node)."""
    head, sep, rest = compact.partition('{"call":2,')
    assert old in rest
    return head + sep + rest.replace(old, new, count)


BAD_NODE_FIELDS = {
    "terminal is a list": ('"terminal":null', '"terminal":[]'),
    "terminal is an object": ('"terminal":null', '"terminal":{}'),
    "score -Infinity": ('"score":', '"score":-Infinity,"x":'),
    "score NaN": ('"score":', '"score":NaN,"x":'),
    "score of 5000 digits": ('"score":', '"score":' + "9" * 5000 + ',"x":'),
    "score beyond 64 bits": ('"score":', f'"score":{2**64 + 1},"x":'),
    "score beyond the range": ('"score":', f'"score":{MAX_SCORE + 1},"x":'),
    "score as a float": ('"score":1', '"score":1.0'),
    "score as a boolean": ('"score":1', '"score":true'),
    "depth as a float": ('"depth":1', '"depth":1.0'),
    "depth as a boolean": ('"depth":1', '"depth":true'),
    "move as a float": ('"move":1', '"move":1.0'),
    "empty with a float": ('"empty":[4,8]', '"empty":[4.0,8]'),
    "empty with a boolean": ('"empty":[1,4', '"empty":[true,4'),
    "best as a float": ('"best":', '"best":4.0,"y":'),
    "call as a float": ('"call":2,', '"call":2.0,'),
    "board with a look-alike": ('"board":"X', '"board":"\u0425'),
    "board of 10 cells": ('"board":"', '"board":"X'),
    "missing key": ('"mark":"O",', ""),
    "children not last": ('"children":[', '"children":[],"z":[') ,
}


@pytest.mark.parametrize("case", sorted(BAD_NODE_FIELDS))
def test_a_bad_node_is_one_line(cli, tmp_path: Path, compact: str, case: str) -> None:
    old, new = BAD_NODE_FIELDS[case]
    if case == "call as a float":
        text = compact.replace('{"call":2,', '{"call":2.0,', 1)
    elif case == "children not last":
        text = node_edit(compact, '"children":[]}', '"children":[],"z":1}')
    else:
        text = node_edit(compact, old, new)
    assert text != compact
    refused(cli, tmp_path, text)


@pytest.mark.parametrize("old, new", [
    ('"version":1', '"version":true'),
    ('"version":1', '"version":1.0'),
    ('"version":1', '"version":2'),
    ('"format":"tracer-trace"', '"format":"other"'),
    ('"calls":9', '"calls":9.0'),
    ('"calls":9', '"calls":true'),
    ('"human_win":-1', f'"human_win":{-MAX_SCORE - 1}'),
    ('"human_win":-1', '"human_win":-1.5'),
    ('"human_win":-1', '"human_win":"-1"'),
    ('"index":4', '"index":4.0'),
    ('"to_move":"X"', '"to_move":["X"]'),
    ('"scores":{', '"scores":[{'),
])
def test_a_bad_header_is_one_line(cli, tmp_path: Path, compact: str, old: str, new: str) -> None:
    assert old in compact
    refused(cli, tmp_path, compact.replace(old, new, 1))


@pytest.mark.parametrize("data", [
    b"", b"   ", b"null", b"[]", b"{}", b"{", b'{"format"', b"\xef\xbb\xbf{}",
    b'{"format":"tracer-trace","version":1}',
    b'{"format":"tracer-trace","version":1,"tree":{"call":1}}',
    b'{"format":"tracer-trace","version":1,"tree":[]}',
    b'{"format":"tracer-trace","version":1,"tree":' + b'{"children":[' * 100_000,
    b'{"format":"tracer-trace","x":' + b"[" * 100_000 + b"]" * 100_000 + b"}",
    b'{"a":"\xff\xfe"}', b"\x00\x01\x02", b'{"a":"unterminated',
    b'{"a":1,"a":2}', b'{"a":01}', b'{"a":-}', b'{"a":1e}', b"{} {}",
])
def test_junk_is_one_line(cli, tmp_path: Path, data: bytes) -> None:
    refused(cli, tmp_path, data)


def test_truncated_traces_are_one_line(cli, tmp_path: Path, compact: str) -> None:
    for cut in (1, len(compact) // 3, len(compact) // 2, len(compact) - 3):
        refused(cli, tmp_path, compact[:cut])


def test_a_repeated_position_must_repeat_its_first_result() -> None:
    # Five empty cells: positions recur by transposition. A later call of a position
    # that returns something else than its first call is refused.
    doc = json.loads(render_json(tracer.record(tracer.Board("XO..X.O.."), "O")))
    seen: set[tuple[str, str]] = set()
    pending = [doc["tree"]]
    while pending:
        node = pending.pop(0)
        if (node["board"], node["mark"]) in seen and node["terminal"] is None:
            node["score"] = 1 if node["score"] != 1 else -1
            break
        seen.add((node["board"], node["mark"]))
        pending.extend(node["children"])
    else:
        pytest.fail("no repeated position in the trace")
    with pytest.raises(InputError, match="earlier call"):
        load_text(json.dumps(doc))


def test_messages_escape_what_they_quote(cli, tmp_path: Path, compact: str) -> None:
    line = refused(cli, tmp_path, node_edit(compact, '"board":"', '"board":"\\u001b[31mX\\n'))
    assert "\x1b" not in line and "\\x1b" in line


# -- --scores and Scores --------------------------------------------------------------

@pytest.mark.parametrize("text", ["+-1,1,0", "1_0,20,0", "\u0661,2,3", "-1,+1,0", "-1,1,0,",
                                  "-1,1", "1e3,2e3,0", "0x1,2,3", "-1, 1 ,0x",
                                  f"{-MAX_SCORE - 1},1,0", "-1,99999999999999999999999,0",
                                  "-1,1,\u00a00", "-1,1,0\n"])
def test_scores_must_be_plain_integers_in_range(cli, text: str) -> None:
    with pytest.raises(InputError):
        parse_scores(text)
    result = cli("--example", "near-endgame", "-q", "--no-tree", "--scores", text)
    assert result.exit_code == 2
    assert len(result.stderr.splitlines()) == 1


def test_scores_at_the_limits_are_accepted() -> None:
    assert parse_scores(f"{-MAX_SCORE},{MAX_SCORE},0") == Scores(-MAX_SCORE, MAX_SCORE, 0)
    assert parse_scores(" -3, 5 ,-0") == Scores(-3, 5, 0)
    with pytest.raises(ValueError):
        Scores(-1, MAX_SCORE + 1, 0)
    with pytest.raises(ValueError):
        Scores(-1, True, 0)  # type: ignore[arg-type]


def test_a_move_beyond_any_board_is_one_clean_error(compact: str) -> None:
    # Found by hypothesis: a move of 32768 once overflowed the 16-bit move column.
    doc = json.loads(compact)
    doc["tree"]["children"][0]["move"] = 32768
    with pytest.raises(InputError, match="between 0 and 32767"):
        load_text(json.dumps(doc))


# -- a trace file carries data only (issue 24): what a search declares, checked --------

HOSTILE = '<img src=x onerror="alert(1)">'


@pytest.fixture(scope="module")
def alphabeta_text() -> str:
    from tracer.games.tictactoe.game import TicTacToe
    from tracer.search import run_search

    return render_json(run_search(TicTacToe(tracer.Board("X.OX.XOO."), "X"), "alphabeta"))


@pytest.fixture(scope="module")
def memo_text() -> str:
    from tracer.games.tictactoe.game import TicTacToe
    from tracer.search import run_search

    return render_json(run_search(TicTacToe(tracer.Board("X..OX.O.."), "X"), "memo"))


@pytest.mark.parametrize("search, words", [
    ({"algorithm": "minimax", "cached_from": [HOSTILE]}, ['cached_from']),
    ({"algorithm": "memo", "cached_from": [HOSTILE]}, ['cached_from']),
    ({"algorithm": "alphabeta", "cutoff": HOSTILE}, ['cutoff', "ge, gt"]),
    ({"algorithm": "alphabeta", "cutoff": ["ge"]}, ['cutoff']),
    ({"algorithm": "alphabeta", "cutoff": "ge", "alpha": [1]}, ['alpha']),
    ({"algorithm": HOSTILE}, ["algorithm"]),
])
def test_a_search_header_holds_only_its_declared_settings(cli, tmp_path: Path, alphabeta_text: str,
                                                          search: dict, words: list[str]) -> None:
    """The header's "search" names the algorithm and the settings it declares, each one of its
    values; anything else (such as a key the page would copy) refuses the file."""
    head, sep, tree = alphabeta_text.partition('\n"tree":')
    doc = json.loads(head + '"tree":null}')
    doc["search"] = search
    text = json.dumps({k: v for k, v in doc.items() if k != "tree"})[:-1] + "," + sep.lstrip(",\n") + tree
    refused(cli, tmp_path, text, *words)


@pytest.mark.parametrize("old, new, words", [
    ('"alpha":null', '"alpha":"<b>x</b>"', ['alpha']),
    ('"beta":null', f'"beta":{MAX_SCORE + 1}', ['beta']),
    ('"pruned":[]', '"pruned":["4"]', ['pruned']),
    ('"pruned":[]', '"pruned":{"a":1}', ['pruned']),
    ('"pruned":[],', '', ['pruned', "expected key"]),
    ('"alpha":null,', '', ['alpha', "expected key"]),
])
def test_an_alphabeta_node_holds_checked_facts(cli, tmp_path: Path, alphabeta_text: str,
                                               old: str, new: str, words: list[str]) -> None:
    assert old in alphabeta_text
    refused(cli, tmp_path, alphabeta_text.replace(old, new, 1), *words)


@pytest.mark.parametrize("old, new, words", [
    ('"cache_hit":false', '"cache_hit":"no"', ['cache_hit']),
    ('"cached_from":null', f'"cached_from":"{HOSTILE.replace(chr(34), chr(39))}"', ['cached_from']),
    ('"cached_from":null', '"cached_from":0', ['cached_from']),
    ('"cache_hit":false,', '', ['cache_hit', "expected key"]),
])
def test_a_memo_node_holds_checked_facts(cli, tmp_path: Path, memo_text: str,
                                         old: str, new: str, words: list[str]) -> None:
    assert old in memo_text
    refused(cli, tmp_path, memo_text.replace(old, new, 1), *words)


def test_a_variant_traces_facts_read_back_as_written(alphabeta_text: str, memo_text: str) -> None:
    """What the checks accept includes everything tracer writes."""
    for text in (alphabeta_text, memo_text):
        assert render_json(load_text(text)) == text
