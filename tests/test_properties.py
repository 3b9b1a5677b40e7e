"""Property-based tests (issue 9): whatever the bytes, the board parser and the JSON
loader give a valid result or one clean InputError, never another exception."""

from __future__ import annotations

import io
import json

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

import tracer
from tracer.errors import InputError
from tracer.games.tictactoe.notation import read_board_file
from tracer.tracefile import load_json, render_json

SETTINGS = settings(max_examples=300, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])
TRACE = render_json(tracer.record(tracer.Board("X.OX.XOO."), "X"))
BOARD_ALPHABET = "XOxo.-_0123456789 |#\n\r\t\x0c\x0b\x85\u2028[]\"',\u0425\uff38\x00"


def outcome_of_board(data: bytes) -> None:
    try:
        position = read_board_file(io.BytesIO(data), "b.txt")
    except InputError as exc:
        assert "\n" not in str(exc)
        return
    assert len(position.board.cells) == 9 and position.to_move in ("X", "O")


def outcome_of_trace(data: bytes) -> None:
    try:
        trace = load_json(io.BytesIO(data), "t.json")
    except InputError as exc:
        assert "\n" not in str(exc)
        return
    trace.check()
    assert json.loads(render_json(trace))["format"] == "tracer-trace"


@SETTINGS
@given(st.binary(max_size=400))
@example(b"\xef\xbb\xbfX.O\nX.X\nOO.\n")
def test_any_bytes_as_a_board(data: bytes) -> None:
    outcome_of_board(data)


@SETTINGS
@given(st.text(alphabet=BOARD_ALPHABET, max_size=60))
def test_board_like_text(text: str) -> None:
    outcome_of_board(text.encode("utf-8", "surrogatepass"))


@SETTINGS
@given(st.binary(max_size=400))
def test_any_bytes_as_a_trace(data: bytes) -> None:
    outcome_of_trace(data)


@SETTINGS
@given(st.integers(0, len(TRACE)), st.integers(0, len(TRACE)), st.binary(max_size=12))
@example(0, 0, b"")
def test_a_valid_trace_with_a_slice_replaced(start: int, stop: int, insert: bytes) -> None:
    start, stop = min(start, stop), max(start, stop)
    data = TRACE.encode()
    outcome_of_trace(data[:start] + insert + data[stop:])


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner,
                                                                max_size=3),
    max_leaves=8,
)
NODE_KEYS = ["call", "depth", "board", "mark", "move", "empty", "terminal", "score", "best",
             "calls", "version", "result", "scores"]


@SETTINGS
@given(st.sampled_from(NODE_KEYS), JSON_VALUES, st.integers(0, 8))
def test_a_valid_trace_with_one_value_replaced(key: str, value: object, which: int) -> None:
    doc = json.loads(TRACE)
    nodes = [doc["tree"]]
    for node in nodes:
        nodes.extend(node["children"])
    target = doc if key in ("calls", "version", "result", "scores") else nodes[which % len(nodes)]
    target[key] = value
    outcome_of_trace(json.dumps(doc).encode())
