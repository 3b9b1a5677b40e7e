"""``trace compare --html`` marks on each tree the calls its search makes and another's does not.

The expected marks are worked out from each search's JSON trace, read as plain JSON:
a call is named by the moves from the first call down to it, and a column's call is
marked when some other column's trace holds no call of that name (it pruned a move on
the way, answered a call on the way from its cache, or searched another line). What
the page marks is read off its SVGs: the node groups drawn in the marks' violet.
"""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET

import pytest

from tracer import examples, games
from tracer.search import compare_set
from tracer.style import MARKED
from tracer.tracefile import render_json

SVG = "{http://www.w3.org/2000/svg}"
#: A board with five empty cells (X to move): its trees are drawn collapsed on the page.
FIVE_EMPTY = "XO..X..O."


def paths(node: dict, above: tuple = ()) -> dict[int, tuple]:
    """Call number -> the moves from the first call down to it, over a JSON trace's tree."""
    here = above if node["move"] is None else (*above, node["move"])
    found = {node["call"]: here}
    for child in node["children"]:
        found.update(paths(child, here))
    return found


def json_traces(text: str) -> list[dict]:
    """Every search's JSON trace, in the comparison's order, for the game ``text`` holds."""
    game = games.as_game(text)
    return [json.loads(render_json(variant.search.run(variant.game))) for variant in compare_set(game)]


def expected_marks(traces: list[dict]) -> list[tuple[set[int], int | None]]:
    """Per column: the calls some other column does not make, and its first move's call when
    it picks another move than the first column."""
    named = [paths(t["tree"]) for t in traces]
    made = [set(n.values()) for n in named]
    out = []
    for i, trace in enumerate(traces):
        missing = {call for call, moves in named[i].items()
                   if any(moves not in made[j] for j in range(len(traces)) if j != i)}
        other = None
        if trace["result"]["index"] != traces[0]["result"]["index"] and trace["tree"]["children"]:
            best = trace["tree"]["best"]
            other = next(c["call"] for c in trace["tree"]["children"] if c["move"] == best)
        out.append((missing, other))
    return out


def page_marks(page: str) -> list[tuple[set[int], set[int], set[int]]]:
    """Per column of the page: the calls drawn, those framed in violet, those framed dashed."""
    out = []
    for svg in re.findall(r'<section id="t\d+".*?(<svg.*?</svg>)', page, re.S):
        root = ET.fromstring(svg)
        drawn, violet, dashed = set(), set(), set()
        for group in root.iter(f"{SVG}g"):
            title = group.findtext(f"{SVG}title") or ""
            if group.get("class") != "node" or not re.fullmatch(r"n\d+", title):
                continue
            call = int(title[1:])
            drawn.add(call)
            strokes = [e for e in group.iter() if e.get("stroke") == MARKED]
            if strokes:
                violet.add(call)
            if any(e.get("stroke-dasharray") for e in strokes):
                dashed.add(call)
        out.append((drawn, violet, dashed))
    return out


# slow-win: centre-first alpha-beta and depth-aware scores play another move than the guide's.
@pytest.mark.parametrize("source", ["example:near-endgame", "board", "example:aima-5.2",
                                    "example:cutoffs-differ", "example:nim", "example:slow-win"])
def test_each_column_marks_the_calls_another_search_does_not_make(cli, tmp_path, source):
    if source == "board":
        text = FIVE_EMPTY + "\n"
        (tmp_path / "b.txt").write_text(text)
        args = ["b.txt"]
    else:
        text = examples.read(source.split(":")[1])
        args = ["--example", source.split(":")[1]]
    assert cli("compare", *args, "--html", "c.html").exit_code == 0
    page = (tmp_path / "c.html").read_text(encoding="utf-8")
    found, wanted = page_marks(page), expected_marks(json_traces(text))
    assert len(found) == len(wanted) >= 5
    some = False
    for column, ((drawn, violet, dashed), (missing, other)) in enumerate(zip(found, wanted, strict=True), 1):
        assert drawn, column
        expected = (missing & drawn) | ({other} if other in drawn else set())
        assert violet == expected, (column, sorted(violet), sorted(expected))
        assert dashed == (missing & drawn) - {other}, column
        some = some or bool(dashed)
    assert some  # every one of these positions has calls one search makes and another does not
    if source == "example:slow-win":  # columns 4 and 7 play 4, the guide's minimax 0
        assert [other is not None for _, other in wanted] == [False, False, False, True, False, False, True]
    # The page says once what the frame means, and its legend explains it.
    assert page.count("Violet dashed frame: a call this column") == 1
    legend = page[page.index("<summary>Legend"):page.index('<div class="trees">')]
    assert "violet dashed frame: a call this column" in legend


def test_a_page_with_nothing_to_mark_says_nothing_of_marks(cli, tmp_path):
    # A finished game: every search makes its one call.
    (tmp_path / "won.txt").write_text("XXXOO....\n")
    assert cli("compare", "won.txt", "--turn", "o", "--html", "c.html").exit_code == 0
    page = (tmp_path / "c.html").read_text(encoding="utf-8")
    assert all(not violet for _, violet, _ in page_marks(page))
    assert "violet dashed frame" not in page.lower()


def test_a_part_missing_from_other_columns_is_tagged_once_at_its_top(cli, tmp_path):
    assert cli("compare", "--example", "near-endgame", "--html", "c.html").exit_code == 0
    page = (tmp_path / "c.html").read_text(encoding="utf-8")
    first = re.search(r'<section id="t0".*?</section>', page, re.S).group(0)
    # The guide's minimax on X.OX.XOO.: #2 X on 1 -> #3 O on 4, #4 O on 8; #5 X on 4; #6 X on 8
    # -> #7 O on 1 -> #8 X on 4, and #9 O on 4. Alpha-beta (cutoff ge, column 2) cuts #6 after
    # #7, so never makes #9; centre-first alpha-beta (column 4) tries O on 4 first under X on 1
    # and X on 8, wins there for O and cuts: it never makes #4, #7 or #8. So #4 and #7 are
    # tagged "not in 4", #9 "not in 2", and #8, under #7 and missing from the same column, is
    # framed without a tag.
    tags = re.findall(r">(not in [\d, ]+)<", first)
    assert sorted(tags) == ["not in 2", "not in 4", "not in 4"]
    assert {8} <= page_marks(page)[0][2]
