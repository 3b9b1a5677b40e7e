"""Help that never lies (issue 35): no option offered that the command refuses, no file said to
be written that is not, every search listed wherever the searches are listed."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tracer import search

DOCS = Path(__file__).resolve().parent.parent / "docs"


def test_play_offers_no_size_and_still_says_why_a_larger_board_is_refused(cli):
    helped = cli("play", "--help")
    assert helped.exit_code == 0 and "--size" not in helped.stdout
    refused = cli("play", "--size", "4")
    assert refused.exit_code == 2
    assert refused.stderr.startswith("trace: error: --size: trace play plays the guide's 3×3")
    assert len(refused.stderr.splitlines()) == 1


def test_play_help_says_files_are_saved_only_with_save(cli, tmp_path: Path):
    text = " ".join(cli("play", "--help").stdout.split())
    assert 'Type "why" for the full reason, "q" to quit (with --save DIR, each decision is also saved as files)' in text
    # "why" without --save writes nothing.
    played = cli("play", "--first", "human", input="4\nwhy\nq\n")
    assert played.exit_code == 0 and list(tmp_path.iterdir()) == []


def test_the_root_help_lists_help_once_and_every_kind_of_input(cli):
    text = cli("--help").stdout
    assert len(re.findall(r"^\s*-h, --help", text, re.M)) == 1
    flat = " ".join(text.split())
    for form in ("three rows of three cells", "X.OX.XOO.", "a textbook tree", "Nim's heaps (3 4 5)"):
        assert form in flat


def test_render_help_shows_examples_of_render(cli):
    text = cli("render", "--help").stdout
    examples = [line.split()[:2] for line in text.split("Examples:", 1)[1].splitlines() if line.strip()]
    assert examples and all(words == ["trace", "render"] for words in examples)


def test_stats_help_says_it_writes_no_tree_unless_asked(cli):
    flat = " ".join(cli("run", "--help").stdout.split())
    assert "instead of the log; no tree file unless -o or --format asks for one" in flat


@pytest.mark.parametrize("command", [["run"], ["play"], ["quiz"]])
def test_every_search_is_offered_wherever_a_search_is_chosen(cli, command):
    text = cli(*command, "--help").stdout
    offered = re.search(r"--algorithm \[([a-z|]+)\]", text)
    assert offered is not None and offered.group(1).split("|") == list(search.names())


def test_the_documentation_lists_every_search():
    usage = (DOCS / "usage.md").read_text(encoding="utf-8")
    row = next(line for line in usage.splitlines() if line.startswith("| `--algorithm"))
    listed = re.search(r"`--algorithm ([a-z\\|]+)`", row).group(1).split("\\|")
    assert listed == list(search.names())
    searches = (DOCS / "searches.md").read_text(encoding="utf-8")
    assert all(f"`--algorithm {name}`" in searches for name in search.names())
