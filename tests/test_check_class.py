"""``trace check DIR``: a whole class checked, each submission apart.

The class folder is built here, in tmp_path: ports of the guide's minimax written for this
test, with one planted mistake or one harmless variation each, in single files and in
subfolders, and hostile programs (a loop, a fork, a writer by relative paths and one by the
teacher's absolute path, a reader of input, a program printing without end, one eating
memory). Each row's expected verdict, mistake and calls come from what was planted and
from the plain minimax of ``checking`` and below, never from tracer. Every run must leave
the teacher's folder byte for byte as it was, no process of a submission alive and no
scratch folder behind.
"""

from __future__ import annotations

import csv
import hashlib
import io
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

import pytest
from checking import LINES, calls, value, won

import tracer

GUIDE_BOARD = "X.OX.XOO."

PORT = '''"""Tic-tac-toe minimax on the guide's board, written for a class test."""
PRELUDE
LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]
board = ["X", 1, "O", "X", 4, "X", "O", "O", 8]
AI, HUMAN = "X", "O"


def won(cells, mark):
    return any(cells[a] == mark and cells[b] == mark and cells[c] == mark for a, b, c in LINES)


def minimax(cells, mark):
    free = [c for c in cells if c not in ("X", "O")]
    if won(cells, HUMAN):
        return {"score": -1}
    if won(cells, AI):
        return {"score": 1}
    if not free:
        return {"score": 0}
    plays = []
    for spot in ORDER:
        play = {"index": cells[spot]}
        cells[spot] = mark
        play["score"] = minimax(cells, HUMAN if mark == AI else AI)["score"]
        RESTORE
        plays.append(play)
    maximising = MAXIMISING
    best, best_score = None, float("-inf") if maximising else float("inf")
    for play in plays:
        if (play["score"] > best_score) if maximising else (play["score"] < best_score):
            best, best_score = play, play["score"]
    return best


print(minimax(board, AI))
'''


def port(prelude: str = "", order: str = "free", restore: str = 'cells[spot] = play["index"]',
         maximising: str = "mark == AI") -> str:
    """The port above, with code before it and its loop order, reset and choice as given."""
    return (PORT.replace("PRELUDE", prelude).replace("ORDER", order).replace("RESTORE", restore)
            .replace("MAXIMISING", maximising))


# ---- an independent reference: the learner's search as planted, call by call ------------------


def planted_calls(board: str, mover: str, *, restore: bool = True, swapped: bool = False,
                  descending: bool = False, events: list[tuple[str, int]] | None = None) -> list[tuple[str, str, int]]:
    """Every call (board, side to move, score returned) of the port with its planted change;
    ``events`` gets each call's start and return, in the order they happen."""
    cells = list(board)
    made: list[tuple[str, str, int]] = []
    happened = events if events is not None else []

    def search(mark: str) -> int:
        entry = len(made)
        made.append(("".join(cells), mark, 0))
        happened.append(("start", entry))
        if won(cells, "O") or won(cells, "X") or "." not in cells:
            score = -1 if won(cells, "O") else 1 if won(cells, "X") else 0
        else:
            free = [i for i in range(9) if cells[i] == "."]
            scores = []
            for spot in reversed(free) if descending else free:
                cells[spot] = mark
                scores.append(search("O" if mark == "X" else "X"))
                if restore:
                    cells[spot] = "."
            maximising = (mark == "X") != swapped
            score = max(scores) if maximising else min(scores)
        made[entry] = (made[entry][0], mark, score)
        happened.append(("return", entry))
        return score

    search(mover)
    return made


def first_wrong(board: str, mover: str, **planted: bool) -> int | None:
    """The call (numbered from 1) of the first thing that goes wrong, in the order things happen:
    a call starting on another board than the guide's search makes at that point, or a call
    returning another score than its board is worth."""
    guide = planted_calls(board, mover)
    events: list[tuple[str, int]] = []
    made = planted_calls(board, mover, events=events, **planted)
    for what, index in events:
        cells, mark, score = made[index]
        if what == "start" and (index >= len(guide) or guide[index][:2] != (cells, mark)):
            return index + 1
        if what == "return" and score != value(cells, mark, "X"):
            return index + 1
    return None


def test_the_reference_agrees_with_the_plain_minimax() -> None:
    assert len(planted_calls(GUIDE_BOARD, "X")) == calls(GUIDE_BOARD, "X")
    assert planted_calls(GUIDE_BOARD, "X")[0][2] == value(GUIDE_BOARD, "X", "X") == 1
    assert first_wrong(GUIDE_BOARD, "X") is None
    reordered = planted_calls(GUIDE_BOARD, "X", descending=True)
    assert sorted(reordered) == sorted(planted_calls(GUIDE_BOARD, "X")) != reordered
    assert all(len(line) == 3 for line in LINES)


# ---- the class folder ------------------------------------------------------------------------

FORK = """import os, time
child = os.fork()
if child == 0:
    os.setsid()
    os.close(1)
    os.close(2)
    time.sleep(600)
    os._exit(0)
print("child", child, flush=True)
"""

WRITE = """import os, shutil
for name in os.listdir("."):
    if name != os.path.basename(__file__):
        (shutil.rmtree if os.path.isdir(name) else os.remove)(name)
try:  # outside its copy: refused where the file system is read-only to it but its copy
    with open("../escaped.txt", "w") as out:
        out.write("written outside the copy")
except OSError:
    pass
os.mkdir("new_folder")
os.rename(os.path.basename(__file__), "renamed.py")
"""


#: Writes into the teacher's folder by its absolute path, which no scratch copy can redirect.
ABSOLUTE = """import os
for target in ("TEACHER/a_identical.py", "TEACHER/planted.txt"):
    try:
        with open(target, "w") as out:
            out.write("overwritten")
    except OSError:
        pass
try:
    os.rename("TEACHER/b_reversed.py", "TEACHER/gone.py")
except OSError:
    pass
"""


def build_class(root: Path) -> Path:
    """A class folder with every shape of submission; returns it."""
    teacher = root / "class"
    teacher.mkdir()
    files = {
        "a_identical.py": port(),
        "b_reversed.py": port(order="reversed(free)"),
        "c_not_restored.py": port(restore="pass"),
        "d_swapped.py": port(maximising="mark != AI"),
        "e_crash.py": port(prelude="", restore='cells[spot] = play["index"] // 0'),
        "f_loop.py": port(prelude="while True:\n    pass\n"),
        "g_fork.py": port(prelude=FORK),
        "h_writer/minimax.py": port(prelude=WRITE),
        "h_writer/notes.txt": "the writer's own notes\n",
        "i_input.py": port(prelude='move = input("your move? ")\n'),
        "j_spam.py": port(prelude='while True:\n    print("spam " * 200)\n'),
        "k_memory.py": port(prelude="hoard = bytearray(3 * 1024 ** 3)\n"),
        "l_folder/tictactoe.py": port(),
        "m_two/first.py": port(),
        "m_two/second.py": port(restore="pass"),
        "n_empty/README.txt": "nothing here\n",
        "o_absolute.py": port(prelude=ABSOLUTE.replace("TEACHER", str(teacher))),
        "README.md": "The class's notes, not a submission.\n",
    }
    for name, text in files.items():
        path = teacher / name
        path.parent.mkdir(exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return teacher


#: Each row as planted: verdict, mistake, differences, calls (None: not asserted), first wrong call.
EXPECTED: dict[str, tuple[str, str | None, list[str], int | None, int | None]] = {
    "a_identical.py": ("identical", None, [], calls(GUIDE_BOARD, "X"), None),
    "b_reversed.py": ("correct", None, ["order"], calls(GUIDE_BOARD, "X"), None),
    "c_not_restored.py": ("wrong", "board-not-restored", [], None, first_wrong(GUIDE_BOARD, "X", restore=False)),
    "d_swapped.py": ("wrong", "max-min-swapped", [], calls(GUIDE_BOARD, "X"),
                     first_wrong(GUIDE_BOARD, "X", swapped=True)),
    "e_crash.py": ("error", None, [], None, None),
    "f_loop.py": ("error", None, [], None, None),
    "g_fork.py": ("identical", None, [], calls(GUIDE_BOARD, "X"), None),
    "h_writer": ("identical", None, [], calls(GUIDE_BOARD, "X"), None),
    # A program that dies before its first search call: the single check's verdict on it
    # (its error, or that it cannot call the search itself) stays in its own row.
    "i_input.py": ("error|refused", None, [], None, None),
    "j_spam.py": ("error", None, [], None, None),
    "k_memory.py": ("error|refused", None, [], None, None),
    "l_folder": ("identical", None, [], calls(GUIDE_BOARD, "X"), None),
    "m_two": ("refused", None, [], None, None),
    "n_empty": ("refused", None, [], None, None),
    "o_absolute.py": ("identical", None, [], calls(GUIDE_BOARD, "X"), None),
}


def digest(folder: Path) -> dict[str, str]:
    """Every file and folder under ``folder``, with its bytes' hash and its mode."""
    found = {}
    for path in sorted(folder.rglob("*")):
        kind = hashlib.sha256(path.read_bytes()).hexdigest() if path.is_file() else "folder"
        found[str(path.relative_to(folder))] = f"{kind} {path.stat().st_mode:o}"
    return found


def scratch_folders(folder: Path | None = None) -> set[str]:
    names = os.listdir(folder if folder is not None else tempfile.gettempdir())
    return {n for n in names if n.startswith("tracer-class-")}


def trace_check(*args: str, cwd: Path, tmp: Path | None = None) -> subprocess.CompletedProcess[str]:
    """``trace check ARGS`` in ``cwd``; with ``tmp``, its temporary folders there (TMPDIR), so that
    another test's class run at the same time (pytest-xdist) is not counted as this one's."""
    env = dict(os.environ, TMPDIR=str(tmp)) if tmp is not None else None
    return subprocess.run([sys.executable, "-m", "tracer", "check", *args], cwd=cwd, capture_output=True,
                          text=True, timeout=600, stdin=subprocess.DEVNULL, env=env)


@pytest.fixture(scope="module")
def class_run(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """The class checked once, as JSON, with --report; what was there before and after. The time
    limit leaves a correct program room on a loaded machine; the loops run into it."""
    root = tmp_path_factory.mktemp("class")
    teacher = build_class(root)
    tmp = root / "tmp"
    tmp.mkdir()
    before = digest(teacher)
    done = trace_check(str(teacher), "--timeout", "8", "--memory", "700", "--jobs", "2", "--format", "json",
                       "--report", str(root / "report"), cwd=root, tmp=tmp)
    return {"root": root, "teacher": teacher, "before": before, "after": digest(teacher), "done": done,
            "data": json.loads(done.stdout), "new_scratch": scratch_folders(tmp)}


def test_every_row_is_as_planted(class_run: dict[str, Any]) -> None:
    rows = {row["name"]: row for row in class_run["data"]["submissions"]}
    assert list(rows) == sorted(EXPECTED)
    for name, (verdict, mistake, differences, number, first) in EXPECTED.items():
        row = rows[name]
        assert row["verdict"] in verdict.split("|") and row["difference"] == mistake, (name, row.get("error"))
        assert [d if isinstance(d, str) else d["id"] for d in row.get("differences", [])] == differences, name
        if number is not None:
            assert row["calls"] == number, name
        if first is not None:
            assert row["first_wrong"]["call"] == first, name
        assert row["exit"] == {"identical": 0, "correct": 0, "refused": 2}.get(row["verdict"], 1), name
        assert isinstance(row["seconds"], float) and row["seconds"] >= 0


def test_refusals_say_why(class_run: dict[str, Any]) -> None:
    rows = {row["name"]: row for row in class_run["data"]["submissions"]}
    assert "first.py" in rows["m_two"]["error"]["message"] and "second.py" in rows["m_two"]["error"]["message"]
    assert rows["m_two"]["error"]["kind"] == "several-programs"
    assert rows["n_empty"]["error"]["kind"] == "no-program"


def test_the_counts_add_up(class_run: dict[str, Any]) -> None:
    counts = class_run["data"]["counts"]
    verdicts = [row["verdict"] for row in class_run["data"]["submissions"]]
    assert counts["verdict"] == {v: verdicts.count(v) for v in ("identical", "correct", "wrong", "error", "refused")}
    assert counts["verdict"]["identical"] == 5 and counts["verdict"]["error"] + counts["verdict"]["refused"] == 7
    assert counts["difference"] == {"board-not-restored": 1, "max-min-swapped": 1}
    assert counts["differences"] == {"order": 1}
    assert class_run["done"].returncode == 1


def test_nothing_outside_each_copy_changes(class_run: dict[str, Any]) -> None:
    assert class_run["after"] == class_run["before"]
    assert not (class_run["root"] / "escaped.txt").exists()
    assert class_run["new_scratch"] == set()


def test_no_process_of_a_submission_is_left(class_run: dict[str, Any]) -> None:
    fork = next(row for row in class_run["data"]["submissions"] if row["name"] == "g_fork.py")
    assert fork["output"]["stdout"].startswith("child ")  # it did fork, and its child slept on
    assert processes_under(class_run["root"]) == []


def processes_under(root: Path) -> list[str]:
    """Every process still alive (not a zombie) whose working folder, environment or command
    line names ``root``: a submission's processes work in a scratch copy in ``root/tmp`` and
    carry TMPDIR there, whatever they did to their session or group (a hostile one that
    leaves both names ``root`` in its command line)."""
    left = []
    needle = str(root)
    for pid in (p for p in os.listdir("/proc") if p.isdigit()):
        try:
            with open(f"/proc/{pid}/stat") as stat:
                if stat.read().rsplit(")", 1)[1].split()[0] == "Z":
                    continue
            with open(f"/proc/{pid}/environ", "rb") as environ:
                named = needle.encode() in environ.read() or needle in os.readlink(f"/proc/{pid}/cwd")
            with open(f"/proc/{pid}/cmdline", "rb") as cmdline:
                command = cmdline.read().replace(b"\0", b" ").decode(errors="replace")
        except OSError:  # gone meanwhile
            continue
        if named or needle in command:
            left.append(f"{pid}: {command[:200]}")
    return left


def test_piped_output_is_the_result_alone(class_run: dict[str, Any]) -> None:
    assert class_run["done"].stderr == ""


def test_the_class_page(class_run: dict[str, Any]) -> None:
    report = class_run["root"] / "report"
    page = (report / "index.html").read_text(encoding="utf-8")
    assert "<svg" in page and "http" not in page and "<script src" not in page
    for name in EXPECTED:
        assert f">{name}" in page
    links = [part.split('"')[0] for part in page.split('href="')[1:]]
    assert links and all((report / link).is_file() for link in links)
    assert any("c_not_restored" in page.split(link)[0].rsplit("<tr", 1)[1] for link in links)


def visible_rows(page: Any) -> list[str]:
    """The names of the table's rows the page shows, top to bottom."""
    return page.evaluate("""() => Array.from(document.querySelectorAll('#rows tbody tr'))
        .filter(r => !r.hidden).map(r => r.cells[0].dataset.key)""")


@pytest.mark.parametrize("width, height", [(1024, 768), (1280, 800), (360, 740)])
def test_the_class_page_in_a_browser(class_run: dict[str, Any], browser: Any, width: int, height: int) -> None:
    """Filter by verdict and by mistake, sort (by a heading, or on a phone by the drop-down),
    every row's link to its own pages; no sideways scrolling at the size of a projector, a
    laptop or a phone."""
    report = class_run["root"] / "report"
    rows = {row["name"]: row for row in class_run["data"]["submissions"]}
    page = browser.new_page(viewport={"width": width, "height": height})
    problems: list[str] = []
    page.on("console", lambda message: problems.append(message.text) if message.type == "error" else None)
    page.on("pageerror", lambda error: problems.append(str(error)))
    try:
        page.goto((report / "index.html").as_uri())
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        assert visible_rows(page) == sorted(EXPECTED)
        page.select_option("#verdict", "wrong")
        assert visible_rows(page) == sorted(n for n, expected in EXPECTED.items() if expected[0] == "wrong")
        assert page.text_content("#shown") == f"2 of {len(EXPECTED)} shown"
        page.select_option("#verdict", "")
        page.select_option("#mistake", "max-min-swapped")
        assert visible_rows(page) == ["d_swapped.py"]
        page.select_option("#mistake", "")
        by_calls = sorted(EXPECTED, key=lambda name: (rows[name]["calls"], name))
        if width > 640:
            page.click("th:nth-child(5) button")
            assert visible_rows(page) == by_calls
            page.click("th:nth-child(5) button")
            assert page.get_attribute("th:nth-child(5)", "aria-sort") == "descending"
        else:
            page.select_option("#sort", "4 up")
            assert visible_rows(page) == by_calls
            page.select_option("#sort", "4 down")
        calls_shown = [rows[name]["calls"] for name in visible_rows(page)]
        assert calls_shown == sorted(calls_shown, reverse=True)
        links = page.evaluate("""() => Array.from(document.querySelectorAll('#rows tbody tr')).map(r =>
            [r.cells[0].dataset.key, Array.from(r.cells[0].querySelectorAll('a')).map(a => a.getAttribute('href'))])""")
        for name, hrefs in links:
            assert len(hrefs) == (2 if rows[name]["calls"] else 0), name
            for href in hrefs:  # its own pages, which name its own file
                entry = rows[name]["file"]
                assert entry in (report / href).read_text(encoding="utf-8"), (name, href)
        assert problems == []
    finally:
        page.close()


def test_learner_strings_are_escaped_in_the_page(tmp_path: Path) -> None:
    teacher = tmp_path / "class"
    teacher.mkdir()
    (teacher / "<img src=x onerror=alert(1)>.py").write_text(port(), encoding="utf-8")
    done = trace_check(str(teacher), "--report", str(tmp_path / "page"), cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    page = (tmp_path / "page" / "index.html").read_text(encoding="utf-8")
    assert "<img" not in page and "&lt;img src=x onerror=alert(1)&gt;.py" in page


def test_a_deep_temporary_folder_still_runs_the_class(tmp_path: Path) -> None:
    """A Unix socket's path has at most 107 bytes: under a TMPDIR deeper than that (a test's, a
    course machine's), the class run still starts its fork server and checks every row."""
    teacher = tmp_path / "class"
    teacher.mkdir()
    (teacher / "good.py").write_text(port(), encoding="utf-8")
    deep = tmp_path / ("d" * 60) / ("e" * 60)
    deep.mkdir(parents=True)
    done = trace_check(str(teacher), "--format", "json", cwd=tmp_path, tmp=deep)
    assert done.returncode == 0, done.stderr
    assert [row["verdict"] for row in json.loads(done.stdout)["submissions"]] == ["identical"]
    assert list(deep.iterdir()) == []


def test_csv_and_gradescope(tmp_path: Path) -> None:
    teacher = tmp_path / "class"
    teacher.mkdir()
    (teacher / "good.py").write_text(port(), encoding="utf-8")
    (teacher / "bad.py").write_text(port(maximising="mark != AI"), encoding="utf-8")
    done = trace_check(str(teacher), "--format", "csv", cwd=tmp_path)
    rows = list(csv.DictReader(io.StringIO(done.stdout)))
    assert done.returncode == 1
    assert [(r["name"], r["verdict"], r["difference"], r["exit"]) for r in rows] == [
        ("bad.py", "wrong", "max-min-swapped", "1"), ("good.py", "identical", "", "0")]
    assert rows[0]["first_wrong.call"] == str(first_wrong(GUIDE_BOARD, "X", swapped=True))
    piped = trace_check(str(teacher), "--format", "gradescope", cwd=tmp_path)
    (tmp_path / "results").mkdir()  # as Gradescope's /autograder/results is
    written = trace_check(str(teacher), "--format", "gradescope", "-o", "results/results.json", cwd=tmp_path)
    assert written.returncode == 1 and written.stdout == "" and written.stderr == ""
    graded = json.loads((tmp_path / "results" / "results.json").read_text(encoding="utf-8"))
    assert json.loads(piped.stdout) == graded
    assert_gradescope_shape(graded)
    assert graded["score"] == 1
    assert [(t["name"], t["status"], t["score"], t["max_score"]) for t in graded["tests"]] == [
        ("bad.py", "failed", 0, 1), ("good.py", "passed", 1, 1)]
    # Each test's output is the submission's own report, from its JSON result: the mistake, the
    # call where it departs, and what that call returned against what was due.
    swapped = planted_calls(GUIDE_BOARD, "X", swapped=True)[first_wrong(GUIDE_BOARD, "X", swapped=True) - 1]
    bad = graded["tests"][0]["output"]
    assert "max-min-swapped" in bad and f"#{first_wrong(GUIDE_BOARD, 'X', swapped=True)} on {swapped[0]}" in bad
    assert f'"score": {swapped[2]}' in bad.split("returned:")[1].splitlines()[0]
    assert f'"score": {value(swapped[0], swapped[1], "X")}' in bad.split("expected:")[1].splitlines()[0]


#: Gradescope's autograder results.json, as its specification documents it
#: (gradescope-autograders.readthedocs.io, "Autograder Specifications", "Output format").
GRADESCOPE_TOP = {"score", "execution_time", "output", "output_format", "test_output_format", "test_name_format",
                  "visibility", "stdout_visibility", "extra_data", "tests", "leaderboard"}
GRADESCOPE_TEST = {"score", "max_score", "status", "name", "name_format", "number", "output", "output_format",
                   "tags", "visibility", "extra_data"}


def assert_gradescope_shape(data: dict[str, Any]) -> None:
    """The documented shape: known keys only, numbers where numbers go, a status of passed or
    failed agreeing with the points, and the overall score the sum of the tests'."""
    assert set(data) <= GRADESCOPE_TOP and isinstance(data["tests"], list) and data["tests"]
    for test in data["tests"]:
        assert set(test) <= GRADESCOPE_TEST and {"name", "score", "max_score", "status", "output"} <= set(test)
        assert isinstance(test["name"], str) and isinstance(test["output"], str) and test["output"]
        assert all(isinstance(test[k], (int, float)) and not isinstance(test[k], bool) for k in ("score", "max_score"))
        assert 0 <= test["score"] <= test["max_score"]
        assert test["status"] == ("passed" if test["score"] == test["max_score"] else "failed")
    assert data["score"] == sum(test["score"] for test in data["tests"])


def test_the_same_class_gives_the_same_json_but_for_seconds(tmp_path: Path) -> None:
    for name, text in (("b.py", port(restore="pass")), ("a.py", port()), ("c.py", port(order="reversed(free)"))):
        (tmp_path / name).write_text(text, encoding="utf-8")

    def without_seconds() -> dict[str, Any]:
        data = json.loads(trace_check(".", "--format", "json", "--jobs", "2", cwd=tmp_path).stdout)
        for row in data["submissions"]:
            assert row.pop("seconds") >= 0
        return data

    first = without_seconds()
    assert [row["name"] for row in first["submissions"]] == ["a.py", "b.py", "c.py"]
    assert without_seconds() == first


def test_a_crash_names_the_submissions_own_file_on_every_run(tmp_path: Path) -> None:
    # The port with its best-score loop reading past the end of its list: a traceback on stderr.
    crash = port().replace('return best\n', 'return plays[len(plays)]\n')
    (tmp_path / "class" / "ana").mkdir(parents=True)
    (tmp_path / "class" / "ana" / "game.py").write_text(crash, encoding="utf-8")

    def rows() -> list[dict[str, Any]]:
        data = json.loads(trace_check("class", "--format", "json", cwd=tmp_path).stdout)
        for row in data["submissions"]:
            row.pop("seconds")
        return data["submissions"]

    first = rows()
    (row,) = first
    assert row["verdict"] == "error"
    stderr = row["output"]["stderr"]
    assert "IndexError" in stderr and f'File "{os.path.join("class", "ana", "game.py")}"' in stderr
    assert "tracer-class-" not in json.dumps(first)
    assert rows() == first


def test_several_files_entry_and_exit_status(tmp_path: Path) -> None:
    (tmp_path / "one.py").write_text(port(), encoding="utf-8")
    (tmp_path / "two.py").write_text(port(order="reversed(free)"), encoding="utf-8")
    done = trace_check("one.py", "two.py", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[1].split()[:2] == ["one.py", "identical"] and lines[2].split()[:3] == ["two.py", "correct", "order"]
    assert "2 submissions: 1 identical, 1 correct, 0 wrong, 0 error, 0 refused" in done.stdout
    assert "errors and refusals" not in done.stdout  # none here
    (tmp_path / "class" / "pair").mkdir(parents=True)
    (tmp_path / "class" / "pair" / "first.py").write_text(port(), encoding="utf-8")
    (tmp_path / "class" / "pair" / "second.py").write_text(port(restore="pass"), encoding="utf-8")
    picked = json.loads(trace_check("class", "--entry", "second.py", "--format", "json", cwd=tmp_path).stdout)
    assert [(r["name"], r["difference"]) for r in picked["submissions"]] == [("pair", "board-not-restored")]
    # Without --entry the pair is refused, and the table says why under its counts.
    table = trace_check("class", cwd=tmp_path).stdout
    assert table.splitlines()[1].split() == ["pair", "refused", "several-programs", "0", "0.00"]
    assert table.endswith("errors and refusals:\n  pair (refused): several program files in it (first.py, "
                          "second.py): name one with --entry\n")


@pytest.mark.parametrize("args, words", [
    (["empty"], "no submission"),
    (["class", "--log", "calls.txt"], "--report DIR"),
    (["class", "--jobs", "0"], "--jobs"),
    (["class", "--stdin", "moves.txt"], "moves.txt: no such file"),
    (["class", "a.py", "b.txt"], "a class is one folder"),
    (["class", "--format", "gradescope", "-o", "results/results.json"], "does not exist"),
])
def test_bad_arguments(tmp_path: Path, args: list[str], words: str) -> None:
    (tmp_path / "empty").mkdir()
    (tmp_path / "class").mkdir()
    (tmp_path / "class" / "a.py").write_text(port(), encoding="utf-8")
    before = sorted(p.name for p in tmp_path.rglob("*"))
    done = trace_check(*args, cwd=tmp_path)
    assert done.returncode == 2 and done.stdout == ""
    assert len(done.stderr.strip().splitlines()) <= 3 and words in done.stderr and "Traceback" not in done.stderr
    assert sorted(p.name for p in tmp_path.rglob("*")) == before


def test_check_class_in_python(tmp_path: Path) -> None:
    (tmp_path / "good.py").write_text(port(), encoding="utf-8")
    (tmp_path / "bad.py").write_text(port(restore="pass"), encoding="utf-8")
    result = tracer.check_class(tmp_path, jobs=1)
    assert [(row.name, row.verdict, row.mistake) for row in result] == [
        ("bad.py", "wrong", "board-not-restored"), ("good.py", "identical", None)]
    assert not result.ok
    html = result._repr_html_()
    assert "<table" in html and "board-not-restored" in html and "bad.py" in html


def test_a_progress_bar_on_a_terminal_only(tmp_path: Path) -> None:
    import pty
    import select

    for name in ("a.py", "b.py"):
        (tmp_path / name).write_text(port(), encoding="utf-8")
    terminal, side = pty.openpty()
    child = subprocess.Popen([sys.executable, "-m", "tracer", "check", ".", "--jobs", "1"], cwd=tmp_path,
                             stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=side)
    os.close(side)
    shown = b""
    while select.select([terminal], [], [], 120)[0]:
        try:
            chunk = os.read(terminal, 4096)
        except OSError:  # the child closed its end
            break
        if not chunk:
            break
        shown += chunk
    out = child.communicate(timeout=120)[0].decode()
    os.close(terminal)
    assert b"1/2" in shown and b"2/2" in shown
    # Done, the bar's line is erased (cursor up one line, line cleared): the result stands alone.
    assert shown.rstrip(b"\r\n").endswith(b"\x1b[1A\x1b[2K")
    assert out.splitlines()[0].split()[:2] == ["submission", "verdict"] and "2 identical" in out


HELPERS_JS = """const rows = [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]];
function won(b, m) { return rows.some(([a, c, d]) => b[a] === m && b[c] === m && b[d] === m); }
"""

SEARCH_JS = """const board = ["X", 1, "O", "X", 4, "X", "O", "O", 8];
function minimax(b, mark) {
  const free = b.filter(c => c !== "X" && c !== "O");
  if (won(b, "O")) return { score: -1 };
  if (won(b, "X")) return { score: 1 };
  if (free.length === 0) return { score: 0 };
  const plays = [];
  for (const i of free) {
    const play = { index: b[i] };
    b[i] = mark;
    play.score = minimax(b, mark === "X" ? "O" : "X").score;
    RESET
    plays.push(play);
  }
  let best = null;
  for (const p of plays) if (best === null || (mark === "X" ? p.score > best.score : p.score < best.score)) best = p;
  return best;
}
console.log(minimax(board, "X"));
"""


@pytest.mark.node
def test_subfolders_of_several_scripts_with_entry_and_with(tmp_path: Path) -> None:
    for name, reset in (("amy", "b[i] = play.index;"), ("bob", "")):
        (tmp_path / name).mkdir()
        (tmp_path / name / "helpers.js").write_text(HELPERS_JS, encoding="utf-8")
        (tmp_path / name / "minimax.js").write_text(SEARCH_JS.replace("RESET", reset), encoding="utf-8")
    before = digest(tmp_path)
    done = trace_check(".", "--entry", "minimax.js", "--with", "helpers.js", "--format", "json", cwd=tmp_path)
    rows = json.loads(done.stdout)["submissions"]
    assert [(r["name"], r["verdict"], r["difference"]) for r in rows] == [
        ("amy", "identical", None), ("bob", "wrong", "board-not-restored")]
    assert rows[0]["calls"] == calls(GUIDE_BOARD, "X")
    assert rows[1]["first_wrong"]["call"] == first_wrong(GUIDE_BOARD, "X", restore=False)
    assert digest(tmp_path) == before and done.returncode == 1
