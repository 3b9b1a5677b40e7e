"""Where outputs land, held by the rule each states: a write through links lands on the
final target and its temporary file is made beside that target (never in a link's folder),
and trace check's step-through page opens at call #1 wherever its trees are drawn from."""

from __future__ import annotations

import os
import re
from pathlib import Path

import tracer
from tracer.outputs.check import CheckRequest, LearnerPageOutput, plan_check
from tracer.outputs.files import atomic_writer, write_atomically


def hidden(folder: Path) -> list[str]:
    """The dot-files (a write's temporaries) in ``folder``."""
    return sorted(p.name for p in folder.iterdir() if p.name.startswith("."))


def linked_folders(tmp_path: Path) -> tuple[Path, Path, Path]:
    """``a/link.txt -> ../b/mid`` and ``b/mid -> real.txt``: each link relative to its own folder."""
    a, b = tmp_path / "a", tmp_path / "b"
    a.mkdir()
    b.mkdir()
    (b / "real.txt").write_text("old")
    (b / "mid").symlink_to("real.txt")
    (a / "link.txt").symlink_to(os.path.join("..", "b", "mid"))
    return a, b, a / "link.txt"


def test_a_chain_of_links_across_folders_writes_the_last_target(tmp_path: Path) -> None:
    a, b, link = linked_folders(tmp_path)
    write_atomically(link, "new")
    # Each hop is read from the folder of the link that holds it: b/mid names b/real.txt.
    assert (b / "real.txt").read_text() == "new"
    assert sorted(p.name for p in a.iterdir()) == ["link.txt"] and link.is_symlink()
    assert sorted(p.name for p in b.iterdir()) == ["mid", "real.txt"] and (b / "mid").is_symlink()


def test_the_temporary_is_made_beside_the_target_not_the_link(tmp_path: Path) -> None:
    a, b, link = linked_folders(tmp_path)
    with atomic_writer(link) as out:
        out.write("new")
        # Beside the target, the rename stays inside one folder (one file system).
        assert hidden(a) == [] and len(hidden(b)) == 1
    assert hidden(a) == hidden(b) == [] and (b / "real.txt").read_text() == "new"


def test_a_write_into_a_linked_folder_lands_in_the_folder_linked_to(tmp_path: Path) -> None:
    real = tmp_path / "real"
    real.mkdir()
    (tmp_path / "alias").symlink_to("real")
    with atomic_writer(tmp_path / "alias" / "out.txt") as out:
        out.write("made")
        assert len(hidden(real)) == 1
    assert (real / "out.txt").read_text() == "made" and hidden(real) == []


def test_the_check_page_opens_at_call_1_wherever_the_trees_start() -> None:
    from test_check_api import swapped

    found = tracer.check(swapped)
    trace, guide = found.trace(), found.guide_trace()
    departs = trace.game.facts.departure.call
    assert departs > 1  # the swapped min and max depart at call #6
    # Trees drawn from the departing call itself: the page still starts where the search does.
    request = CheckRequest(html_path="p.html", focus=departs, guide_focus=departs)
    page = next(out for out in plan_check("report", trace, guide, request) if isinstance(out, LearnerPageOutput))
    assert page.request.focus == 1
    page.check()
    page.render()
    assert re.findall(r'"start_call":\s*(\d+)', page.page) == ["1"]


def test_trace_check_writes_over_none_of_the_files_it_reads(tmp_path: Path) -> None:
    """The program and its board file are inputs: an output on either (by its name or through a
    link) is refused before the program runs, and both are left as they were."""
    from checking import LEARNERS
    from click.testing import CliRunner

    from tracer.cli import main

    program, board, ran = tmp_path / "minimax.py", tmp_path / "board.txt", tmp_path / "ran"
    program.write_text(f"open({str(ran)!r}, 'w').close()\n" + (LEARNERS / "py_not_restored.py").read_text())
    board.write_text("X.O\nX.X\nOO.\n")
    (tmp_path / "link.html").symlink_to("board.txt")
    before = program.read_bytes(), board.read_bytes()
    for option, path in (("--log", board), ("--html", board), ("--side-by-side", tmp_path / "link.html"),
                         ("--log", tmp_path / "link.html"), ("--html", program)):
        result = CliRunner().invoke(main, ["check", str(program), str(board), option, str(path)])
        assert result.exit_code == 2 and result.stdout == "", (option, path, result.output)
        assert result.stderr.startswith(f"trace: error: {option}: ") and "its own file" in result.stderr
        assert len(result.stderr.splitlines()) == 1 and not ran.exists()
    assert (program.read_bytes(), board.read_bytes()) == before
