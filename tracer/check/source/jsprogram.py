"""The files of a JavaScript program: one file, scripts loaded before it (``--with``), a page's
scripts (``index.html``), or ES modules that import each other.

A page's classic scripts share one global scope, so they run in order as classic scripts in
one context. A module (``.mjs``, a ``package.json`` with ``"type": "module"``, or a ``.js`` file
written with ``import``/``export``, which node runs as a module) runs as one, from a copy of
its folder in which each of the learner's modules is instrumented, so the imports between
them resolve as they do in the original. Every file is instrumented with one function table.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import stat
import subprocess
import tempfile
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path

from tree_sitter import Node

from ...errors import InputError
from ...opening import open_for_reading
from .jsinstrument import Instrumented, instrument_all
from .jssource import JsSource, JsSyntaxError, parse, walk

PAGE_SUFFIXES = (".html", ".htm")

#: Libraries the host stands in for (hosts/host.js), by how a page's ``<script src>`` names their
#: file: ``…/npm/p5@1.9.0/lib/p5.min.js``, ``…/libs/p5.js/1.9.0/p5.js``, ``libraries/p5.sound.min.js``.
LIBRARIES = {"p5": re.compile(r"(?:^|[/@])p5(?:\.[\w-]+)*(?:[@/]|$)")}


@dataclass
class Script:
    """One file of the program, read and instrumented."""

    path: str  # as the user would write it
    file: str  # absolute
    module: bool  # run as an ES module (else as a classic script)
    text: str  # for an inline script, the page with everything else blanked
    instrumented: str = ""
    commonjs: bool = False  # loaded by node's own loader (the program's file and the files it requires)
    # An inline ``<script type="module">``: the name of the module file it runs as, beside the
    # copy of the page (its lines are the page's).
    runs_as: str = ""

    @property
    def key(self) -> str:
        """What tells this script from the page's others."""
        return os.path.join(os.path.dirname(self.file), self.runs_as) if self.runs_as else self.file


def read_bytes(path: str, asked_by: str = "", what: str = "a script file", most: int = -1) -> bytes:
    """A file's bytes (at most ``most``); InputError (exit status 2) naming it if it cannot be read."""
    why = f" (given by {asked_by})" if asked_by else ""
    try:
        with open_for_reading(path) as f:
            if not stat.S_ISREG(os.fstat(f.fileno()).st_mode):  # node and Python read it again, by name
                raise InputError(f"expected {what}{why}, found a FIFO, a device or a folder", path)
            return f.read(most)
    except OSError as exc:
        raise InputError(f"cannot read the file{why}: {exc.strerror}", path) from None


def utf8_text(data: bytes, path: str) -> str:
    """A file's bytes as UTF-8 text; InputError naming the line of the first byte that is not."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise InputError("expected UTF-8 text, found undecodable bytes", path,
                         data[: exc.start].count(b"\n") + 1) from None


def read_text(path: str, asked_by: str = "") -> str:
    """A file's text; InputError (exit status 2) naming it if it cannot be read."""
    return utf8_text(read_bytes(path, asked_by), path)


def package_type(file: str) -> tuple[str | None, str | None]:
    """The ``"type"`` the nearest ``package.json`` above ``file`` declares, and that file's path."""
    folder = Path(file).parent
    for place in (folder, *folder.parents):
        package = place / "package.json"
        if package.is_file():
            try:
                found = json.loads(package.read_text(encoding="utf-8"))
            except (OSError, ValueError):
                return None, str(package)
            kind = found.get("type") if isinstance(found, dict) else None
            return (kind if kind in ("module", "commonjs") else None), str(package)
    return None, None


def runs_as_module(file: str, text: str) -> bool:
    """Whether node runs ``file`` as an ES module: ``.mjs``, a package that says ``"type": "module"``,
    or (a ``.js`` file whose package declares no type) ``import``/``export`` statements."""
    suffix = Path(file).suffix.lower()
    if suffix in (".mjs", ".cjs"):
        return suffix == ".mjs"
    kind, _ = package_type(file)
    if kind is not None:
        return kind == "module"
    return module_statement(text) is not None


def module_statement(text: str) -> int | None:
    """The line of the first top-level ``import``/``export`` statement, if any."""
    if "import" not in text and "export" not in text:
        return None  # most scripts: no need to parse them for this
    try:
        root = parse(text).tree.root_node
    except JsSyntaxError:
        return None
    return next((node.start_point.row + 1 for node in root.named_children
                 if node.type in ("import_statement", "export_statement")), None)


def refuse_module_syntax(script: Script, why: str) -> None:
    """InputError if a file run as a classic script or CommonJS uses ``import``/``export``:
    node (or the browser) stops there, before anything runs."""
    line = module_statement(script.text)
    if line is not None:
        raise InputError(f"Cannot use import statement outside a module: {why}", script.path, line)


def not_module_reason(file: str) -> str:
    """Why node runs ``file`` as CommonJS though it has ``import``/``export``."""
    if file.lower().endswith(".cjs"):
        return "a .cjs file is CommonJS (name it .mjs to make it a module)"
    _, package = package_type(file)
    return f'{package} says "type": "commonjs" (make it "module", or name the file .mjs)'


#: What a bundler (webpack, Vite) tries for ``import … from './helpers'``; node itself wants the suffix.
_RESOLVED = ("", ".js", ".mjs", "/index.js", "/index.mjs")


def resolve(spec: str, file: str) -> str | None:
    """The learner's own file a relative import names, as a bundler finds it; None if not theirs."""
    if not spec.startswith((".", "/")):
        return None  # a package (node_modules) or a built-in
    base = os.path.normpath(os.path.join(os.path.dirname(file), spec))
    return next((base + tail for tail in _RESOLVED if os.path.isfile(base + tail)
                 and (base + tail).lower().endswith((".js", ".mjs", ".cjs"))), None)


def _import_sources(parsed: JsSource) -> list[tuple[Node, str]]:
    """The source strings of ``import``/``export … from`` statements, with their text."""
    found = []
    for node in walk(parsed.tree.root_node):
        source = node.child_by_field_name("source") if node.type in ("import_statement", "export_statement") \
            else None
        if source is not None and source.type == "string" and source.text:
            found.append((source, source.text.decode("utf-8")[1:-1]))
    return found


def _learners_files(specs: list[str], file: str) -> list[str]:
    """The learner's own files the specs ``file`` names resolve to, each once, in order."""
    return list(dict.fromkeys(t for spec in specs if (t := resolve(spec, file)) is not None))


def required_files(parsed: JsSource, file: str) -> list[str]:
    """The learner's own files ``file`` loads with ``require('./x')``, in order."""
    specs = []
    for node in walk(parsed.tree.root_node):
        fn = node.child_by_field_name("function") if node.type == "call_expression" else None
        arguments = node.child_by_field_name("arguments")
        if fn is None or fn.text != b"require" or arguments is None or len(arguments.named_children) != 1:
            continue
        spec = arguments.named_children[0]
        if spec.type == "string" and spec.text:
            specs.append(spec.text.decode("utf-8")[1:-1])
    return _learners_files(specs, file)


def _parsed_file(file: str, entry: Script) -> JsSource:
    """One of the program's files parsed (``entry``'s own text for its file); InputError naming it."""
    try:
        return parse(entry.text if file == entry.file else read_text(file))
    except JsSyntaxError as exc:
        raise InputError(f"invalid JavaScript: {exc}", shown(file, entry), exc.line) from None


def commonjs_files(entry: Script) -> list[str]:
    """``entry`` and every file of the learner's it requires, directly or not (each once)."""
    order = [entry.file]
    for file in order:
        order.extend(f for f in required_files(_parsed_file(file, entry), file) if f not in order)
    return order


def with_suffixes(text: str, file: str) -> str:
    """``text`` with each relative import that names a file without its suffix (``./helpers``, as a
    bundler allows) naming it whole (``./helpers.js``), on the same line, so node finds it."""
    parsed = parse(text)
    data = parsed.data
    for source, spec in reversed(_import_sources(parsed)):
        target = resolve(spec, file)
        if target is None or os.path.normpath(os.path.join(os.path.dirname(file), spec)) == target:
            continue
        whole = spec + target[len(os.path.normpath(os.path.join(os.path.dirname(file), spec))):]
        data = data[:source.start_byte + 1] + whole.encode("utf-8") + data[source.end_byte - 1:]
    return data.decode("utf-8")


def shown(file: str, beside: Script) -> str:
    """``file`` as the user would write it: relative to a script they named, as they named it."""
    relative = os.path.relpath(file, os.path.dirname(beside.file))
    return os.path.normpath(os.path.join(os.path.dirname(beside.path), relative))


def module_files(entry: Script) -> list[str]:
    """``entry`` and every file it imports, directly or not (each once, dependencies first)."""
    order: list[str] = []
    seen: set[str] = set()

    def visit(file: str) -> None:
        seen.add(file)
        imported = [spec for _, spec in _import_sources(_parsed_file(file, entry))]
        for target in _learners_files(imported, file):
            if target not in seen:
                visit(target)
        order.append(file)

    visit(entry.file)
    return order


class _PageScripts(HTMLParser):
    """The ``<script>`` elements of a page, in order: ``(src, module?, inline text offset, text)``."""

    def __init__(self, text: str):
        super().__init__(convert_charrefs=False)
        self.lines = [0]  # where each line starts, lines counted at "\n" as the parser counts them
        for line in text.split("\n"):
            self.lines.append(self.lines[-1] + len(line) + 1)
        self.found: list[tuple[str | None, bool, int, str]] = []
        self._open: tuple[str | None, bool] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag != "script":
            return
        values = dict(attrs)
        kind = (values.get("type") or "").strip().lower()
        if kind not in ("", "module", "text/javascript", "application/javascript"):
            return  # a template, JSON data, a JSX source: not run by the page as it is
        src = values.get("src")
        if src is not None:
            self.found.append((src, kind == "module", 0, ""))
        else:
            self._open = (None, kind == "module")

    def handle_endtag(self, tag: str) -> None:
        if tag == "script":
            self._open = None

    def handle_data(self, data: str) -> None:
        if self._open is not None and data.strip():
            line, column = self.getpos()
            self.found.append((None, self._open[1], self.lines[line - 1] + column, data))


def page_scripts(path: str) -> tuple[list[Script], list[str]]:
    """A page's own scripts, in order: each ``<script src>`` of a local file and each inline
    script (kept on its lines of the page); scripts from other sites (a library's CDN) are
    not the learner's and are left out. Then the libraries the host stands in for, in order."""
    text = read_text(path)
    reader = _PageScripts(text)
    reader.feed(text)
    reader.close()
    folder = os.path.dirname(path)
    scripts: list[Script] = []
    libraries: list[str] = []
    for src, module, offset, inline in reader.found:
        library = library_of(src) if src is not None else None
        if library is not None:
            libraries.append(library)
            continue
        if src is None:
            blank = "".join(c if c == "\n" else " " for c in text[:offset])
            runs_as = f"{os.path.basename(path)}.module-{len(scripts) + 1}.mjs" if module else ""
            scripts.append(Script(path, os.path.abspath(path), module, blank + inline, runs_as=runs_as))
            continue
        if "//" in src or src.startswith(("http:", "https:", "data:")):
            continue
        local = os.path.join(folder, src.split("?")[0].split("#")[0].lstrip("/"))
        scripts.append(Script(local, os.path.abspath(local), module, read_text(local, f"the page {path}")))
    return scripts, list(dict.fromkeys(libraries))


def library_of(src: str) -> str | None:
    """The library a ``<script src>`` loads, if the host stands in for it (see LIBRARIES)."""
    address = src.split("?")[0].split("#")[0]
    return next((name for name, pattern in LIBRARIES.items() if pattern.search(address)), None)


def instrument_scripts(scripts: list[Script], wanted: list[str] | None) -> list[Instrumented]:
    """Instrument every script with one table; InputError naming the file and line of a syntax
    error, as node names it (the grammar may lag behind node: then node's word goes)."""
    tolerated: set[int] = set()
    while True:
        try:
            done = instrument_all([s.text for s in scripts], wanted, frozenset(tolerated))
            break
        except JsSyntaxError as exc:
            script = scripts[exc.index]
            found = node_syntax_error(script)
            if found is None:
                tolerated.add(exc.index)
                continue
            line, message = found if found[1] else (exc.line, str(exc))
            raise InputError(f"invalid JavaScript: {message}", script.path, line) from None
    for script, result in zip(scripts, done, strict=True):
        refuse_jsx(result.parsed, script.path)
        script.instrumented = result.source
    return done


def node_syntax_error(script: Script) -> tuple[int | None, str] | None:
    """As node_syntax_check, for a script's text (``(None, "")`` if node is not there to ask)."""
    node = shutil.which("node")
    if node is None:
        return None, ""
    with tempfile.TemporaryDirectory(prefix="tracer-syntax-") as folder:
        copy = os.path.join(folder, "script.mjs" if script.module else "script.cjs")
        Path(copy).write_text(script.text, encoding="utf-8")
        return node_syntax_check(node, copy)


def node_syntax_check(node: str, path: str) -> tuple[int | None, str] | None:
    """``(line, message)`` of the syntax error ``node --check`` finds at ``path``; None if none."""
    result = subprocess.run([node, "--check", path], capture_output=True, text=True, timeout=60)
    if result.returncode == 0:
        return None
    lines = result.stderr.splitlines()
    head = lines[0] if lines else ""
    line = int(head.rsplit(":", 1)[1]) if head.startswith(path + ":") and head.rsplit(":", 1)[1].isdigit() else None
    message = next((text for text in lines if text.startswith("SyntaxError:")), "SyntaxError")
    return line, message.removeprefix("SyntaxError:").strip() or "a syntax error"


def refuse_jsx(parsed: JsSource, path: str) -> None:
    """InputError at the first JSX element (``<App />``): a build step turns it into JavaScript,
    node cannot run it as it is."""
    if b"/>" not in parsed.data and b"</" not in parsed.data:
        return  # every JSX element closes with one of these
    for node in walk(parsed.tree.root_node):
        if node.type in ("jsx_element", "jsx_self_closing_element"):
            raise InputError("JSX (a <tag> in JavaScript) needs a build step before node can run it: check "
                             "the file that holds the search, if it has no JSX (its imports are followed)",
                             path, node.start_point.row + 1)
