"""Help that helps: `trace --help` shows `trace BOARD`'s options, hints for near misses, one error style."""

from __future__ import annotations

import re

import pytest

from tracer import examples
from tracer.cli import main


def test_trace_help_shows_what_trace_board_can_do(cli):
    result = cli("--help")
    assert result.exit_code == 0
    text = result.stdout
    # The main options, the subcommands and examples, all on the first page of help.
    for option in ("--example", "--ai", "--scores", "-o, --output", "--format", "--stats",
                   "--log", "--max-nodes", "--figures", "--html"):
        assert option in text
    for command in ("play", "render", "run"):
        assert re.search(rf"^  {command} ", text, re.M)
    assert "Examples:" in text


@pytest.mark.parametrize("args", [["--help"], ["run", "--help"], ["render", "--help"], ["play", "--help"]])
def test_no_option_name_is_broken_across_lines(cli, args):
    text = cli(*args).stdout
    # A wrapped line never ends in the middle of an option's name ("--max-" then "nodes").
    assert not re.search(r"--[a-z]+-\n", text)
    assert not re.search(r"\s-\n", text)


def test_each_subcommand_describes_itself(cli):
    render = cli("render", "--help").stdout
    assert "BOARD" not in render
    assert "default: svg, figures, html" in cli("play", "--help").stdout


def test_version_and_help_after_a_board(cli):
    assert cli("board.txt", "--version").stdout.startswith("trace, version ")
    assert "Usage:" in cli("board.txt", "--help").stdout


def test_help_as_a_board_gets_a_hint(cli):
    result = cli("help")
    assert result.exit_code == 2
    assert result.stderr == "trace: error: 'help' is not a board file: for help, type trace --help\n"


def test_an_example_name_as_a_board_gets_a_hint(cli):
    result = cli("near-endgame")
    assert result.exit_code == 2
    assert result.stderr.strip().endswith("type trace --example near-endgame")
    assert len(result.stderr.splitlines()) == 1


def test_usage_errors_read_like_every_other_error(cli):
    result = cli("--example", "near-endgame", "--no-such-option")
    assert result.exit_code == 2
    lines = result.stderr.splitlines()
    assert len(lines) == 2 and lines[0].startswith("Usage: ")
    assert lines[1].startswith("trace: error: No such option")


def test_shell_completion_offers_the_example_names(runner, monkeypatch):
    monkeypatch.setenv("_TRACE_COMPLETE", "bash_complete")
    monkeypatch.setenv("COMP_WORDS", "trace --example near")
    monkeypatch.setenv("COMP_CWORD", "2")
    result = runner.invoke(main, [], prog_name="trace", complete_var="_TRACE_COMPLETE")
    offered = [line.split(",", 1)[1] for line in result.output.splitlines() if "," in line]
    assert offered == [name for name in examples.names() if name.startswith("near")]
    assert offered == ["near-endgame"]


def test_trace_dash_on_a_terminal_says_what_to_type(monkeypatch, capsys):
    import io

    from tracer import commands as cli_module

    class Terminal(io.TextIOWrapper):
        def isatty(self) -> bool:
            return True

    monkeypatch.setattr(cli_module.sys, "stdin", Terminal(io.BufferedReader(io.BytesIO(b"X.OX.XOO.\n"))))
    with cli_module.open_input("-") as stream:
        assert stream.read() == b"X.OX.XOO.\n"
    prompt = capsys.readouterr().err
    assert "type or paste a board" in prompt and "Ctrl-D" in prompt


def bash_completes(typed: list[str], folder, trace_bin) -> list[str]:
    """What an interactive bash, set up as the README says, turns each typed line (with
    its Tab presses) into: the line is echoed back once Tab has completed it."""
    import os
    import pty
    import select
    import subprocess
    import time

    # click's completion script runs `env`: a shell's machine has it where bash has it.
    env = {"PATH": f"{trace_bin}:{os.environ['PATH']}:{os.defpath}", "HOME": str(folder), "TERM": "dumb",
           "PS1": "$ ", "INPUTRC": "/dev/null", "LANG": "C.UTF-8"}
    main_fd, child_fd = pty.openpty()
    shell = subprocess.Popen(["bash", "--norc", "--noprofile", "-i"], stdin=child_fd, stdout=child_fd,
                             stderr=child_fd, cwd=folder, env=env, start_new_session=True)
    os.close(child_fd)
    seen = b""

    def read_until(pattern: bytes, start: int, timeout: float = 20) -> int:
        """Read until ``pattern`` shows up after ``start``; where it ends."""
        nonlocal seen
        end = time.monotonic() + timeout
        while (found := seen.find(pattern, start)) < 0 and time.monotonic() < end:
            if select.select([main_fd], [], [], 0.2)[0]:
                seen += os.read(main_fd, 65536)
        assert found >= 0, seen.decode(errors="replace")[-2000:]
        return found + len(pattern)

    try:
        os.write(main_fd, b'eval "$(_TRACE_COMPLETE=bash_source trace)"; echo READY\n')
        read_until(b"\nREADY", 0)
        results = []
        for number, line in enumerate(typed):
            # Tab (twice: a second press lists choices when the first is not unique), then
            # Ctrl-A and "echo @N@ " before the completed line, so bash prints it back.
            # Readline handles the keys in order, each Tab's completion before the next key.
            start = len(seen)
            os.write(main_fd, line.encode() + f"\t\t\x01echo @{number}@ \n".encode())
            begin = read_until(f"\n@{number}@ ".encode(), start)
            end = read_until(b"\r\n", begin)
            results.append(seen[begin:end - 2].decode().strip())
        return results
    finally:
        shell.kill()
        shell.wait()
        os.close(main_fd)


@pytest.mark.bash
def test_the_readmes_bash_completion_keeps_file_names(tmp_path):
    """In a real bash set up with the README's line: file names, commands, options, examples."""
    import sys
    from pathlib import Path

    for name in ("bad.txt", "board.txt", "saved-trace.json"):
        (tmp_path / name).write_text("")
    (tmp_path / "figs").mkdir()
    trace_bin = Path(sys.executable).parent
    assert (trace_bin / "trace").exists()
    completed = bash_completes(["trace ba", "trace bo", "trace ren", "trace render sav",
                                "trace --exa", "trace --example near", "trace board.txt --fig",
                                "trace board.txt --figures fi"], tmp_path, trace_bin)
    assert completed == ["trace bad.txt", "trace board.txt", "trace render", "trace render saved-trace.json",
                         "trace --example", "trace --example near-endgame",
                         # the second Tab goes on to the only folder
                         "trace board.txt --figures figs/", "trace board.txt --figures figs/"]
