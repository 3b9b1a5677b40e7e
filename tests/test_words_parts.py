"""The words interfaces cut by the output that asks: each output module asks a game's and a
search's words only for the terms every output shares and its own part's members."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tracer.explain import base

PACKAGE = Path(__file__).resolve().parent.parent / "tracer"

#: Each part of the interfaces, and the modules that present that output.
PARTS = {
    (base.GameLogWords, base.SearchLogWords): ["renderers/log.py", "renderers/stats.py", "renderers/compare.py"],
    (base.GamePictureWords, base.SearchPictureWords): [
        "renderers/tree.py", "renderers/drawing.py", "renderers/figures.py", "renderers/figures_page.py",
        "explain/shapes.py", "renderers/notebook.py", "renderers/side_by_side.py"],
    (base.GamePageWords, base.SearchPageWords): ["renderers/html.py", "play/page.py"],
    (base.GameQuizWords, base.SearchQuizWords): ["renderers/quiz.py", "play/quiz.py"],
}


def declared(*classes: type) -> set[str]:
    return {name for cls in classes for name in vars(cls) if not name.startswith("_")}


TERMS = declared(base.GameTerms, base.SearchTerms)
EVERY = TERMS.union(*(declared(*part) for part in PARTS))


def test_each_member_is_declared_in_one_part_and_the_whole_is_every_part():
    for side in (0, 1):
        classes = [(base.GameTerms, base.SearchTerms)[side], *(part[side] for part in PARTS)]
        names = [name for cls in classes for name in declared(cls)]
        assert sorted(name for name in names if names.count(name) > 1) == []
    assert {name for name in dir(base.GameWords) if not name.startswith("_")} == declared(
        base.GameTerms, *(part[0] for part in PARTS))
    assert {name for name in dir(base.SearchWords) if not name.startswith("_")} == declared(
        base.SearchTerms, *(part[1] for part in PARTS))


@pytest.mark.parametrize("part, module", [(part, module) for part, modules in PARTS.items() for module in modules],
                         ids=lambda value: value if isinstance(value, str) else value[0].__name__)
def test_an_output_asks_only_the_shared_terms_and_its_own_part(part, module):
    text = (PACKAGE / module).read_text(encoding="utf-8")
    asked = {name for name in EVERY if re.search(rf"\b(words|search|game_words|w|s)\.{name}\b", text)}
    assert asked, module
    assert sorted(asked - TERMS - declared(*part)) == []
