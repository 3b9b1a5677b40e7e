"""Inputs at the documented limits (issue 24): every trace written reads back, every output
stays in bounded memory, and one step past a limit is one line naming it.

The limits are the README's: a tree file of at most 5,000 nodes, 100 levels below its
root, 256 KiB, leaf values within ±10^9; a drawing of at most 2,000 boards; a PNG of at
most 25 million pixels; at most 16 test-play figures. Each memory test runs ``trace`` as
a program at a limit and holds its peak (its layout programs' included) under 300 MiB;
how long each takes is measured in ``benchmarks/limits_bench.py``, not here.
"""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from runs import one_error_line, trace_run

import tracer
from tracer.games.tree.notation import MAX_BYTES, MAX_DEPTH, MAX_NODES, MAX_VALUE, parse_tree
from tracer.search import run_search
from tracer.tracefile import load_json, render_json

#: Each test reaches a limit (the largest tree, drawing, file) and measures its memory: the slow group.
pytestmark = pytest.mark.slow

MEMORY_MIB = 300
SEARCHES = [("minimax", {}), ("alphabeta", {"cutoff": "ge"}), ("alphabeta", {"cutoff": "gt"}), ("memo", {})]


# -- trees at the limits ------------------------------------------------------------------------

def wide_tree(nodes: int = MAX_NODES) -> str:
    """A root with every other node as its leaf, values at both ends of the range."""
    values = [MAX_VALUE if i % 3 == 0 else -MAX_VALUE if i % 3 == 1 else i for i in range(nodes - 1)]
    return "[" + " ".join(map(str, values)) + "]\n"


def comb_tree(depth: int = MAX_DEPTH, nodes: int = MAX_NODES) -> str:
    """A spine ``depth`` levels deep, each level's node with leaves beside the next level's
    (``nodes`` in all): the deepest and the widest at once."""
    per_level = (nodes - 1) // depth - 1  # leaves beside each spine node
    text = str(MAX_VALUE)
    spare = nodes - 1 - depth * (per_level + 1)
    for level in range(depth):
        leaves = per_level + (1 if level < spare else 0)
        text = "[" + " ".join(str((level * 7919 + k) % 2001 - 1000) for k in range(leaves)) + f" {text}]"
    return text + "\n"


def labelled_tree() -> str:
    """5,000 labelled nodes in a file of about 256 KiB (labels make the notation long)."""
    width = (MAX_BYTES - 64) // MAX_NODES - len(": 0, ") - 1
    leaves = ", ".join(f"L{i:0{width}d}: {i % 10}" for i in range(MAX_NODES - 1))
    return f"R{'x' * (width - 1)}: [{leaves}]\n"


def figures_tree(children: int = 16) -> str:
    """The widest root the figures draw, each child with a subtree (5,000 nodes in all)."""
    below = (MAX_NODES - 1) // children - 1
    kids = " ".join("[" + " ".join(str((c * 31 + k) % 97) for k in range(below)) + "]" for c in range(children))
    return f"[{kids}]\n"


def test_the_trees_are_at_the_limits() -> None:
    for text in (wide_tree(), comb_tree(), labelled_tree(), figures_tree()):
        nodes = parse_tree(text)
        assert len(nodes) <= MAX_NODES and len(text.encode()) <= MAX_BYTES
    assert len(parse_tree(wide_tree())) == MAX_NODES
    assert max(parse_tree(comb_tree()).depths) == MAX_DEPTH and len(parse_tree(comb_tree())) == MAX_NODES
    assert MAX_BYTES - 4096 < len(labelled_tree().encode()) <= MAX_BYTES


@pytest.mark.parametrize("text, limit", [
    (wide_tree(MAX_NODES + 1), "nodes"), (comb_tree(MAX_DEPTH + 1, 300), "levels deep"),
    ("[" + str(MAX_VALUE + 1) + "]", "leaf value"), ("[" + str(-MAX_VALUE - 1) + "]", "leaf value"),
])
def test_one_step_past_a_limit_is_one_line(cli, tmp_path: Path, text: str, limit: str) -> None:
    (tmp_path / "t.txt").write_text(text, encoding="utf-8")
    result = cli("t.txt", "-q", "--no-tree")
    assert result.exit_code == 2 and limit in result.stderr and len(result.stderr.splitlines()) == 1


def test_a_file_one_byte_past_the_size_limit_is_one_line(cli, tmp_path: Path) -> None:
    text = labelled_tree()
    (tmp_path / "t.txt").write_text(text + "#" * (MAX_BYTES - len(text.encode())), encoding="utf-8")
    assert cli("t.txt", "-q", "--no-tree").exit_code == 0
    (tmp_path / "t.txt").write_text(text + "#" * (MAX_BYTES + 1 - len(text.encode())), encoding="utf-8")
    result = cli("t.txt", "-q", "--no-tree")
    assert result.exit_code == 2 and f"{MAX_BYTES:,} bytes" in result.stderr


# -- every trace written reads back -----------------------------------------------------------

def round_trip(text: str, root: str, algorithm: str, options: dict[str, str]) -> None:
    game = tracer.tree(text, root=root)
    trace = run_search(game, algorithm, **options)
    written = render_json(trace)
    again = load_json(io.BytesIO(written.encode("utf-8")), "t.json")
    assert render_json(again) == written


@pytest.mark.parametrize("make", [wide_tree, comb_tree, labelled_tree, figures_tree])
@pytest.mark.parametrize("algorithm, options", SEARCHES)
def test_a_trace_of_a_tree_at_the_limits_reads_back(make, algorithm: str, options: dict[str, str]) -> None:
    round_trip(make(), "MAX", algorithm, options)


def test_a_saved_tree_at_the_limits_renders_again(cli, tmp_path: Path) -> None:
    for name, text in (("comb", comb_tree()), ("labels", labelled_tree())):
        (tmp_path / f"{name}.txt").write_text(text, encoding="utf-8")
        assert cli(f"{name}.txt", "-q", "-o", f"{name}.json", "--algorithm", "alphabeta").exit_code == 0
        result = cli("render", f"{name}.json", "--stats", "--no-tree")
        assert result.exit_code == 0, result.output


def trees(max_depth: int) -> st.SearchStrategy[str]:
    """Trees in the notation: values at and near the ends of the range, some labelled."""
    values = st.sampled_from([MAX_VALUE, -MAX_VALUE, MAX_VALUE - 1, -MAX_VALUE + 1, 0, 1, -1]) | st.integers(
        -MAX_VALUE, MAX_VALUE)

    def nested(depth: int) -> st.SearchStrategy[str]:
        leaf = values.map(str)
        if depth == 0:
            return leaf
        inner = st.lists(nested(depth - 1), min_size=1, max_size=4).map(lambda kids: "[" + " ".join(kids) + "]")
        return leaf | inner

    return nested(max_depth)


def chain(depth: int, leaf: int) -> str:
    return "[" * depth + f"{leaf} -1" + "]" * depth


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(body=trees(4), extra=st.integers(0, 3), root=st.sampled_from(["MAX", "MIN"]),
       search=st.sampled_from(SEARCHES), leaf=st.sampled_from([MAX_VALUE, -MAX_VALUE, 7]))
def test_any_tree_near_the_limits_reads_back(body: str, extra: int, root: str, search, leaf: int) -> None:
    """A small random tree with values at the range's ends, under a spine reaching to, or
    just short of, the deepest level allowed."""
    spine = MAX_DEPTH - extra - max(parse_tree(body).depths)
    text = "[" * spine + f"{body} {leaf}" + "]" * spine
    assert max(parse_tree(text).depths) == MAX_DEPTH - extra
    algorithm, options = search
    round_trip(text, root, algorithm, options)


def test_the_reader_takes_the_deepest_games_calls_and_no_more() -> None:
    text = render_json(run_search(tracer.tree(chain(MAX_DEPTH, 3)), "minimax"))
    assert load_json(io.BytesIO(text.encode()), "t.json").calls > 0
    # One level deeper than any game: nested by hand, since no game writes it.
    doc = json.loads(text)
    node = doc["tree"]
    while node["children"]:
        node = node["children"][0]
    node["children"] = [dict(node, call=node["call"] + 1, children=[])]
    with pytest.raises(tracer.InputError, match="nested deeper"):
        load_json(io.BytesIO(json.dumps(doc).encode()), "t.json")


# -- bounded memory at every limit -------------------------------------------------------------

def _run(tmp_path: Path, *args: str, stdin: Path | None = None, status: int = 0, env: dict | None = None):
    run = trace_run(*args, cwd=tmp_path, stdin=stdin, env=env)
    assert run.returncode == status, run.stderr[-2000:]
    assert run.peak_mib < MEMORY_MIB, f"trace {' '.join(args)}: {run.peak_mib:.0f} MiB"
    return run


@pytest.mark.parametrize("make", [wide_tree, comb_tree, labelled_tree])
@pytest.mark.parametrize("algorithm", ["minimax", "alphabeta", "memo"])
def test_every_text_output_of_a_tree_at_the_limits_stays_in_bounded_memory(tmp_path: Path, make,
                                                                           algorithm: str) -> None:
    (tmp_path / "t.txt").write_text(make(), encoding="utf-8")
    run = _run(tmp_path, "t.txt", "--algorithm", algorithm, "--log", "t.log", "-o", "t.json", "--html", "t.html")
    # The log folds long lists: a line per call, not a list per call (unfolded, the wide
    # tree's log is over 300 MB).
    assert (tmp_path / "t.log").stat().st_size < 40 * 1024 * 1024, run.cpu
    _run(tmp_path, "render", "t.json", "--html", "again.html", "--stats")
    _run(tmp_path, "quiz", "t.txt", "--algorithm", algorithm, stdin=tmp_path / "t.txt")


@pytest.mark.parametrize("make", [wide_tree, comb_tree])
def test_every_drawing_of_a_tree_at_the_limits_stays_in_bounded_memory(tmp_path: Path, make) -> None:
    (tmp_path / "t.txt").write_text(make(), encoding="utf-8")
    _run(tmp_path, "t.txt", "-q", "-o", "t.svg")
    _run(tmp_path, "compare", "t.txt", "--html", "c.html")


def test_the_widest_figures_stay_in_bounded_memory(tmp_path: Path) -> None:
    (tmp_path / "t.txt").write_text(figures_tree(), encoding="utf-8")
    _run(tmp_path, "t.txt", "-q", "--figures", "f")
    assert len(list((tmp_path / "f").glob("test-play-*.svg"))) == 16
    (tmp_path / "w.txt").write_text(figures_tree(17), encoding="utf-8")
    one_error_line(_run(tmp_path, "w.txt", "-q", "--figures", "g", status=2), 2, "at most 16", "-o tree.svg")


@pytest.mark.parametrize("engine", [pytest.param("dot", marks=pytest.mark.system_dot), "pure"])
def test_the_largest_drawing_stays_in_bounded_memory(tmp_path: Path, engine: str) -> None:
    (tmp_path / "t.txt").write_text(wide_tree(2000), encoding="utf-8")
    _run(tmp_path, "t.txt", "-q", "--max-nodes", "2000", "--engine", engine, "-o", "t.svg")
    one_error_line(_run(tmp_path, "t.txt", "-q", "--max-nodes", "2001", "-o", "u.svg", status=2), 2,
                   "between 1 and 2000")


@pytest.mark.parametrize("engine", [pytest.param("dot", marks=pytest.mark.system_dot), "pure"])
def test_the_largest_png_stays_in_bounded_memory(tmp_path: Path, engine: str) -> None:
    """A drawing just under the pixel limit is drawn; at twice the scale it is refused before
    any bitmap is made."""
    (tmp_path / "b.txt").write_text("XOX\n...\n...\n", encoding="utf-8")
    run = _run(tmp_path, "b.txt", "-q", "--depth", "2", "--engine", engine, "-o", "b.png", "--scale", "2.3")
    width, height = (int.from_bytes((tmp_path / "b.png").read_bytes()[i:i + 4], "big") for i in (16, 20))
    assert 10_000_000 < width * height <= 25_000_000, (width, height, run.peak_mib)
    refused = _run(tmp_path, "b.txt", "-q", "--depth", "2", "--engine", engine, "-o", "c.png", "--scale", "5",
                   status=2)
    one_error_line(refused, 2, "million pixels")
    assert refused.peak_mib < 100


def test_junk_json_of_any_size_stays_in_bounded_memory(tmp_path: Path) -> None:
    items = ",".join(["[1,2,3,4,5,6,7,8,9]"] * 400_000)
    header = '{"format":"tracer-trace","version":2,"junk":[' + items + "]}"
    many_keys = "{" + ",".join(f'"k{i}":[0]' for i in range(400_000)) + "}"
    node = render_json(tracer.search(tracer.tree("[1, 2]"))).replace('"best":', '"x":[' + items + '],"best":', 1)
    strings = '{"format":"tracer-trace","a":"' + "x" * (1 << 20) + '","b":"' + "y" * (1 << 20) + '","c":"z"}'
    for name, text in (("header", header), ("keys", many_keys), ("node", node), ("strings", strings)):
        (tmp_path / f"{name}.json").write_text(text, encoding="utf-8")
        one_error_line(_run(tmp_path, "render", f"{name}.json", "-q", "--no-tree", status=2), 2, f"{name}.json")
