"""Hostile JSON traces and option values end in one ``trace: error:`` line (issue 9);
every valid JSON layout of a trace loads as the trace it holds."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

import tracer
from tracer.errors import InputError
from tracer.scores import MAX_SCORE, Scores, parse_scores
from tracer.tracefile import TraceReader, load_json, render_json, trace_from_dict


@pytest.fixture(scope="module")
def compact() -> str:
    """The tutorial board's trace as write_json writes it."""
    return render_json(tracer.record(tracer.Board("X.OX.XOO."), "X"))


def load_text(text: str | bytes) -> tracer.Trace:
    data = text.encode("utf-8") if isinstance(text, str) else text
    return load_json(io.BytesIO(data), "t.json")


def refused(cli, tmp_path: Path, data: str | bytes, *words: str) -> str:
    path = tmp_path / "t.json"
    path.write_bytes(data.encode("utf-8") if isinstance(data, str) else data)
    result = cli("render", str(path), "-q", "--no-tree")
    assert result.exit_code == 2, result.output
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("trace: error: "), result.stderr
    assert "t.json" in lines[0]
    for word in words:
        assert word in lines[0], lines[0]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["t.json"]  # nothing written
    return lines[0]


# -- every layout of a valid trace loads -------------------------------------------------

def layouts(compact: str) -> dict[str, str]:
    doc = json.loads(compact)
    return {
        "write_json": compact,
        "one line": json.dumps(doc),
        "indented": json.dumps(doc, indent=2),
        "tabs and CRLF": json.dumps(doc, indent="\t").replace("\n", "\r\n"),
        "tree first": json.dumps({"tree": doc["tree"],
                                  **{k: v for k, v in doc.items() if k != "tree"}})
                      .replace('"tree"', '"format": "tracer-trace", "version": 1, "tree"', 1)
                      .replace('"format": "tracer-trace", "version": 1, "board"', '"board"'),
    }


@pytest.mark.parametrize("name", ["write_json", "one line", "indented", "tabs and CRLF"])
def test_every_layout_loads_as_the_same_trace(compact: str, name: str) -> None:
    assert render_json(load_text(layouts(compact)[name])) == compact


def test_result_and_calls_after_the_tree_are_read(compact: str) -> None:
    doc = json.loads(compact)
    head = {k: doc[k] for k in ("format", "version", "board", "to_move", "ai", "human", "scores")}
    reordered = {**head, "tree": doc["tree"], "result": doc["result"], "calls": doc["calls"]}
    assert render_json(load_text(json.dumps(reordered))) == compact


def test_the_games_header_after_the_tree_is_refused_in_one_line(compact: str) -> None:
    # The game's fields say how to read each node, so they come first, as tracer writes them.
    doc = json.loads(compact)
    tail = {k: doc[k] for k in ("board", "to_move", "ai", "human", "scores", "result", "calls")}
    reordered = {"format": doc["format"], "version": doc["version"], "tree": doc["tree"], **tail}
    with pytest.raises(InputError, match="header"):
        load_text(json.dumps(reordered))


def test_one_reformatted_node_in_the_fast_layout_still_loads(compact: str) -> None:
    lines = compact.split("\n")
    lines[4] = lines[4].replace('","mark":', '",\n "mark" :').replace('"call":', '"call" : ')
    assert lines != compact.split("\n")
    assert render_json(load_text("\n".join(lines))) == compact


def test_a_dict_still_loads(compact: str) -> None:
    assert render_json(trace_from_dict(json.loads(compact))) == compact


def test_the_reader_yields_nodes_in_pre_order_with_their_depth(compact: str) -> None:
    reader = TraceReader(io.BytesIO(compact.encode()))
    nodes = [(depth, call, dict(fields)) for depth, call, fields, _ in reader.nodes()]
    doc = json.loads(compact)

    def walk(node: dict, depth: int):
        yield depth, node["call"], {k: v for k, v in node.items()
                                    if k not in ("call", "children")}
        for child in node["children"]:
            yield from walk(child, depth + 1)

    assert nodes == list(walk(doc["tree"], 0))
    assert reader.header == {k: v for k, v in doc.items() if k != "tree"}


def test_unknown_keys_are_left_unread(compact: str) -> None:
    text = compact.replace('"calls":', '"extra":{"a":[1,2]},"calls":', 1)
    text = text.replace('"best":', '"note":"x","best":')
    reader = TraceReader(io.BytesIO(text.encode()))
    first = next(reader.nodes())
    assert first[2]["note"] == "x" and reader.header["extra"] == {"a": [1, 2]}
    assert render_json(load_text(text)) == compact


# -- malformed traces: one line, exit 2 -----------------------------------------------

def node_edit(compact: str, old: str, new: str, count: int = 1) -> str:
    """``compact`` with a node's field text changed (in the second node)."""
    head, sep, rest = compact.partition('{"call":2,')
    assert old in rest
    return head + sep + rest.replace(old, new, count)


BAD_NODE_FIELDS = {
    "terminal is a list": ('"terminal":null', '"terminal":[]'),
    "terminal is an object": ('"terminal":null', '"terminal":{}'),
    "score -Infinity": ('"score":', '"score":-Infinity,"x":'),
    "score NaN": ('"score":', '"score":NaN,"x":'),
    "score of 5000 digits": ('"score":', '"score":' + "9" * 5000 + ',"x":'),
    "score beyond 64 bits": ('"score":', f'"score":{2**64 + 1},"x":'),
    "score beyond the range": ('"score":', f'"score":{MAX_SCORE + 1},"x":'),
    "score as a float": ('"score":1', '"score":1.0'),
    "score as a boolean": ('"score":1', '"score":true'),
    "depth as a float": ('"depth":1', '"depth":1.0'),
    "depth as a boolean": ('"depth":1', '"depth":true'),
    "move as a float": ('"move":1', '"move":1.0'),
    "empty with a float": ('"empty":[4,8]', '"empty":[4.0,8]'),
    "empty with a boolean": ('"empty":[1,4', '"empty":[true,4'),
    "best as a float": ('"best":', '"best":4.0,"y":'),
    "call as a float": ('"call":2,', '"call":2.0,'),
    "board with a look-alike": ('"board":"X', '"board":"\u0425'),
    "board of 10 cells": ('"board":"', '"board":"X'),
    "missing key": ('"mark":"O",', ""),
    "children not last": ('"children":[', '"children":[],"z":[') ,
}


@pytest.mark.parametrize("case", sorted(BAD_NODE_FIELDS))
def test_a_bad_node_is_one_line(cli, tmp_path: Path, compact: str, case: str) -> None:
    old, new = BAD_NODE_FIELDS[case]
    if case == "call as a float":
        text = compact.replace('{"call":2,', '{"call":2.0,', 1)
    elif case == "children not last":
        text = node_edit(compact, '"children":[]}', '"children":[],"z":1}')
    else:
        text = node_edit(compact, old, new)
    assert text != compact
    refused(cli, tmp_path, text)


@pytest.mark.parametrize("old, new", [
    ('"version":1', '"version":true'),
    ('"version":1', '"version":1.0'),
    ('"version":1', '"version":2'),
    ('"format":"tracer-trace"', '"format":"other"'),
    ('"calls":9', '"calls":9.0'),
    ('"calls":9', '"calls":true'),
    ('"human_win":-1', f'"human_win":{-MAX_SCORE - 1}'),
    ('"human_win":-1', '"human_win":-1.5'),
    ('"human_win":-1', '"human_win":"-1"'),
    ('"index":4', '"index":4.0'),
    ('"to_move":"X"', '"to_move":["X"]'),
    ('"scores":{', '"scores":[{'),
])
def test_a_bad_header_is_one_line(cli, tmp_path: Path, compact: str, old: str, new: str) -> None:
    assert old in compact
    refused(cli, tmp_path, compact.replace(old, new, 1))


@pytest.mark.parametrize("data", [
    b"", b"   ", b"null", b"[]", b"{}", b"{", b'{"format"', b"\xef\xbb\xbf{}",
    b'{"format":"tracer-trace","version":1}',
    b'{"format":"tracer-trace","version":1,"tree":{"call":1}}',
    b'{"format":"tracer-trace","version":1,"tree":[]}',
    b'{"format":"tracer-trace","version":1,"tree":' + b'{"children":[' * 100_000,
    b'{"format":"tracer-trace","x":' + b"[" * 100_000 + b"]" * 100_000 + b"}",
    b'{"a":"\xff\xfe"}', b"\x00\x01\x02", b'{"a":"unterminated',
    b'{"a":1,"a":2}', b'{"a":01}', b'{"a":-}', b'{"a":1e}', b"{} {}",
])
def test_junk_is_one_line(cli, tmp_path: Path, data: bytes) -> None:
    refused(cli, tmp_path, data)


def test_truncated_traces_are_one_line(cli, tmp_path: Path, compact: str) -> None:
    for cut in (1, len(compact) // 3, len(compact) // 2, len(compact) - 3):
        refused(cli, tmp_path, compact[:cut])


def test_a_repeated_position_must_repeat_its_first_result() -> None:
    # Five empty cells: positions recur by transposition. A later call of a position
    # that returns something else than its first call is refused.
    doc = json.loads(render_json(tracer.record(tracer.Board("XO..X.O.."), "O")))
    seen: set[tuple[str, str]] = set()
    pending = [doc["tree"]]
    while pending:
        node = pending.pop(0)
        if (node["board"], node["mark"]) in seen and node["terminal"] is None:
            node["score"] = 1 if node["score"] != 1 else -1
            break
        seen.add((node["board"], node["mark"]))
        pending.extend(node["children"])
    else:
        pytest.fail("no repeated position in the trace")
    with pytest.raises(InputError, match="earlier call"):
        load_text(json.dumps(doc))


def test_messages_escape_what_they_quote(cli, tmp_path: Path, compact: str) -> None:
    line = refused(cli, tmp_path, node_edit(compact, '"board":"', '"board":"\\u001b[31mX\\n'))
    assert "\x1b" not in line and "\\x1b" in line


# -- --scores and Scores --------------------------------------------------------------

@pytest.mark.parametrize("text", ["+-1,1,0", "1_0,20,0", "\u0661,2,3", "-1,+1,0", "-1,1,0,",
                                  "-1,1", "1e3,2e3,0", "0x1,2,3", "-1, 1 ,0x",
                                  f"{-MAX_SCORE - 1},1,0", "-1,99999999999999999999999,0",
                                  "-1,1,\u00a00", "-1,1,0\n"])
def test_scores_must_be_plain_integers_in_range(cli, text: str) -> None:
    with pytest.raises(InputError):
        parse_scores(text)
    result = cli("--example", "near-endgame", "-q", "--no-tree", "--scores", text)
    assert result.exit_code == 2
    assert len(result.stderr.splitlines()) == 1


def test_scores_at_the_limits_are_accepted() -> None:
    assert parse_scores(f"{-MAX_SCORE},{MAX_SCORE},0") == Scores(-MAX_SCORE, MAX_SCORE, 0)
    assert parse_scores(" -3, 5 ,-0") == Scores(-3, 5, 0)
    with pytest.raises(ValueError):
        Scores(-1, MAX_SCORE + 1, 0)
    with pytest.raises(ValueError):
        Scores(-1, True, 0)  # type: ignore[arg-type]


def test_a_move_beyond_any_board_is_one_clean_error(compact: str) -> None:
    # Found by hypothesis: a move of 32768 once overflowed the 16-bit move column.
    doc = json.loads(compact)
    doc["tree"]["children"][0]["move"] = 32768
    with pytest.raises(InputError, match="between 0 and 32767"):
        load_text(json.dumps(doc))


# -- a trace file carries data only (issue 24): what a search declares, checked --------

HOSTILE = '<img src=x onerror="alert(1)">'


@pytest.fixture(scope="module")
def alphabeta_text() -> str:
    from tracer.games.tictactoe.game import TicTacToe
    from tracer.search import run_search

    return render_json(run_search(TicTacToe(tracer.Board("X.OX.XOO."), "X"), "alphabeta"))


@pytest.fixture(scope="module")
def memo_text() -> str:
    from tracer.games.tictactoe.game import TicTacToe
    from tracer.search import run_search

    return render_json(run_search(TicTacToe(tracer.Board("X..OX.O.."), "X"), "memo"))


@pytest.mark.parametrize("search, words", [
    ({"algorithm": "minimax", "cached_from": [HOSTILE]}, ['cached_from']),
    ({"algorithm": "memo", "cached_from": [HOSTILE]}, ['cached_from']),
    ({"algorithm": "alphabeta", "cutoff": HOSTILE}, ['cutoff', "ge, gt"]),
    ({"algorithm": "alphabeta", "cutoff": ["ge"]}, ['cutoff']),
    ({"algorithm": "alphabeta", "cutoff": "ge", "alpha": [1]}, ['alpha']),
    ({"algorithm": HOSTILE}, ["algorithm"]),
])
def test_a_search_header_holds_only_its_declared_settings(cli, tmp_path: Path, alphabeta_text: str,
                                                          search: dict, words: list[str]) -> None:
    """The header's "search" names the algorithm and the settings it declares, each one of its
    values; anything else (such as a key the page would copy) refuses the file."""
    head, sep, tree = alphabeta_text.partition('\n"tree":')
    doc = json.loads(head + '"tree":null}')
    doc["search"] = search
    text = json.dumps({k: v for k, v in doc.items() if k != "tree"})[:-1] + "," + sep.lstrip(",\n") + tree
    refused(cli, tmp_path, text, *words)


@pytest.mark.parametrize("old, new, words", [
    ('"alpha":null', '"alpha":"<b>x</b>"', ['alpha']),
    ('"beta":null', f'"beta":{MAX_SCORE + 1}', ['beta']),
    ('"pruned":[]', '"pruned":["4"]', ['pruned']),
    ('"pruned":[]', '"pruned":{"a":1}', ['pruned']),
    ('"pruned":[],', '', ['pruned', "expected key"]),
    ('"alpha":null,', '', ['alpha', "expected key"]),
])
def test_an_alphabeta_node_holds_checked_facts(cli, tmp_path: Path, alphabeta_text: str,
                                               old: str, new: str, words: list[str]) -> None:
    assert old in alphabeta_text
    refused(cli, tmp_path, alphabeta_text.replace(old, new, 1), *words)


@pytest.mark.parametrize("old, new, words", [
    ('"cache_hit":false', '"cache_hit":"no"', ['cache_hit']),
    ('"cached_from":null', f'"cached_from":"{HOSTILE.replace(chr(34), chr(39))}"', ['cached_from']),
    ('"cached_from":null', '"cached_from":0', ['cached_from']),
    ('"cache_hit":false,', '', ['cache_hit', "expected key"]),
])
def test_a_memo_node_holds_checked_facts(cli, tmp_path: Path, memo_text: str,
                                         old: str, new: str, words: list[str]) -> None:
    assert old in memo_text
    refused(cli, tmp_path, memo_text.replace(old, new, 1), *words)


def test_a_variant_traces_facts_read_back_as_written(alphabeta_text: str, memo_text: str) -> None:
    """What the checks accept includes everything tracer writes."""
    for text in (alphabeta_text, memo_text):
        assert render_json(load_text(text)) == text


# -- any machine (issue 23): Windows' os, other encodings, pipes, closed input, the API ----

import os  # noqa: E402 - this section's own imports
import re  # noqa: E402
import stat  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
import textwrap  # noqa: E402

from click.testing import CliRunner  # noqa: E402

from tracer.cli import main  # noqa: E402
from tracer.outputs.safe_write import write_atomically  # noqa: E402

#: Calls Windows' Python lacks (fchmod until 3.13): tracer must write without them.
POSIX_ONLY = ("fchmod", "fchown", "geteuid")


def trace_process(*args: str, env: dict[str, str] | None = None, closed: int | None = None,
                  **kwargs) -> subprocess.CompletedProcess:
    """``python -m tracer ARGS`` in a child process, with descriptor ``closed`` closed
    before it starts (as ``<&-`` or ``>&-`` would), without a shell."""
    preexec = (lambda: os.close(closed)) if closed is not None else None
    return subprocess.run([sys.executable, "-m", "tracer", *args], capture_output=closed != 1,
                          env={**os.environ, **(env or {})}, preexec_fn=preexec, timeout=120,
                          **kwargs)


@pytest.fixture
def windows_os(monkeypatch):
    """The os module as Windows' Python has it: no fchmod, fchown or geteuid."""
    for name in POSIX_ONLY:
        monkeypatch.delattr(os, name, raising=False)
    assert not any(hasattr(os, name) for name in POSIX_ONLY)


def test_files_are_written_without_the_posix_only_calls(windows_os, tmp_path: Path) -> None:
    old = tmp_path / "old.txt"
    old.write_text("old")
    old.chmod(0o640)
    write_atomically(old, "new")
    assert old.read_text() == "new" and stat.S_IMODE(old.stat().st_mode) == 0o640
    write_atomically(tmp_path / "new.txt", b"fresh")
    assert (tmp_path / "new.txt").read_bytes() == b"fresh"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["new.txt", "old.txt"]


def test_every_output_of_a_run_is_written_without_the_posix_only_calls(windows_os, cli,
                                                                       tmp_path: Path) -> None:
    result = cli("--example", "near-endgame", "-q", "--log", "t.log", "--html", "t.html",
                 "--figures", "figs", "-o", "t.json")
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in tmp_path.iterdir()) == ["figs", "t.html", "t.json", "t.log"]
    assert (tmp_path / "figs" / "index.html").is_file()


def cp1252_run(*args: str, input: str | None = None) -> str:
    """What ``trace ARGS`` prints to a cp1252 standard output (Windows' redirected output)."""
    done = trace_process(*args, env={"PYTHONIOENCODING": "cp1252"},
                         input=None if input is None else input.encode("cp1252"))
    assert done.returncode == 0, done.stderr.decode("cp1252")
    assert b"Traceback" not in done.stderr
    return done.stdout.decode("cp1252")


def test_a_cp1252_console_gets_stand_ins_for_what_it_cannot_show(tmp_path: Path) -> None:
    log = cp1252_run("--example", "aima-5.2", "--algorithm", "alphabeta", "--no-tree")
    assert "a MAX call stops once its best >= beta, a MIN call once its best <= alpha" in log
    assert "the first call's window is alpha = -inf, beta = +inf" in log
    assert "MAX moves from A to B -> MIN to move on node B" in log
    stats = cp1252_run("--example", "empty-board", "--stats", "--no-tree")
    assert "root test-plays      0 -> 0, 1 -> 0, 2 -> 0" in stats
    # compare's table is the console's text: misère's è as cp1252 writes it (one byte, E8).
    table = cp1252_run("compare", "--example", "nim", "--misere")
    assert table.startswith("Compared on heaps 1 2 2 with the AI to move (misère play: ")
    game = cp1252_run("play", "--first", "human", input="4\n2\nwhy\n5\nn\n")
    assert ("Move 2: X plays cell 0 (top-left): test-plays 0 -> 0, 1 -> -1, 2 -> 0, 3 -> -1, "
            "5 -> -1, 6 -> 0, 7 -> -1, 8 -> 0; max is 0") in game
    assert "  cell 6 -> 0: then O on 3, X on 5, O on 1, X on 7, O on 8: draw" in game


def test_the_stand_ins_are_plain_ascii() -> None:
    import io

    from tracer.console import show_what_the_console_can

    raw = io.BytesIO()
    console = io.TextIOWrapper(raw, encoding="cp1252")
    show_what_the_console_can(console)
    console.write("a \u2192 b \u2265 c \u2264 d, -\u221e, \u25b2 \u25bc \u2702 \u0425 \u2026")
    console.flush()
    # The first four are the issue's; a character without a stand-in is escaped, and
    # one cp1252 has (the ellipsis) is written as it is.
    assert raw.getvalue() == b"a -> b >= c <= d, -inf, ^ v x \\u0425 \x85"


@pytest.mark.parametrize("args", [
    ("--example", "aima-5.2", "--algorithm", "alphabeta", "-q", "--html", "-"),
    ("--example", "aima-5.2", "--algorithm", "alphabeta", "-q", "-o", "-", "--format", "dot"),
    ("--example", "cutoffs-differ", "-q", "-o", "-", "--format", "json"),
    ("compare", "--example", "cutoffs-differ", "--html", "-"),
    ("compare", "--example", "nim", "--misere", "--format", "json"),  # "settings": "minimax, misère"
])
def test_a_file_on_a_cp1252_standard_output_is_still_utf8(args) -> None:
    # A page, DOT or JSON is UTF-8 by its format (a page's scripts are allowed by the hash
    # of their UTF-8 text), whatever the console's encoding.
    utf8 = trace_process(*args, env={"PYTHONIOENCODING": "utf-8"})
    cp1252 = trace_process(*args, env={"PYTHONIOENCODING": "cp1252"})
    assert utf8.returncode == cp1252.returncode == 0, cp1252.stderr
    assert cp1252.stdout == utf8.stdout
    assert "misère" in cp1252.stdout.decode("utf-8") or "--misere" not in args


def test_a_reader_that_leaves_early_ends_the_run_quietly(tmp_path: Path) -> None:
    # trace --example empty-board | head -1: 328 MB of log, one line read.
    child = subprocess.Popen([sys.executable, "-m", "tracer", "--example", "empty-board"],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=tmp_path)
    assert child.stdout is not None
    assert child.stdout.readline().startswith(b"Minimax trace of")
    child.stdout.close()
    _, err = child.communicate(timeout=120)
    assert (child.returncode, err) == (0, b"")


def test_no_color_is_honoured() -> None:
    runner = CliRunner()
    moves = "4\n2\nq\n"
    coloured = runner.invoke(main, ["play", "--first", "human"], input=moves, color=True)
    plain = runner.invoke(main, ["play", "--first", "human"], input=moves, color=True,
                          env={"NO_COLOR": "1"})
    forced = runner.invoke(main, ["play", "--first", "human", "--color"], input=moves, color=True,
                           env={"NO_COLOR": "1"})
    assert coloured.exit_code == plain.exit_code == forced.exit_code == 0
    assert "\x1b[" in coloured.stdout and "\x1b[" in forced.stdout
    assert "\x1b[" not in plain.stdout
    assert re.sub(r"\x1b\[[0-9;]*m", "", coloured.stdout) == plain.stdout


@pytest.mark.parametrize("args", [["-"], ["render", "-"], ["quiz", "-"], ["play"],
                                  ["-", "--game", "tree"], ["quiz", "--example", "near-endgame"]])
def test_a_closed_standard_input_is_one_line(args, tmp_path: Path) -> None:
    done = trace_process(*args, closed=0, cwd=tmp_path)
    assert done.returncode == 1, done.stderr
    assert done.stderr.decode().splitlines() == ["trace: error: cannot read standard input: it is closed"]
    assert list(tmp_path.iterdir()) == []


def fake_dot(folder: Path, stdout: bytes, stderr: bytes, status: int = 0) -> None:
    """A program named dot that prints these bytes: not Graphviz, or a broken one."""
    folder.mkdir()
    program = folder / "dot"
    program.write_text(textwrap.dedent(f"""\
        #!{sys.executable}
        import sys
        sys.stdin.buffer.read()
        sys.stdout.buffer.write({stdout!r})
        sys.stderr.buffer.write({stderr!r})
        sys.exit({status})
    """))
    program.chmod(0o755)


@pytest.mark.parametrize("stdout, stderr, status", [
    (b"<svg>\xff\xfe latin-1 \xe9</svg>", b"", 0),
    (b"<svg/>", b"Warning: \xff\xfe not utf-8 \x1b[31m\n", 0),
    (b"", b"Error: \xe9\xff\n", 1),
])
def test_a_layout_program_that_prints_non_utf8_is_one_line(tmp_path: Path, stdout, stderr, status) -> None:
    fake_dot(tmp_path / "bin", stdout, stderr, status)
    work = tmp_path / "work"
    work.mkdir()
    done = trace_process("--example", "near-endgame", "-q", cwd=work,
                         env={"PATH": str(tmp_path / "bin"), "TRACER_ENGINE": "dot"})
    lines = done.stderr.decode("utf-8").splitlines()
    assert b"Traceback" not in done.stderr
    if status == 0 and stdout == b"<svg/>":  # a warning, passed on; the picture is written
        assert done.returncode == 0 and len(lines) == 1 and "not utf-8" in lines[0]
        assert "\x1b" not in lines[0]
        return
    assert done.returncode == 1 and len(lines) == 1 and lines[0].startswith("trace: error: Graphviz (dot)")
    assert list(work.iterdir()) == []


# -- the first minute: trace alone, a misspelt command, -V ----------------------------------

def test_trace_alone_shows_the_short_usage_and_the_examples(cli, tmp_path: Path) -> None:
    result = cli()
    assert result.exit_code == 0 and result.stderr == ""
    text = result.stdout
    assert text.startswith("Usage: trace BOARD [OPTIONS]\n   or: trace COMMAND [ARGS]...\n")
    assert "Examples:" in text and "trace --example near-endgame" in text
    assert "trace --help lists every option" in " ".join(text.split())
    assert "error" not in text and "\\n" not in text
    assert "--max-nodes" not in text and len(text.splitlines()) < 30  # short, not the whole help
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("typed, meant", [("plya", "play"), ("rendr", "render"), ("qiuz", "quiz"),
                                          ("compaer", "compare")])
def test_a_misspelt_command_is_named(cli, typed: str, meant: str) -> None:
    result = cli(typed)
    assert result.exit_code == 2
    assert result.stderr == f"trace: error: {typed}: no such file or command; did you mean trace {meant}?\n"


def test_a_file_named_like_a_command_is_still_a_board(cli, tmp_path: Path) -> None:
    (tmp_path / "plya").write_text("X . O\nX . X\nO O .\n")
    assert cli("plya", "-q", "--no-tree").exit_code == 0


@pytest.mark.parametrize("args", [["-V"], ["--version"], ["run", "-V"], ["board.txt", "-V"]])
def test_the_version_is_one_line(cli, args) -> None:
    from tracer import __version__

    result = cli(*args)
    assert (result.exit_code, result.output) == (0, f"trace, version {__version__}\n")


def test_an_unknown_option_names_trace_board_as_typed(cli) -> None:
    result = cli("board.txt", "--bogus")
    assert result.exit_code == 2
    assert result.stderr.splitlines()[0] == "Usage: trace BOARD [OPTIONS]"


# -- help that works when copied -----------------------------------------------------------

def test_the_quiz_help_example_works_when_copied(cli, tmp_path: Path) -> None:
    from test_docs_commands import run_line

    help_text = cli("quiz", "--help").stdout
    (example,) = [line.strip() for line in help_text.splitlines() if line.strip().startswith("printf")]
    assert example == "printf -- '-1\\n1\\n-1\\n4\\n' | trace quiz --example near-endgame"
    status, out = run_line(example, tmp_path)
    assert status == 0 and out.rstrip().endswith("4 of 4 right.")


def test_the_play_help_example_works_when_copied(cli, tmp_path: Path) -> None:
    from test_docs_commands import run_line

    help_text = cli("play", "--help").stdout
    (example,) = [line.strip() for line in help_text.splitlines() if line.strip().startswith("printf")]
    status, out = run_line(example, tmp_path)
    assert status == 0 and "Your move (O), cell 0-8: 4" in out and "Move 1: you (O) play cell 4" in out


def test_max_nodes_says_its_real_default(cli, tmp_path: Path) -> None:
    help_text = " ".join(cli("--help").stdout.split())
    assert "--max-nodes N Most boards to draw, at most 2000 (default: 100," in help_text
    # 100 boards are drawn whole; one more and the tree is drawn to a depth, unless
    # --max-nodes allows it.
    (tmp_path / "t99.txt").write_text("[" + ", ".join(["1"] * 99) + "]")
    (tmp_path / "t100.txt").write_text("[" + ", ".join(["1"] * 100) + "]")
    assert "(100 of 100 calls drawn)" in cli("t99.txt", "-o", "t99.svg").stderr
    assert "(1 of 101 calls drawn, to depth 0" in cli("t100.txt", "-o", "t100.svg").stderr
    assert "(101 of 101 calls drawn)" in cli("t100.txt", "-o", "t.svg", "--max-nodes", "101").stderr


def test_each_example_is_described_in_one_whole_sentence(cli) -> None:
    from tracer import examples

    listing = cli("--example").stdout.splitlines()
    described = dict(line.split(None, 1) for line in listing[: len(examples.names())])
    assert sorted(described) == sorted(examples.names())
    for name, sentence in described.items():
        comment = []
        for line in examples.read(name).splitlines():
            if not line.startswith("#") or not line.strip("# "):
                break
            comment.append(line.strip("# "))
        assert sentence[0].isupper() and sentence.endswith("."), (name, sentence)
        assert not re.search(r"\. [A-Z]", sentence), (name, sentence)  # one sentence
        assert " ".join(" ".join(comment).split()).startswith(sentence), (name, sentence)


# -- the Python API a notebook learner types -----------------------------------------------

GUIDE_ARRAY = ["X", 1, "O", "X", 4, "X", "O", "O", 8]


@pytest.mark.parametrize("game", [
    tracer.Board("X.OX.XOO."), "X.OX.XOO.", "X.O/X.X/OO.", GUIDE_ARRAY, tuple(GUIDE_ARRAY),
    '["X", 1, "O", "X", 4, "X", "O", "O", 8]',
], ids=["Board", "text", "rows", "list", "tuple", "array text"])
def test_search_takes_a_board_in_any_form(game) -> None:
    trace = tracer.search(game)
    # The guide's answer to its own board: X plays cell 4 and wins, in 9 calls.
    assert (trace.calls, trace.result.index, trace.result.score) == (9, 4, 1)
    assert tracer.search(game, "alphabeta").calls == 8  # the guide's call 8 is pruned


def test_record_and_board_take_the_guides_array_as_a_list() -> None:
    assert tracer.Board(GUIDE_ARRAY) == tracer.Board("X.OX.XOO.")
    assert tracer.record(GUIDE_ARRAY).result == tracer.Result(4, 1)
    # The empty board as the guide stores it: every cell's own index.
    assert tracer.Board(list(range(9))) == tracer.Board.empty()


@pytest.mark.parametrize("tree", [[[3, 12, 8], [2, 4, 6], [14, 5, 2]], ((3, 12, 8), (2, 4, 6), (14, 5, 2)),
                                  "[[3, 12, 8], [2, 4, 6], [14, 5, 2]]"])
def test_a_plain_nested_list_is_a_tree(tree) -> None:
    # Russell & Norvig's figure 5.2 without labels: MAX takes the first child, worth 3.
    for game in (tracer.tree(tree), tree):
        trace = tracer.search(game)
        assert (trace.result.index, trace.result.score, trace.calls) == (1, 3, 13)
    assert tracer.search(tracer.tree(tree), "alphabeta").calls == 11  # C.2 and C.3 pruned
    assert tracer.tree([[1, 2], 3], root="min").label(1) == "1"


def test_scores_by_name() -> None:
    assert tracer.record("X.OX.XOO.", scores="ten").result == tracer.Result(4, 10)
    assert tracer.record("X.OX.XOO.", scores="-25,25,0").result == tracer.Result(4, 25)
    assert tracer.record("X.OX.XOO.", scores=(-5, 5, 0)).result == tracer.Result(4, 5)
    assert tracer.record("X.OX.XOO.", scores=tracer.TENS).result == tracer.Result(4, 10)


def deep_list(levels: int) -> list:
    tree: list = [1]
    for _ in range(levels - 1):
        tree = [tree]
    return tree


@pytest.mark.parametrize("call, error, words", [
    (lambda: tracer.search("X.OX.XOO.", "expectimax"), ValueError,
     "algorithm: expected a search: one of minimax, alphabeta, memo, negamax, found 'expectimax'"),
    (lambda: tracer.search("X.OX.XOO.", "alphabeta", cutof="gt"), TypeError, "unknown setting 'cutof'"),
    (lambda: tracer.search("X.OX.XOO.", "alphabeta", cutoff="x"), ValueError, "expected cutoff 'ge' or 'gt'"),
    (lambda: tracer.search(5), TypeError, "expects a game (tracer.tree(...)"),
    (lambda: tracer.search({"A": [1]}), TypeError, "or as nested lists of integers"),
    (lambda: tracer.search(None), TypeError, "found NoneType"),
    (lambda: tracer.record("X.OX.XOO.", scores="tenn"), ValueError, "scores: expected 'tutorial', 'ten'"),
    (lambda: tracer.record("X.OX.XOO.", scores=10), TypeError, "expected scores as a Scores"),
    (lambda: tracer.record([1.5] * 9), TypeError, "the guide's array: nine items"),
    (lambda: tracer.record(["X", 1, "O"]), ValueError, "expected 9 items in the array, found 3"),
    (lambda: tracer.Board(["X", None] * 4 + ["O"]), TypeError, "found None"),
    (lambda: tracer.tree({"A": [1]}), TypeError, "or nested lists of integers"),
    (lambda: tracer.tree([[3, "12"]]), TypeError, "each leaf an integer), found '12'"),
    (lambda: tracer.tree([[3, 1.5]]), TypeError, "found 1.5"),
    (lambda: tracer.tree([]), ValueError, "a list needs at least one child"),
    (lambda: tracer.tree(deep_list(101)), ValueError, "at most 100 levels deep"),
], ids=["unknown algorithm", "unknown setting", "bad cutoff", "an int", "a dict", "None",
        "unknown scores", "scores as an int", "floats", "3 items", "None in a Board", "tree of a dict",
        "a string leaf", "a float leaf", "an empty tree", "too deep"])
def test_a_wrong_argument_says_what_to_pass(call, error, words: str) -> None:
    with pytest.raises(error) as caught:
        call()
    assert not isinstance(caught.value, AttributeError | KeyError)
    assert words in str(caught.value)


def test_a_list_that_holds_itself_is_refused() -> None:
    loop: list = []
    loop.append(loop)
    with pytest.raises(ValueError, match="at most 100 levels deep"):
        tracer.tree(loop)


def test_help_and_dir_list_every_public_name() -> None:
    import pydoc

    names = set(tracer.__all__)
    assert names <= set(dir(tracer))
    assert {"tree", "figures", "test_play_figure", "overview_figure", "GameTree", "search",
            "TicTacToe"} <= names
    doc = tracer.__doc__ or ""
    assert [name for name in sorted(names) if not re.search(rf"``{name}\b", doc)] == []
    text = pydoc.render_doc(tracer, renderer=pydoc.plaintext)
    shown = set(re.findall(r"^    (?:class )?(\w+)(?:\(| = )", text, re.M)) | {"search", "check"}  # packages
    assert sorted(names - shown) == []
    assert "search(game, algorithm=\"minimax\", **settings) -> Trace" in (tracer.search.__doc__ or "")


def test_dir_leaves_the_lazy_names_unloaded() -> None:
    code = ("import sys, tracer; names = dir(tracer); "
            "print('graphviz' in sys.modules, 'figures' in names, 'tree' in names)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.stdout.split() == ["False", "True", "True"], done.stderr


# -- drawing without Graphviz ---------------------------------------------------------------

@pytest.mark.parametrize("args, written", [
    (["compare", "--example", "slow-win", "--html", "cmp.html"], "cmp.html"),
    (["--example", "aima-5.2", "--algorithm", "alphabeta", "-q", "--figures", "figs"], "figs/overview.svg"),
])
def test_drawings_need_no_graphviz(tmp_path: Path, args, written: str) -> None:
    # A PATH with nothing on it: no dot; the engine pip installed is found all the same.
    done = trace_process(*args, cwd=tmp_path, env={"PATH": str(tmp_path / "nothing"), "TRACER_ENGINE": "auto"})
    assert done.returncode == 0, done.stderr.decode()
    assert b"Traceback" not in done.stderr
    assert "<svg" in (tmp_path / written).read_text(encoding="utf-8")


def test_a_notebooks_diagrams_need_no_graphviz(tmp_path: Path) -> None:
    code = ("import tracer; from tracer.renderers.tree import game_tree; t = tracer.record('X.OX.XOO.'); "
            "print(len(game_tree(t)._repr_mimebundle_()['image/svg+xml']) > 1000, "
            "'<svg' in tracer.test_play_figure(t, 2).graph._repr_mimebundle_()['image/svg+xml'])")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60,
                          env={**os.environ, "PATH": str(tmp_path / "nothing")})
    assert done.stdout.split() == ["True", "True"], done.stderr
