"""Finding and wrapping a JavaScript program's search function, in every shape learners write.

The parser (tree-sitter's JavaScript grammar) must not take text in strings, template literals,
comments or regular expressions for code; the wrapper must take every call, the recursive ones included,
and leave the program's lines where they were. Each shape below is a small program whose
``minimax`` counts down from 3: four calls. Under node, with a stand-in recorder that
only counts, the instrumented program must print what the program prints alone, and
the recorder must have seen the four calls.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from tracer.check.source.jsinstrument import instrument_all, is_search_name
from tracer.check.source.jssource import JsSyntaxError, parse

#: name -> a program whose search function ``minimax`` (or as named) recurses from 3 to 0.
SHAPES = {
    "declaration": "function minimax(n) { return n === 0 ? 0 : 1 + minimax(n - 1); }\nconsole.log(minimax(3));",
    "hoisted call": "console.log(minimax(3));\nfunction minimax(n) {\n  return n ? 1 + minimax(n - 1) : 0;\n}",
    "const arrow": "const minimax = (n) => (n === 0 ? 0 : 1 + minimax(n - 1));\nconsole.log(minimax(3));",
    "let arrow, block body": "let minimax = (n) => {\n  if (n === 0) return 0;\n  return 1 + minimax(n - 1);\n};\n"
                             "console.log(minimax(3));",
    "arrow, one bare parameter": "const minimax = n => n && 1 + minimax(n - 1);\nconsole.log(minimax(3));",
    "var function expression": "var minimax = function (n) { return n ? 1 + minimax(n - 1) : 0; };\n"
                               "console.log(minimax(3));",
    "named function expression": "const minimax = function minimax(n) { return n ? 1 + minimax(n - 1) : 0; };\n"
                                 "console.log(minimax(3));",
    "assignment to an undeclared name": "miniMax = (n) => (n ? 1 + miniMax(n - 1) : 0);\nconsole.log(miniMax(3));",
    "declared, then assigned": "let minimax;\nminimax = function (n) { return n ? 1 + minimax(n - 1) : 0; };\n"
                               "console.log(minimax(3));",
    "class method": "class Ai {\n  minimax(n) { return n ? 1 + this.minimax(n - 1) : 0; }\n}\n"
                    "console.log(new Ai().minimax(3));",
    "static method": "class Ai {\n  static minimax(n) { return n ? 1 + Ai.minimax(n - 1) : 0; }\n}\n"
                     "console.log(Ai.minimax(3));",
    "class field": "class Ai {\n  minimax = (n) => (n ? 1 + this.minimax(n - 1) : 0);\n}\n"
                   "console.log(new Ai().minimax(3));",
    "object method": "const ai = {\n  minimax(n) { return n ? 1 + ai.minimax(n - 1) : 0; },\n};\n"
                     "console.log(ai.minimax(3));",
    "object property": "const ai = { depth: 1, minimax: function (n) { return n ? 1 + this.minimax(n - 1) : 0; } };\n"
                       "console.log(ai.minimax(3));",
    "nested in a function": "function play() {\n  function minimax(n) { return n ? 1 + minimax(n - 1) : 0; }\n"
                            "  return minimax(3);\n}\nconsole.log(play());",
    "use strict and a shebang": "#!/usr/bin/env node\n'use strict';\nfunction minimax(n) {\n"
                                "  return n ? 1 + minimax(n - 1) : 0;\n}\nconsole.log(minimax(3));",
    "decoys in strings, comments, templates and regexes":
        "const a = 'function minimax(x) {';\n// function minimax(n) { nope }\n/* const minimax = () => 1 */\n"
        "const t = `minimax(${ {a: 1}.a }) } {`;\nconst r = /function minimax\\(/g;\nconst half = 8 / 2 / 2;\n"
        "function minimax(n) { return n ? 1 + minimax(n - 1) : 0; }\nconsole.log(minimax(3), a.length, t, half);",
}

#: A stand-in for hosts/host.js: counts the calls of function 0 (the search function; a function
#: that calls it is wrapped too) and prints the count to stderr.
COUNTER = ("globalThis.__tracer__ = { calls: 0, h: false, see() {}, c(k, self, args, impl) { "
           "if (k === 0) this.calls++; return impl.apply(self, args); } };\n"
           "process.on('exit', () => process.stderr.write(JSON.stringify(__tracer__.calls)));\n")


@pytest.mark.parametrize("shape", sorted(SHAPES))
def test_the_search_function_is_found(shape: str) -> None:
    done = instrument_all([SHAPES[shape]])[0]
    assert [f.name for f in done.functions if f.role == "search"] in (["minimax"], ["miniMax"])


@pytest.mark.parametrize("shape", sorted(SHAPES))
def test_lines_stay_where_they_were(shape: str) -> None:
    """Text is added to existing lines only: every error still names the learner's line."""
    source = SHAPES[shape]
    done = instrument_all([source])[0]
    names = [f.name for f in done.functions]
    assert done.source.count("\n") == source.count("\n")
    for old, new in zip(source.splitlines(), done.source.splitlines(), strict=True):
        if not any(name in old for name in names):
            assert old in new


@pytest.mark.node
@pytest.mark.parametrize("shape", sorted(SHAPES))
def test_every_call_goes_through_the_wrapper(shape: str, tmp_path: Path) -> None:
    node = shutil.which("node")
    assert node is not None
    source = SHAPES[shape]
    plain = tmp_path / "plain.js"
    plain.write_text(source, encoding="utf-8")
    expected = subprocess.run([node, str(plain)], capture_output=True, text=True, check=True).stdout
    wrapped = tmp_path / "wrapped.js"
    [done] = instrument_all([source])
    head, newline, rest = done.source.partition("\n") if source.startswith("#!") else ("", "", "")
    body = done.source if not head else rest
    wrapped.write_text(head + newline + COUNTER.replace("\n", " ") + body, encoding="utf-8")
    run = subprocess.run([node, str(wrapped)], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    assert run.stdout == expected
    assert json.loads(run.stderr) == 4


#: Each with the line ``node --check`` names for it.
SYNTAX_ERRORS = [("let a = 'oops\nb = 1;", 1), ("x = 1;\nlet y = ;", 2), ("function f() {\n  return (1 + ;\n}", 2),
                 ("const a = [1, 2;\nfoo()", 1), ("/* fine */\n\nif (x { y }", 3)]


@pytest.mark.parametrize(("text", "line"), SYNTAX_ERRORS)
def test_a_syntax_error_names_its_line(text: str, line: int) -> None:
    with pytest.raises(JsSyntaxError) as caught:
        instrument_all([text])
    assert caught.value.line == line and f"line {line}, column " in str(caught.value)


def test_drivers_are_the_functions_that_call_the_search() -> None:
    source = ("function minimax(b, d, m) { return 0; }\nfunction bestMove() { for (;;) { minimax(1, 0, false); "
              "break; } }\nfunction draw() { return 1; }\nconst helper = () => bestMove();")
    done = instrument_all([source])[0]
    assert {f.name: f.role for f in done.functions} == {"minimax": "search", "bestMove": "driver"}


def test_function_names_read_as_a_search() -> None:
    for name in ("minimax", "miniMax", "mini_max", "Minimax", "negamax", "max_value", "minValue", "minimaxScore"):
        assert is_search_name(name)
    for name in ("bestMove", "findBestMove", "maximum", "min", "evaluate"):
        assert not is_search_name(name)


def test_nested_declarations_are_reached_through_their_function() -> None:
    [done] = instrument_all(["function page() {\n  function inner() {\n    function minimax(n) { return n; }\n  }\n}"])
    [search] = [f for f in done.functions if f.role == "search"]
    assert (search.reach, search.path) == ("harvest", ["page", "inner"])
    assert done.source.count("__tracer__.got(") == 2


def test_definitions_know_their_parameters_and_lines() -> None:
    found = parse("\n\nconst minimax = ({board}, [a, b], mark = 'X', ...rest) => 0;").functions
    assert [(f.name, f.params, f.line) for f in found] == [("minimax", ["", "", "mark", "rest"], 3)]
