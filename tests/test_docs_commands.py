"""The README and every page of docs/ do what they say.

Their Python examples run; every command of their ``sh`` and ``console`` blocks runs (in
order, each page in its own empty folder), exits as the page implies (2 where it quotes
``trace: error:``, 1 where it quotes a ``trace check`` verdict of wrong or error, else 0)
and prints what the page quotes. Each page's links lead to files that exist, and every page
is two clicks from the README (README -> docs/index.md -> the page).

The commands run without a shell, so the test runs on any machine: ``trace ARGS`` is
``python -m tracer ARGS``, and the two pipes the pages use (``printf … | trace …``,
``cat FILE | trace …``) are made here. A ``$ cat FILE`` in a ``console`` block writes the
file it shows, so every input a command needs comes from the page itself.
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

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
DOCS = ROOT / "docs"
PAGES = [README, *sorted(DOCS.glob("*.md"))]
TEXT = README.read_text(encoding="utf-8")


def page_id(page: Path) -> str:
    return page.relative_to(ROOT).as_posix()


def page_text(page: Path) -> str:
    return page.read_text(encoding="utf-8")


#: Commands not run here, and where they are run instead.
RUN_ELSEWHERE = {
    # the quickstart: CI runs both, as written, in a fresh clone on a Python-only PATH (.ci/run)
    "python3 -m venv .venv && .venv/bin/pip install -q . && .venv/bin/trace --example near-endgame",
    "bash scripts/test.sh",
    # the other groups of tests: CI runs them all (.ci/run: bash scripts/test.sh --all)
    "bash scripts/test.sh --browser",
    "bash scripts/test.sh --guide-js",
    "bash scripts/test.sh --slow",
    "bash scripts/test.sh --all",
    # completion: bash's line in a real bash (tests/test_help.py); zsh and fish are not installed
    'eval "$(_TRACE_COMPLETE=bash_source trace)"',
    'eval "$(_TRACE_COMPLETE=zsh_source trace)"',
    "_TRACE_COMPLETE=fish_source trace | source",
}


def python_blocks(page: Path) -> list[str]:
    return re.findall(r"```python\n(.*?)```", page_text(page), re.S)


PYTHON_EXAMPLES = [pytest.param(page, i, id=f"{page_id(page)}-{i + 1}")
                   for page in PAGES for i in range(len(python_blocks(page)))]


def test_the_pages_have_python_examples():
    assert len(PYTHON_EXAMPLES) >= 7
    assert python_blocks(README)


@pytest.mark.parametrize(("page", "index"), PYTHON_EXAMPLES)
def test_python_example_runs(page, index, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    exec(compile(python_blocks(page)[index], f"{page_id(page)} python block {index + 1}", "exec"), {})


def test_quickstart_commands_match_ci():
    quickstart = TEXT.split("## Quickstart", 1)[1].split("\n## ", 1)[0]
    commands = re.findall(r"```sh\n(.*?)\n```", quickstart, re.S)
    assert commands == [
        "python3 -m venv .venv && .venv/bin/pip install -q . && .venv/bin/trace --example near-endgame",
        "bash scripts/test.sh",
    ]
    ci = [line.strip() for line in (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()]
    # On the machine with only Python, CI runs both as written; with everything installed, every group.
    assert ci.count(commands[0]) == 1
    assert ci.count(commands[1]) == 1
    assert ci.count("bash scripts/test.sh --all") == 1


def test_the_readme_is_short():
    assert len(TEXT.splitlines()) <= 250


# -- running the README's commands ---------------------------------------------------------

@dataclass
class Command:
    """One command of a page: where it is, what to type, what it prints (if quoted)."""

    line: int
    text: str
    #: The quoted output, one line each; a line "..." stands for any lines (or none).
    quoted: list[str] | None = None


def page_commands(text: str) -> list[Command]:
    """Every command of a page's ``sh`` and ``console`` blocks, in order."""
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
                assert found and found[-1].quoted is not None, f"line {first + i}: output before a $"
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


def test_every_command_is_run_or_named():
    commands = [c.text for page in PAGES for c in page_commands(page_text(page))]
    assert len(commands) >= 60
    assert {c for c in commands if c in RUN_ELSEWHERE} == RUN_ELSEWHERE  # each still shown, and run there


def expected_status(command: Command) -> int:
    """What a page implies the command exits with."""
    quoted = command.quoted or []
    if any(line.startswith("trace: error:") for line in quoted):
        return 2
    if any(re.match(r"Verdict: (wrong|error)\b", line) for line in quoted):
        return 1
    return 0


@pytest.mark.parametrize("page", PAGES, ids=page_id)
def test_every_command_does_what_the_page_says(page, tmp_path):
    inputs = set()
    commands = [c for c in page_commands(page_text(page)) if c.text not in RUN_ELSEWHERE]
    for command in commands:
        where = f"{page_id(page)}:{command.line}: {command.text}"
        words = shlex.split(command.text, comments=True)
        if words[0] == "cat" and len(words) == 2 and command.quoted is not None:
            # "$ cat FILE" shows an input: the file is what the page shows.
            (tmp_path / words[1]).write_text("".join(line + "\n" for line in command.quoted))
            inputs.add(words[1])
            continue
        status, output = run_line(command.text, tmp_path)
        assert status == expected_status(command), f"{where}\nexit status {status}:\n{output[-3000:]}"
        if command.quoted:
            normal = "".join(line.rstrip() + "\n" for line in output.splitlines())
            assert quoted_pattern(command.quoted).fullmatch(normal), (
                f"{where}\n{first_difference(command.quoted, normal)}\nprinted:\n{output[-3000:]}")
    # Run in the checkout, the commands would leave nothing git would list (.gitignore).
    written = [p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*") if p.is_file()]
    assert stray([name for name in written if name not in inputs]) == []


LINK = re.compile(r"\[([^\]]*)\]\(([^)\s]+)\)")


@pytest.mark.parametrize("page", PAGES, ids=page_id)
def test_every_link_leads_to_a_file(page):
    for _, target in LINK.findall(page_text(page)):
        if re.match(r"[a-z]+:", target) or target.startswith("#"):
            continue
        path = (page.parent / target.split("#", 1)[0]).resolve()
        assert path.exists(), f"{page_id(page)}: {target}"


def links(page: Path) -> set[Path]:
    return {(page.parent / target.split("#", 1)[0]).resolve() for _, target in LINK.findall(page_text(page))
            if not re.match(r"[a-z]+:", target) and not target.startswith("#")}


def test_every_page_is_two_clicks_from_the_readme():
    index = DOCS / "index.md"
    assert index in links(README)
    listed = links(index)
    assert set(DOCS.glob("*.md")) - {index} <= listed
    # design.md, shared with every developer, is linked from the index but keeps its own first lines.
    for page in set(DOCS.glob("*.md")) - {index, DOCS / "design.md"}:
        assert index in links(page), f"{page_id(page)} does not link back to the index"


def stray(paths: list[str]) -> list[str]:
    """The paths, relative to the checkout's root, that .gitignore does not ignore."""
    import pathspec

    rules = (ROOT / ".gitignore").read_text(encoding="utf-8").splitlines()
    ignored = pathspec.GitIgnoreSpec.from_lines(rules)
    return [path for path in paths if not ignored.match_file(path)]


def test_the_gitignore_keeps_the_projects_own_files():
    assert stray(["board.svg", "figs/index.html", "empty.log", "t.json", "saved/move-1-figures/x.png",
                  "tree.dot"]) == []
    assert stray(["docs/aima-5.2.png", "tests/golden/tutorial.dot", "tracer/viewer/page.html",
                  "tracer/cli.py", "README.md", "tests/learners/page_p5/index.html"]) == [
        "docs/aima-5.2.png", "tests/golden/tutorial.dot", "tracer/viewer/page.html", "tracer/cli.py", "README.md",
        "tests/learners/page_p5/index.html"]


def test_the_pictures_exist_and_ship():
    """Every picture is a file under docs/, which the source distribution includes, with a
    text alternative."""
    import tomllib

    pictures = [(page, alt, target) for page in PAGES
                for alt, target in re.findall(r"!\[([^]]*)\]\(([^)]+)\)", page_text(page))]
    assert len(pictures) >= 9
    for page, alt, target in pictures:
        path = (page.parent / target).resolve()
        assert len(alt) > 10 and path.is_file() and path.parent == DOCS, (page_id(page), target)
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
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
    assert [c.text for c in page_commands("```console\n$ cat f\nx\n$ trace f\n...\n```\n")] == ["cat f", "trace f"]


def test_the_long_description_has_no_relative_link():
    """The package's long description is the README with the substitutions pyproject.toml gives
    hatch-fancy-pypi-readme (applied here in order, as it applies them): off the repository no
    picture or link may point at a relative path, and each still names its file."""
    import tomllib

    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    hook = project["tool"]["hatch"]["metadata"]["hooks"]["fancy-pypi-readme"]
    assert "readme" in project["project"]["dynamic"] and hook["fragments"] == [{"path": "README.md"}]
    text = TEXT
    for rule in hook["substitutions"]:
        text = re.sub(rule["pattern"], rule["replacement"], text)
    relative = [target for _, target in LINK.findall(text) if not re.match(r"[a-z]+:", target)]
    assert relative == []
    for _, target in LINK.findall(TEXT):
        if not re.match(r"[a-z]+:", target):
            assert f"`{target.split('#')[0]}`" in text, target
    assert "*(Picture: The game tree of the guide's board" in text
