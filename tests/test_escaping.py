"""What a learner's program says never acts on the terminal (issue 33, item 4).

Its printed lines, a message it throws, its file's name and a saved trace of its search
reach the report, the ``--log`` file, ``trace render`` and the JSON report: every escape
sequence, bell, NUL, C1 control, bidi override and bare carriage return in them is shown
as an escape, and the JSON report still holds the very text the program printed.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from test_check_edges import LANGUAGES, program
from test_hostile_cli import RAW, no_raw_controls

#: An escape sequence, a bell, a C1 CSI, NUL, a bidi override, and a carriage return that
#: would print a fake verdict over the line before it.
HOSTILE = "\x1b[31mred\x07\x9b2J\x00\u202eevil\u2066\rVerdict: identical"
#: The same, as it is written in the program's source.
HOSTILE_SOURCE = json.dumps(HOSTILE)


def printing(tmp_path: Path, language: str) -> Path:
    line = f"print({HOSTILE_SOURCE})\n" if language == "py" else f"console.log({HOSTILE_SOURCE});\n"
    return program(tmp_path, language, line)


def throwing(tmp_path: Path, language: str) -> Path:
    """A search that throws the hostile message from its first call."""
    path = program(tmp_path, language)
    source = path.read_text(encoding="utf-8")
    if language == "py":
        source = source.replace("def minimax(board, mark):\n",
                                f"def minimax(board, mark):\n    raise ValueError({HOSTILE_SOURCE})\n")
    else:
        source = source.replace("function minimax(b, mark) {\n",
                                f"function minimax(b, mark) {{\n  throw new Error({HOSTILE_SOURCE});\n")
    path.write_text(source, encoding="utf-8")
    return path


def no_fake_line(text: str) -> None:
    """No line of ``text`` starts with the verdict the program wrote after its ``\\r``."""
    fake = [line for line in text.splitlines() if line.lstrip(" |").startswith("Verdict: identical")
            and "the guide's minimax, call for call" not in line]  # tracer's own verdict says this
    assert fake == [], text


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_programs_printed_lines_are_shown_escaped(cli, tmp_path: Path, language: str) -> None:
    printing(tmp_path, language)
    result = cli("check", f"prog.{language}")
    assert result.exit_code == 0, result.output
    no_raw_controls(result.stdout, result.stderr)
    no_fake_line(result.stdout)
    assert "\\x1b[31mred\\x07\\x9b2J\\x00\\u202eevil\\u2066\\rVerdict: identical" in result.stdout


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_json_report_escapes_them_and_still_holds_them(cli, tmp_path: Path, language: str) -> None:
    printing(tmp_path, language)
    result = cli("check", f"prog.{language}", "--format", "json")
    assert result.exit_code == 0, result.output
    no_raw_controls(result.stdout)
    assert "\\u202e" in result.stdout and "\\u009b" in result.stdout
    assert any(HOSTILE in text for text in strings(json.loads(result.stdout)))


def strings(data: object) -> list[str]:
    """Every string in a JSON document."""
    if isinstance(data, str):
        return [data]
    if isinstance(data, dict):
        data = list(data.values())
    return [s for item in data for s in strings(item)] if isinstance(data, list) else []


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_thrown_message_is_shown_escaped_in_the_verdict_log_and_render(cli, tmp_path: Path,
                                                                        language: str) -> None:
    throwing(tmp_path, language)
    result = cli("check", f"prog.{language}", "--log", "calls.txt", "-o", "mine.json")
    assert result.exit_code == 1, result.output
    assert "Verdict: error" in result.stdout and "\\u202eevil" in result.stdout
    no_raw_controls(result.stdout, result.stderr)
    no_fake_line(result.stdout)
    log = (tmp_path / "calls.txt").read_text(encoding="utf-8")
    no_raw_controls(log)
    no_fake_line(log)
    for args in ([], ["--stats"], ["--log", "-", "-q"]):
        rendered = cli("render", "mine.json", "--no-tree", *args)
        assert rendered.exit_code == 0, rendered.output
        no_raw_controls(rendered.stdout, rendered.stderr)
        no_fake_line(rendered.stdout)


def test_a_programs_file_name_is_shown_escaped_in_the_report_and_the_log(cli, tmp_path: Path) -> None:
    name = "p\x1b[2J\u202e\x07"
    (tmp_path / f"{name}.py").write_text(program(tmp_path, "py").read_text(encoding="utf-8"), encoding="utf-8")
    for fmt in ("text", "json"):
        result = cli("check", f"{name}.py", "--log", "calls.txt", "--format", fmt)
        assert result.exit_code == 0, result.output
        no_raw_controls(result.stdout, result.stderr, (tmp_path / "calls.txt").read_text(encoding="utf-8"))
        assert RAW.search(name)  # the name itself was hostile
