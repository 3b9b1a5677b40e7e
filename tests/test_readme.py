"""The README does what it says: its Python examples run, every command of its ``sh`` and
``console`` blocks runs (in order, in one empty folder), and each output it quotes is what
the command prints.

The commands run without a shell, so the test runs on any machine: ``trace ARGS`` is
``python -m tracer ARGS``, and the two pipes the README uses (``printf … | trace …``,
``cat FILE | trace …``) are made here. A ``$ cat FILE`` in a ``console`` block writes the
file it shows, so every input a command needs comes from the README itself.
"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

README = Path(__file__).resolve().parent.parent / "README.md"
TEXT = README.read_text(encoding="utf-8")
BLOCKS = re.findall(r"```python\n(.*?)```", TEXT, re.S)

#: Commands not run here, and where they are run instead.
RUN_ELSEWHERE = {
    # the quickstart: CI runs both, as written, in a fresh clone on a Python-only PATH (.ci/run)
    "python3 -m venv .venv && .venv/bin/pip install -q . && .venv/bin/trace --example near-endgame",
    "bash scripts/test.sh",
    # completion: bash's line in a real bash (tests/test_help.py); zsh and fish are not installed
    'eval "$(_TRACE_COMPLETE=bash_source trace)"',
    'eval "$(_TRACE_COMPLETE=zsh_source trace)"',
    "_TRACE_COMPLETE=fish_source trace | source",
}


def test_readme_has_python_examples():
    assert len(BLOCKS) >= 2


@pytest.mark.parametrize("index", range(len(BLOCKS)))
def test_python_example_runs(index, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    exec(compile(BLOCKS[index], f"README.md python block {index + 1}", "exec"), {})


def test_quickstart_commands_match_ci():
    quickstart = TEXT.split("## Quickstart", 1)[1].split("\n## ", 1)[0]
    commands = re.findall(r"```sh\n(.*?)\n```", quickstart, re.S)
    assert commands == [
        "python3 -m venv .venv && .venv/bin/pip install -q . && .venv/bin/trace --example near-endgame",
        "bash scripts/test.sh",
    ]
    ci = [line.strip() for line in (README.parent / ".ci" / "run").read_text(encoding="utf-8").splitlines()]
    # The test command twice (everything installed, then only Python), the first command
    # once (on the machine with only Python), each as written.
    assert ci.count("bash scripts/test.sh") == 2
    assert ci.count(commands[0]) == 1


# -- running the README's commands ---------------------------------------------------------

@dataclass
class Command:
    """One command of the README: where it is, what to type, what it prints (if quoted)."""

    line: int
    text: str
    #: The quoted output, one line each; a line "..." stands for any lines (or none).
    quoted: list[str] | None = None


def readme_commands(text: str = TEXT) -> list[Command]:
    """Every command of the README's ``sh`` and ``console`` blocks, in order."""
    found: list[Command] = []
    for match in re.finditer(r"^```(sh|console)\n(.*?)^```", text, re.S | re.M):
        first = text[: match.start()].count("\n") + 2
        lines = match.group(2).splitlines()
        if match.group(1) == "sh":
            found += [Command(first + i, without_comment(line)) for i, line in enumerate(lines) if line.strip()]
            continue
        for i, line in enumerate(lines):
            if line.startswith("$ "):
                found.append(Command(first + i, line[2:], []))
            else:
                assert found and found[-1].quoted is not None, f"README.md:{first + i}: output before a $"
                found[-1].quoted.append(line)
    return found


def without_comment(line: str) -> str:
    """A command line without its trailing ``# comment``."""
    return re.sub(r"\s+#\s.*$", "", line).strip()


def printf(arguments: list[str]) -> bytes:
    """What ``printf [--] FORMAT`` prints, for the formats the README uses."""
    if arguments[:1] == ["--"]:
        arguments = arguments[1:]
    assert len(arguments) == 1, arguments
    escapes = {"n": "\n", "t": "\t", "\\": "\\"}
    text = re.sub(r"\\(.)", lambda m: escapes[m.group(1)], arguments[0]).replace("%%", "%")
    return text.encode("utf-8")


def run_line(text: str, cwd: Path | None = None) -> tuple[int, str]:
    """Run one command line as a shell would (see the module's notes); its exit status and
    what a terminal would show (standard output and standard error, as they come)."""
    words = shlex.split(text, comments=True)
    stdin: bytes | None = None
    if "|" in words:
        cut = words.index("|")
        source, words = words[:cut], words[cut + 1:]
        if source[0] == "printf":
            stdin = printf(source[1:])
        else:
            assert source[0] == "cat" and len(source) == 2, text
            stdin = Path(cwd or ".", source[1]).read_bytes()
    assert words[0] == "trace" and "|" not in words, f"not a command this test can run: {text}"
    done = subprocess.run([sys.executable, "-m", "tracer", *words[1:]], cwd=cwd, input=stdin,
                          stdin=None if stdin is not None else subprocess.DEVNULL,
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=300,
                          env={**os.environ, "PYTHONUNBUFFERED": "1", "PYTHONIOENCODING": "utf-8"})
    return done.returncode, done.stdout.decode("utf-8")


def quoted_pattern(quoted: list[str]) -> re.Pattern[str]:
    """The quoted lines as a pattern: each line as it is (trailing spaces aside), "..." any lines."""
    parts = ["(?:.*\n)*?" if line.strip() == "..." else re.escape(line.rstrip()) + "\n"
             for line in quoted]
    return re.compile("".join(parts))


def first_difference(quoted: list[str], output: str) -> str:
    """Where the output leaves the quote, for the failure message."""
    lines = [line.rstrip() for line in output.splitlines()]
    for number, line in enumerate(q for q in quoted if q.strip() != "..."):
        if line.rstrip() not in lines:
            return f"quoted line {number + 1} not printed: {line!r}"
    return "the quoted lines are printed, but not in this order"


def test_the_readme_commands_are_all_run_or_named():
    commands = readme_commands()
    assert len(commands) >= 25
    elsewhere = {c.text for c in commands if c.text in RUN_ELSEWHERE}
    assert elsewhere == RUN_ELSEWHERE  # each is still in the README, where it is run


def test_every_readme_command_does_what_the_readme_says(tmp_path):
    inputs = set()
    for command in readme_commands():
        if command.text in RUN_ELSEWHERE:
            continue
        where = f"README.md:{command.line}: {command.text}"
        words = shlex.split(command.text, comments=True)
        if words[0] == "cat" and len(words) == 2 and command.quoted is not None:
            # "$ cat FILE" shows an input: the file is what the README shows.
            (tmp_path / words[1]).write_text("".join(line + "\n" for line in command.quoted))
            inputs.add(words[1])
            continue
        status, output = run_line(command.text, tmp_path)
        if command.quoted is None or not any(line.startswith("trace: error:") for line in command.quoted):
            assert status == 0, f"{where}\nexit status {status}:\n{output[-3000:]}"
        else:
            assert status == 2, f"{where}\nexit status {status}:\n{output[-3000:]}"
        if command.quoted:
            normal = "".join(line.rstrip() + "\n" for line in output.splitlines())
            assert quoted_pattern(command.quoted).fullmatch(normal), (
                f"{where}\n{first_difference(command.quoted, normal)}\nprinted:\n{output[-3000:]}")
    # Run in the checkout, the commands would leave nothing git would list (.gitignore).
    written = [p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*") if p.is_file()]
    assert len(written) > 15
    assert stray([name for name in written if name not in inputs]) == []


def stray(paths: list[str]) -> list[str]:
    """The paths, relative to the checkout's root, that .gitignore does not ignore."""
    import pathspec

    rules = (README.parent / ".gitignore").read_text(encoding="utf-8").splitlines()
    ignored = pathspec.GitIgnoreSpec.from_lines(rules)
    return [path for path in paths if not ignored.match_file(path)]


def test_the_gitignore_keeps_the_projects_own_files():
    assert stray(["board.svg", "figs/index.html", "empty.log", "t.json", "saved/move-1-figures/x.png",
                  "tree.dot"]) == []
    assert stray(["docs/aima-5.2.png", "tests/golden/tutorial.dot", "tracer/viewer/page.html",
                  "tracer/cli.py", "README.md", "tests/learners/page_p5/index.html"]) == [
        "docs/aima-5.2.png", "tests/golden/tutorial.dot", "tracer/viewer/page.html", "tracer/cli.py", "README.md",
        "tests/learners/page_p5/index.html"]


def test_the_readmes_pictures_ship_with_it():
    """The README's pictures are files under docs/, which the source distribution includes, so
    a page built from the README there shows them; each has a text alternative."""
    import tomllib

    pictures = re.findall(r"!\[([^]]*)\]\(([^)]+)\)", TEXT)
    assert len(pictures) >= 8
    for alt, target in pictures:
        assert len(alt) > 10 and target.startswith("docs/") and (README.parent / target).is_file(), target
    project = tomllib.loads((README.parent / "pyproject.toml").read_text(encoding="utf-8"))
    assert "docs" in project["tool"]["hatch"]["build"]["targets"]["sdist"]["include"]


def test_the_runner_runs_what_a_shell_would(tmp_path):
    # The runner itself: a pipe from printf and from cat, a comment, a quote with "..."
    (tmp_path / "b.txt").write_text("X . O\nX . X\nO O .\n")
    status, output = run_line("cat b.txt | trace - -q -o - --format dot   # a comment", tmp_path)
    assert status == 0 and output.startswith("digraph")
    assert printf(["--", "-1\\n1\\n%%"]) == b"-1\n1\n%"
    assert quoted_pattern(["a", "...", "d"]).fullmatch("a\nb\nc\nd\n")
    assert quoted_pattern(["a", "...", "d"]).fullmatch("a\nd\n")
    assert not quoted_pattern(["a", "d"]).fullmatch("a\nb\nd\n")
    assert [c.text for c in readme_commands("```console\n$ cat f\nx\n$ trace f\n...\n```\n")] == ["cat f", "trace f"]
