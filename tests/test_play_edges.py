"""``trace play`` at the edges (issue 9): bounded lines, safe echo, saving only when asked,
and a failure to save reported in one line while the game goes on."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import click
import pytest

from tracer.errors import EnvironmentFault
from tracer.play import terminal
from tracer.play.terminal import MAX_LINE, Session
from tracer.scores import TUTORIAL


def session(text: str | io.StringIO, save_dir: Path | None = None) -> tuple[Session, list[str]]:
    shown: list[str] = []
    stdin = io.StringIO(text) if isinstance(text, str) else text
    game = Session(ai="X", first="human", scores=TUTORIAL, save_dir=save_dir, kinds=["json"],
                   stdin=stdin, echo_input=True,
                   out=lambda text="", nl=True, color=None: shown.append(click.unstyle(text)))
    return game, shown


def test_play_on_dev_zero_ends_in_bounded_memory(tmp_path: Path) -> None:
    from runs import trace_run

    # Measured by a small launcher: pytest's own memory would count in a child's peak.
    done = trace_run("play", cwd=tmp_path, stdin="/dev/zero", timeout=120)
    assert done.returncode == 0, done.stderr
    assert "it is not lines of text" in done.stdout.decode("utf-8")
    assert done.stderr == ""
    assert done.peak_mib < 300


def test_an_overlong_line_is_skipped_and_the_game_goes_on() -> None:
    game, shown = session("7" * (MAX_LINE * 10) + "\n4\nq\n")
    game.run()
    text = "\n".join(shown)
    assert f"(a line longer than {MAX_LINE} characters was skipped)" in text
    assert "you (O) play cell 4" in text


def test_a_line_of_exactly_1_mib_is_skipped_and_one_character_more_ends_the_session() -> None:
    # README: a line longer than 256 characters is skipped; input with no line end within
    # 1 MiB (1,048,576 characters) ends the session.
    mib = 1 << 20
    for length in (mib, mib - 1, MAX_LINE + 1):
        game, shown = session("7" * length + "\n4\nq\n")
        game.run()
        text = "\n".join(shown)
        assert "was skipped" in text and "you (O) play cell 4" in text, length
    for text_in in ("7" * (mib + 1) + "\n4\nq\n", "7" * (mib + 1)):
        game, shown = session(text_in)
        game.run()
        text = "\n".join(shown)
        assert "no line end within 1,048,576 characters" in text
        assert "play cell 4" not in text and "was skipped" not in text


def test_piped_input_is_echoed_without_escape_codes() -> None:
    game, shown = session("\x1b[2J\x1b]0;title\x07\n4\nq\n")
    game.run()
    text = "\n".join(shown)
    assert "\x1b" not in text and "\x07" not in text
    assert "\\x1b[2J" in text


def test_input_that_is_not_utf8_ends_the_session_cleanly() -> None:
    stdin = io.TextIOWrapper(io.BytesIO(b"4\n\xff\xfe\n"), encoding="utf-8")
    game, shown = session(stdin)  # type: ignore[arg-type]
    game.run()
    assert "The input is not UTF-8 text, so the session ends." in shown
    assert shown[-1] == "Goodbye."


def test_a_save_folder_that_cannot_be_made_is_reported_and_the_game_goes_on(
        tmp_path: Path) -> None:
    (tmp_path / "file").write_text("x")
    game, shown = session("4\nwhy\nq\n", save_dir=tmp_path / "file" / "sub")
    game.run()
    text = "\n".join(shown)
    assert sum("Could not create the folder" in line for line in shown) == 1
    assert "you (O) play cell 4" in text
    assert sorted(p.name for p in tmp_path.iterdir()) == ["file"]


def test_a_why_that_cannot_save_is_one_line_and_never_retried(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    attempts = []

    def failing(trace: object, stem: Path, kinds: list[str]) -> list[Path]:
        attempts.append(stem)
        raise EnvironmentFault(f"cannot write {stem}.json: the disk is full")

    monkeypatch.setattr(terminal, "save_decision", failing)
    game, shown = session("4\n" + "?\n" * 50 + "q\n", save_dir=tmp_path)
    game.run()
    assert len(attempts) == 1  # the automatic save; the 50 questions do not retry
    failures = [line for line in shown if line.startswith("Could not save")]
    assert len(failures) == 1 and "disk is full" in failures[0]
    assert any("you (O) play cell 4" in line for line in shown) and shown[-1] == "Goodbye."


def test_a_flood_of_questions_saves_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    attempts = []

    def counting(trace: object, stem: Path, kinds: list[str]) -> list[Path]:
        attempts.append(stem)
        return [stem.with_suffix(".json")]

    monkeypatch.setattr(terminal, "save_decision", counting)
    game, shown = session("4\n" + "?\n" * 200 + "q\n", save_dir=tmp_path)
    game.run()
    assert len(attempts) == 1


def test_why_without_save_writes_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    game, shown = session("4\nwhy\n?\nq\n")
    game.run()
    assert list(tmp_path.iterdir()) == []
    assert "  (start with --save DIR to keep each decision's full trace as files)" in shown


def test_closed_standard_input_is_one_line() -> None:
    # As `trace play <&-` would start it (without a shell: descriptor 0 closed).
    done = subprocess.run([sys.executable, "-m", "tracer", "play"], preexec_fn=lambda: os.close(0),
                          capture_output=True, text=True, timeout=60)
    assert done.returncode in (0, 1), done.stderr
    assert "Traceback" not in done.stderr
    assert len(done.stderr.splitlines()) <= 1
