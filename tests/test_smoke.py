"""The tutorial's headline facts, checked first."""

import tracer


def test_tutorial_board_returns_index_4_score_1_after_9_calls(tutorial_trace):
    assert tutorial_trace.result == tracer.Result(4, 1)
    assert tutorial_trace.calls == 9
    tutorial_trace.check()
    tutorial_trace.check_calls()
