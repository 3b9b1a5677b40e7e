"""Jupyter: docs/notebook.ipynb runs top to bottom and every object shows itself as a picture."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

NOTEBOOK = Path(__file__).resolve().parent.parent / "docs" / "notebook.ipynb"
SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture(scope="module")
def outputs() -> list[dict]:
    """The display data of each code cell, in order, after running the notebook in a kernel."""
    import nbformat
    from nbconvert.preprocessors import ExecutePreprocessor

    notebook = nbformat.read(NOTEBOOK, as_version=4)
    ExecutePreprocessor(timeout=120, kernel_name="python3").preprocess(
        notebook, {"metadata": {"path": str(NOTEBOOK.parent)}}
    )
    cells = [cell for cell in notebook.cells if cell.cell_type == "code"]
    for cell in cells:
        assert not [o for o in cell.outputs if o.output_type == "error"], cell.source
    return [cell.outputs[-1]["data"] for cell in cells]


def cell_texts(svg: str) -> list[str]:
    return [t.text or "" for t in ET.fromstring(svg).iter(f"{SVG}text")]


def test_a_trace_is_a_summary_card_with_its_tree(outputs):
    html = outputs[0]["text/html"]
    assert "X to move" in html and "<code>X.O/X.X/OO.</code>" in html
    assert "9 calls of minimax" in html
    assert "{index: 4, score: 1}" in html and "cell 4 (centre)" in html
    assert "game tree (9 of 9 calls drawn)" in html
    assert html.count('class="node"') == 9  # nine calls (the legend is in the graph's label)


def test_a_board_is_a_small_grid(outputs):
    texts = cell_texts(outputs[1]["image/svg+xml"])
    # Marks where they stand, empty cells showing their own index, row by row.
    assert texts == ["X", "1", "O", "X", "4", "X", "O", "O", "8"]


def test_a_call_shows_its_number_board_and_return_value(outputs):
    texts = cell_texts(outputs[2]["image/svg+xml"])
    assert texts[0] == "#5 · game over" and texts[-1] == "returns {score: 1}"
    assert texts[1:-1] == ["X", "1", "O", "X", "X", "X", "O", "O", "8"]


def test_a_result_reads_as_the_guide_writes_it(outputs):
    assert outputs[3]["text/html"] == "<code>{index: 4, score: 1}</code>: play cell 4 (centre), score +1"


def test_the_figures_show_as_figures(outputs):
    html = outputs[4]["text/html"]
    assert re.findall(r"<h4>(.*?)</h4>", html) == ["Figure 4", "Figure 5", "Test-play 1 of 3",
                                                   "Test-play 2 of 3", "Test-play 3 of 3",
                                                   "Overview", "Figure 10"]
    assert html.count("<svg") == 7


def test_a_diagram_shows_its_picture(outputs):
    # game_tree(trace) and a figure's .graph: laid out by tracer's engine chooser, so they
    # show on a machine without Graphviz too (CI runs this notebook on one).
    tree, figure = outputs[5]["image/svg+xml"], outputs[6]["image/svg+xml"]
    assert tree.count('class="node"') == 9  # the nine calls
    assert "Figure 7 · Test&#45;play 2 of 3: X on cell 4 (centre)" in figure  # the guide's figure 7


def test_a_huge_trace_shows_a_collapsed_tree(outputs):
    html = outputs[7]["text/html"]
    assert "549,946 calls" in html
    assert "9 subtrees (549,936 calls) collapsed" in html
