"""A figures folder is written all or nothing (issue 9): a failure part-way leaves the
earlier series as it was, a shorter series leaves no stale figures, other files stay."""

from __future__ import annotations

import os
import stat
import subprocess
from pathlib import Path

import pytest
from test_safe_files import system_program, tiny_tmpfs

from tracer.errors import EnvironmentFault
from tracer.outputs import figure_files
from tracer.outputs.figure_files import write_series


def series(count: int, tag: str) -> dict[str, bytes | str]:
    files: dict[str, bytes | str] = {f"test-play-{n}.svg": f"<svg>{tag} {n}</svg>".encode()
                                     for n in range(1, count + 1)}
    for name in ("tested-cell", "after-test-play", "overview", "final-board"):
        files[f"{name}.svg"] = f"<svg>{tag} {name}</svg>".encode()
    files["index.html"] = f"<html>{tag}</html>"
    return files


def contents(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


def no_temporaries(parent: Path) -> bool:
    return not [p for p in parent.iterdir() if p.name.startswith(".")]


def test_a_new_folder_gets_the_series(tmp_path: Path) -> None:
    write_series(tmp_path / "a" / "figs", series(2, "one"))
    assert contents(tmp_path / "a" / "figs") == {
        name: data if isinstance(data, bytes) else data.encode()
        for name, data in series(2, "one").items()}
    mode = stat.S_IMODE(os.stat(tmp_path / "a" / "figs").st_mode)
    assert mode == 0o777 & ~current_umask()
    assert no_temporaries(tmp_path / "a")


def current_umask() -> int:
    umask = os.umask(0)
    os.umask(umask)
    return umask


def test_a_shorter_series_leaves_no_stale_figures_and_keeps_other_files(tmp_path: Path) -> None:
    folder = tmp_path / "figs"
    write_series(folder, series(5, "long"))
    (folder / "notes.txt").write_text("mine")
    (folder / "figure-draft.svg").write_text("mine too")  # not a name tracer writes
    (folder / "figure-3.svg").write_text("an earlier version's test-play figure")
    write_series(folder, series(2, "short"))
    assert sorted(contents(folder)) == [
        "after-test-play.svg", "figure-draft.svg", "final-board.svg", "index.html", "notes.txt",
        "overview.svg", "test-play-1.svg", "test-play-2.svg", "tested-cell.svg"]
    assert (folder / "test-play-1.svg").read_bytes() == b"<svg>short 1</svg>"
    assert (folder / "notes.txt").read_text() == "mine"
    assert no_temporaries(tmp_path)


def test_a_failure_part_way_leaves_the_earlier_series(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "figs"
    write_series(folder, series(4, "old"))
    before = contents(folder)
    real_rename = os.rename
    calls = []

    def failing_rename(src: str | os.PathLike[str], dst: str | os.PathLike[str]) -> None:
        calls.append(src)
        if len(calls) == len(before) + 3:  # after the old files are out and some new ones are in
            raise OSError(28, "No space left on device")
        real_rename(src, dst)

    monkeypatch.setattr(figure_files.os, "rename", failing_rename)
    with pytest.raises(EnvironmentFault, match="disk is full"):
        write_series(folder, series(2, "new"))
    monkeypatch.undo()
    assert len(calls) > len(before) + 3  # it failed part-way, then moved files back
    assert contents(folder) == before
    assert no_temporaries(tmp_path)


@pytest.mark.skipif(os.geteuid() != 0, reason="mounting a tmpfs needs root (CI runs as root)")
def test_a_full_disk_leaves_the_earlier_series(tmp_path: Path) -> None:
    mount = tiny_tmpfs(tmp_path)
    try:
        folder = mount / "figs"
        write_series(folder, series(2, "small"))
        before = contents(folder)
        big = series(3, "big")
        big["test-play-3.svg"] = b"x" * 200_000
        with pytest.raises(EnvironmentFault, match="disk is full"):
            write_series(folder, big)
        assert contents(folder) == before
        assert no_temporaries(mount)
    finally:
        subprocess.run([system_program("umount"), str(mount)], check=True)


def test_a_symlinked_folder_stays_a_link(tmp_path: Path) -> None:
    real = tmp_path / "real"
    real.mkdir()
    (tmp_path / "link").symlink_to(real)
    write_series(tmp_path / "link", series(1, "x"))
    assert (tmp_path / "link").is_symlink()
    assert sorted(contents(real)) == ["after-test-play.svg", "final-board.svg", "index.html",
                                      "overview.svg", "test-play-1.svg", "tested-cell.svg"]


def test_rerun_with_fewer_test_plays_through_the_cli(cli, tmp_path: Path) -> None:
    (tmp_path / "three.txt").write_text("X . O\nX . X\nO O .\n")  # 3 empty cells
    (tmp_path / "two.txt").write_text("X O O\nX . X\nO X .\n")  # 2 empty cells
    first = cli("three.txt", "-q", "--figures", "figs")
    assert first.exit_code == 0, first.output
    figures_before = sorted(p.name for p in (tmp_path / "figs").glob("test-play-*"))
    second = cli("two.txt", "-q", "--figures", "figs")
    assert second.exit_code == 0, second.output
    figures_after = sorted(p.name for p in (tmp_path / "figs").glob("test-play-*"))
    assert len(figures_after) < len(figures_before)
    html = (tmp_path / "figs" / "index.html").read_text()
    for name in figures_after:
        assert name in html
