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

    from tracer import cli as cli_module

    class Terminal(io.TextIOWrapper):
        def isatty(self) -> bool:
            return True

    monkeypatch.setattr(cli_module.sys, "stdin", Terminal(io.BufferedReader(io.BytesIO(b"X.OX.XOO.\n"))))
    with cli_module.open_input("-") as stream:
        assert stream.read() == b"X.OX.XOO.\n"
    prompt = capsys.readouterr().err
    assert "type or paste a board" in prompt and "Ctrl-D" in prompt
