"""A call's position in its game's own terms: ``call.board``/``call.mark`` (the documented
notebook API), ``call.heaps`` for Nim, ``call.node`` for a textbook tree."""

from __future__ import annotations

import pytest

import tracer


def test_a_call_shows_its_board_and_mark_as_the_notebook_example_reads_them():
    """The README's library example: call 6 of the guide's board is X.O/X.X/OOX, O to move."""
    trace = tracer.record(tracer.Board("X.OX.XOO."), to_move="X")
    call = trace.call(6)
    assert call.board == tracer.Board("X.OX.XOOX")
    assert call.mark == "O"
    assert call.position == (tracer.Board("X.OX.XOOX"), "O")
    assert trace.call(1).board == tracer.Board("X.OX.XOO.") and trace.call(1).mark == "X"


def test_every_call_of_a_board_has_one_more_mark_than_its_caller():
    trace = tracer.record(tracer.Board("X...O...."), to_move="X")
    for call in list(trace)[:500]:
        for child in call.children():
            before, after = call.board.cells, child.board.cells
            changed = [i for i in range(9) if before[i] != after[i]]
            assert changed == [child.move] and after[child.move] == call.mark
            assert child.mark != call.mark


def test_a_nim_call_shows_its_heaps():
    """Heaps 1 2 2, the AI first: its first test-play takes heap 1's only object."""
    trace = tracer.search(tracer.Nim([1, 2, 2]))
    assert trace.root.heaps == (1, 2, 2) and trace.root.player == "AI"
    first = trace.root.children()[0]
    assert first.heaps == (0, 2, 2) and first.player == "human"


def test_a_tree_call_shows_its_node():
    """Russell & Norvig's figure 5.2: A is MAX's, B (its first child) MIN's."""
    trace = tracer.search(tracer.tree("A: [B: [3, 12, 8], C: [2, 4, 6], D: [14, 5, 2]]"))
    assert (trace.root.node, trace.root.player) == ("A", "MAX")
    assert [(c.node, c.player) for c in trace.root.children()] == [("B", "MIN"), ("C", "MIN"), ("D", "MIN")]


def test_a_name_no_position_has_is_no_attribute():
    trace = tracer.search(tracer.tree("A: [B: [3, 12, 8]]"))
    with pytest.raises(AttributeError, match="board"):
        trace.root.board  # noqa: B018 - a tree has no board
    assert not hasattr(trace.root, "heaps")
