"""The palette stays readable for red-green colour-blind readers, and every colour has one job."""

from __future__ import annotations

import itertools
import re

import pytest

from tracer import style

#: Machado, Oliveira and Fernandes (2009), severity 1.0, applied to linear RGB.
SIMULATIONS = {
    "normal vision": ((1, 0, 0), (0, 1, 0), (0, 0, 1)),
    "protanopia": ((0.152286, 1.052583, -0.204868),
                   (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968),
                     (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779),
                   (-0.078411, 0.930809, 0.147602),
                   (0.004733, 0.691367, 0.303900)),
}


def _linear(channel: float) -> float:
    return channel / 12.92 if channel <= 0.04045 else ((channel + 0.055) / 1.055) ** 2.4


def _lab(rgb: list[float]) -> tuple[float, float, float]:
    r, g, b = rgb
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def seen(colour: str, vision: str) -> tuple[float, float, float]:
    """``colour`` (``#rrggbb``) as a reader with ``vision`` sees it, in CIELAB."""
    rgb = [_linear(int(colour[i:i + 2], 16) / 255) for i in (1, 3, 5)]
    matrix = SIMULATIONS[vision]
    simulated = [min(1.0, max(0.0, sum(m * c for m, c in zip(row, rgb, strict=True))))
                 for row in matrix]
    return _lab(simulated)


def difference(a: str, b: str, vision: str) -> float:
    """CIE76 colour difference: about 2.3 is just noticeable, over 10 is clearly different."""
    return sum((p - q) ** 2 for p, q in zip(seen(a, vision), seen(b, vision), strict=True)) ** 0.5


def test_the_simulation_collapses_red_and_green_as_a_red_green_blind_reader_does():
    # Pure red and pure green differ hugely in normal vision but little under deuteranopia:
    # a check that the matrices are wired the right way round.
    assert difference("#ff0000", "#00ff00", "normal vision") > 150
    assert difference("#ff0000", "#00ff00", "deuteranopia") < 50
    assert difference("#ff0000", "#00ff00", "protanopia") < 80


@pytest.mark.parametrize("vision", sorted(SIMULATIONS))
@pytest.mark.parametrize(("palette", "least"), [("fill", 10), ("border", 20)])
def test_win_loss_and_draw_stay_apart(vision, palette, least):
    colours = style.OUTCOME_FILL if palette == "fill" else style.OUTCOME_BORDER
    for a, b in itertools.combinations(("win", "loss", "draw"), 2):
        assert difference(colours[a], colours[b], vision) >= least, (palette, a, b, vision)


@pytest.mark.parametrize("vision", sorted(SIMULATIONS))
def test_the_chosen_blue_differs_from_the_other_edges(vision):
    for other in (style.PICKED_EDGE, style.REJECTED_EDGE):
        assert difference(style.CHOSEN, other, vision) >= 20


def test_outcomes_have_a_second_cue_besides_colour():
    symbols = style.OUTCOME_SYMBOL
    assert set(symbols) == {"win", "loss", "draw"} and len(set(symbols.values())) == 3


def _luminance(colour: str) -> float:
    r, g, b = (_linear(int(colour[i:i + 2], 16) / 255) for i in (1, 3, 5))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str) -> float:
    """WCAG contrast ratio of two colours."""
    hi, lo = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def test_index_digits_are_readable_yet_lighter_than_marks():
    assert contrast(style.INDEX_TEXT, "#ffffff") >= 4.5
    assert contrast(style.INDEX_TEXT, style.TESTING_FILL) >= 4.5
    assert contrast(style.CELL_TEXT, "#ffffff") > contrast(style.INDEX_TEXT, "#ffffff")
    assert contrast(style.PLAYED_TEXT, style.PLAYED_FILL) >= 3
    for fill in style.OUTCOME_FILL.values():
        assert contrast(style.CELL_TEXT, fill) >= 7


def test_type_is_projector_sized():
    assert style.SMALL_POINTS >= 10 and style.INDEX_POINTS >= 10 and style.CELL_SIZE >= 20


@pytest.mark.parametrize("vision", sorted(SIMULATIONS))
def test_win_loss_draw_and_pruned_stay_apart(vision):
    # The pruned stub's ink against each outcome's border, and its (white) ground against each
    # outcome's fill: a reader tells "not searched" from every result.
    for kind in ("win", "loss", "draw"):
        assert difference(style.SKIPPED_BORDER, style.OUTCOME_BORDER[kind], vision) >= 10, (kind, vision)
        assert difference("#ffffff", style.OUTCOME_FILL[kind], vision) >= 5, (kind, vision)


@pytest.mark.parametrize("vision", sorted(SIMULATIONS))
def test_the_chosen_line_has_a_colour_no_outcome_or_mark_uses(vision):
    for kind in ("win", "loss", "draw"):
        assert difference(style.CHOSEN, style.OUTCOME_BORDER[kind], vision) >= 15, (kind, vision)
        assert difference(style.CHOSEN_FILL, style.OUTCOME_FILL[kind], vision) >= 5, (kind, vision)
    for mark in (style.SUMMARY_BORDER, style.HIT_BORDER, style.SKIPPED_BORDER):
        assert difference(style.CHOSEN, mark, vision) >= 15, (mark, vision)


def test_pruned_stubs_read_like_the_rest():
    assert contrast(style.SKIPPED_TEXT, "#ffffff") >= 4.5
    assert contrast(style.SKIPPED_BORDER, "#ffffff") >= 4.5


def test_collapsed_subtrees_and_cache_hits_keep_their_outcomes_fill(cli, tmp_path):
    outcome_fills = {style.OUTCOME_FILL[k] for k in ("win", "loss", "draw")}
    # The default forced-win tree folds subtrees; o-to-move's whole memo tree holds its hits.
    for example, algorithm, border, whole in (("forced-win", "minimax", style.SUMMARY_BORDER, []),
                                              ("o-to-move", "memo", style.HIT_BORDER, ["--max-nodes", "300"])):
        result = cli("--example", example, "--algorithm", algorithm, "--format", "dot", "-o", "t.dot", *whole)
        assert result.exit_code == 0, result.output
        source = (tmp_path / "t.dot").read_text(encoding="utf-8")
        # Every summary box (purple border) and cache hit (blue-grey) is filled with its
        # score's outcome; more than one outcome shows, so the fill is not one colour for all.
        boxes = re.findall(r'BGCOLOR="(#[0-9a-f]{6})" COLOR="' + border, source)
        assert len(set(boxes)) >= 2 and set(boxes) <= outcome_fills, (algorithm, boxes)
