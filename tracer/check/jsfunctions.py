"""Where a JavaScript program defines its functions, found from its tokens.

The shapes learners write: ``function minimax(…) {…}``, ``const minimax = (…) => …``,
``const minimax = function (…) {…}``, ``miniMax = (…) => …`` (an assignment, maybe to an
undeclared name), methods of a class (``minimax(…) {…}``, ``static``, a field
``minimax = (…) => …``) and of an object literal (``minimax(…) {…}``, ``minimax: function``).
Each definition keeps its parameters' names, its body's token span and the definition
it is nested in.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .jstokens import Token

#: A ``{`` in these places opens an object literal, not a block.
_OBJECT_AFTER_PUNCT = frozenset(
    (
        "=", "(", ",", ":", "[", "?", "!", "~", "&&", "||", "??", "+", "-", "*", "/", "%", "<", ">", "<=",
        ">=", "==", "===", "!=", "!==", "+=", "-=", "=>", "...", "&&=", "||=", "??="
    )
)
_OBJECT_AFTER_WORDS = frozenset(
    (
        "return", "typeof", "case", "in", "of", "yield", "await", "new", "void", "delete", "throw"
    )
)


@dataclass
class JsFunction:
    """One named function definition in a JavaScript program."""

    #: The name it is called by (the binding, the property or the method's name).
    name: str
    #: ``declaration``, ``binding`` (const/let/var), ``assignment``, ``method``,
    #: ``field`` (a class field), ``object-method`` or ``object-property``.
    kind: str
    #: Token index of the name.
    name_token: int
    #: Token index where a wrapper can be put in front of the definition.
    start_token: int
    #: Its parameters' names (a destructured or defaulted parameter is named by its first word).
    params: list[str]
    #: Token indexes of the body's ``{`` and ``}`` (None for an arrow with an expression body).
    body: tuple[int, int] | None
    #: Token index of the last token of the definition.
    end_token: int
    #: The line the name is on.
    line: int
    #: ``static`` for a static class method.
    static: bool = False
    #: A function expression's own name (``const minimax = function minimax(…)``), as a token index.
    self_name_token: int | None = None
    #: Token index of the ``const``/``let``/``var`` keyword of a binding.
    keyword_token: int | None = None
    #: Index (in the list ``find_functions`` returns) of the definition this one is inside.
    parent: int | None = None
    #: Indexes of the function definitions directly inside this one's body.
    children: list[int] = field(default_factory=list)


def match_brackets(tokens: list[Token]) -> dict[int, int]:
    """``{open: close, close: open}`` for every ``(``/``)``, ``[``/``]`` and ``{``/``}`` pair."""
    pairs: dict[int, int] = {}
    stack: list[int] = []
    closers = {")": "(", "]": "[", "}": "{"}
    for i, tok in enumerate(tokens):
        if tok.kind != "punct":
            continue
        if tok.text in "([{":
            stack.append(i)
        elif tok.text in closers and stack and tokens[stack[-1]].text == closers[tok.text]:
            j = stack.pop()
            pairs[i], pairs[j] = j, i
    return pairs


class _Finder:
    def __init__(self, tokens: list[Token]):
        self.t = tokens
        self.pairs = match_brackets(tokens)
        self.kinds = self._brace_kinds()
        self.found: list[JsFunction] = []

    def text(self, i: int) -> str:
        return self.t[i].text if 0 <= i < len(self.t) else ""

    def is_(self, i: int, text: str) -> bool:
        return 0 <= i < len(self.t) and self.t[i].text == text and self.t[i].kind in ("id", "punct")

    def _brace_kinds(self) -> dict[int, str]:
        """``{index of '{': kind}``: ``class``, ``object``, ``function`` or ``block``."""
        t, kinds = self.t, {}
        stack: list[str] = []
        for i, tok in enumerate(t):
            if tok.kind != "punct":
                continue
            if tok.text == "{":
                kinds[i] = self._brace_kind(i, stack[-1] if stack else "block")
                stack.append(kinds[i])
            elif tok.text == "}" and stack:
                stack.pop()
        return kinds

    def _brace_kind(self, i: int, enclosing: str) -> str:
        prev = self.t[i - 1] if i else None
        if prev is None:
            return "block"
        if prev.kind == "punct" and prev.text == ")":
            opener = self.pairs.get(i - 1)
            if opener is not None and self._is_function_params(opener):
                return "function"
            return "block"
        if prev.kind == "punct" and prev.text == "=>":
            return "function"
        if self._class_head_before(i):
            return "class"
        if prev.kind == "punct" and prev.text == ":" and enclosing != "object":
            return "block"
        if prev.kind == "punct" and prev.text in _OBJECT_AFTER_PUNCT:
            return "object"
        if prev.kind == "id" and prev.text in _OBJECT_AFTER_WORDS:
            return "object"
        return "block"

    def _is_function_params(self, opener: int) -> bool:
        """Whether the ``(`` at ``opener`` opens a function's parameters (not ``if (…)``)."""
        before = self.text(opener - 1)
        if before in ("if", "for", "while", "switch", "catch", "with"):
            return False
        if before == "function" or self.text(opener - 2) == "function":
            return True
        if self.text(opener - 2) == "*" and self.text(opener - 3) == "function":
            return True
        # A method: NAME(…) { inside a class or an object literal.
        return self.t[opener - 1].kind == "id" if opener else False

    def _class_head_before(self, i: int) -> bool:
        """Whether the ``{`` at ``i`` ends ``class NAME [extends …]``."""
        j = i - 1
        while j >= 0:
            tok = self.t[j]
            if tok.kind == "id" and tok.text == "class":
                return True
            if tok.kind == "punct" and tok.text in (")", "]"):
                j = self.pairs.get(j, j) - 1
                continue
            if tok.kind == "punct" and tok.text in (";", "{", "}", "=>"):
                return False
            if i - j > 40:
                return False
            j -= 1
        return False

    # ---- function expressions ------------------------------------------------------------

    def function_expression(self, k: int) -> tuple[int, list[str], tuple[int, int] | None, int] | None:
        """A function expression starting at token ``k``: ``(start, params, body, end)``.

        ``function [name](…) {…}``, ``async …``, ``(…) => …``, ``x => …``.
        """
        if self.is_(k, "async") and k + 1 < len(self.t) and not self.t[k + 1].newline_before:
            inner = self.function_expression(k + 1)
            return (k, *inner[1:]) if inner else None
        if self.is_(k, "function"):
            j = k + 1
            if self.is_(j, "*"):
                j += 1
            if j < len(self.t) and self.t[j].kind == "id" and self.is_(j + 1, "("):
                j += 1
            if not self.is_(j, "("):
                return None
            close = self.pairs.get(j)
            if close is None or not self.is_(close + 1, "{"):
                return None
            body = (close + 1, self.pairs.get(close + 1, len(self.t) - 1))
            return k, self.params(j, close), body, body[1]
        if self.is_(k, "("):
            close = self.pairs.get(k)
            if close is None or not self.is_(close + 1, "=>"):
                return None
            return (k, self.params(k, close), *self.arrow_body(close + 2))
        if k < len(self.t) and self.t[k].kind == "id" and self.is_(k + 1, "=>"):
            return (k, [self.t[k].text], *self.arrow_body(k + 2))
        return None

    def arrow_body(self, k: int) -> tuple[tuple[int, int] | None, int]:
        """An arrow function's body from token ``k``: ``({…} span or None, last token)``."""
        if self.is_(k, "{") and k in self.pairs:
            return (k, self.pairs[k]), self.pairs[k]
        j = k
        while j < len(self.t):
            tok = self.t[j]
            if tok.kind == "punct":
                if tok.text in "([{" and j in self.pairs:
                    j = self.pairs[j] + 1
                    continue
                if tok.text in (",", ";", ")", "]", "}"):
                    return None, j - 1
            j += 1
        return None, len(self.t) - 1

    def params(self, open_: int, close: int) -> list[str]:
        """The parameter names between the parentheses at ``open_`` and ``close``."""
        names, depth, expecting = [], 0, True
        for j in range(open_ + 1, close):
            tok = self.t[j]
            if tok.kind == "punct" and tok.text in "([{":
                if expecting and depth == 0:
                    names.append("")  # a destructured parameter
                    expecting = False
                depth += 1
            elif tok.kind == "punct" and tok.text in ")]}":
                depth -= 1
            elif depth == 0 and tok.kind == "punct" and tok.text == ",":
                expecting = True
            elif depth == 0 and expecting and tok.kind == "id":
                names.append(tok.text)
                expecting = False
        return names

    # ---- definitions ----------------------------------------------------------------------

    def statement_start(self, i: int) -> bool:
        """Whether token ``i`` can start a statement (after ``;``, a brace, a line break)."""
        if i == 0:
            return True
        prev = self.t[i - 1]
        if prev.kind == "punct" and prev.text in (";", "{", "}"):
            return True
        return self.t[i].newline_before and not (prev.kind == "punct" and prev.text in (".", "?."))

    def run(self) -> list[JsFunction]:
        stack: list[tuple[int, str]] = []  # open braces: (index, kind)
        t = self.t
        for i, tok in enumerate(t):
            if tok.kind == "punct" and tok.text == "{":
                stack.append((i, self.kinds.get(i, "block")))
                continue
            if tok.kind == "punct" and tok.text == "}":
                if stack:
                    stack.pop()
                continue
            if tok.kind != "id":
                continue
            where = stack[-1][1] if stack else "block"
            if where == "class":
                self.class_member(i)
            elif where == "object":
                self.object_member(i)
            else:
                self.statement_member(i)
        return self.link()

    def add(self, fn: JsFunction) -> None:
        if all(f.name_token != fn.name_token for f in self.found):
            self.found.append(fn)

    def statement_member(self, i: int) -> None:
        t = self.t
        tok = t[i]
        if tok.text == "function" and not self.is_(i - 1, ".") and self.declaration_position(i):
            j = i + 1 + (1 if self.is_(i + 1, "*") else 0)
            if j < len(t) and t[j].kind == "id" and self.is_(j + 1, "("):
                expr = self.function_expression(i)
                if expr:
                    start = i - 1 if self.is_(i - 1, "async") else i
                    if self.is_(start - 1, "default"):
                        start -= 1
                    if self.is_(start - 1, "export"):
                        start -= 1
                    self.add(JsFunction(t[j].text, "declaration", j, start, expr[1], expr[2], expr[3],
                                        t[j].line))
        elif tok.text in ("const", "let", "var") and i + 2 < len(t) and t[i + 1].kind == "id" \
                and self.is_(i + 2, "="):
            self.bound(i + 1, "binding", i + 3, keyword=i)
        elif self.statement_start(i) and self.is_(i + 1, "=") and tok.text not in _KEYWORDS:
            self.bound(i, "assignment", i + 2)

    def declaration_position(self, i: int) -> bool:
        j = i - 1
        if self.is_(j, "async"):
            j -= 1
        while self.is_(j, "export") or self.is_(j, "default"):
            j -= 1
        return self.statement_start(j + 1)

    def bound(self, name: int, kind: str, value: int, keyword: int | None = None) -> None:
        expr = self.function_expression(value)
        if expr is None:
            return
        self_name = None
        k = expr[0] + (1 if self.is_(expr[0], "async") else 0)
        if self.is_(k, "function"):
            k += 1 + (1 if self.is_(k + 1, "*") else 0)
            if self.t[k].kind == "id":
                self_name = k
        start = keyword if keyword is not None else name
        if self.is_(start - 1, "export"):
            start -= 1
        self.add(JsFunction(self.t[name].text, kind, name, start, expr[1], expr[2], expr[3],
                            self.t[name].line, self_name_token=self_name, keyword_token=keyword))

    def class_member(self, i: int) -> None:
        t = self.t
        if not self.member_start(i):
            return
        static = False
        j = i
        if self.is_(j, "static") and not self.is_(j + 1, "(") and not self.is_(j + 1, "="):
            static, j = True, j + 1
        if self.is_(j, "async") and not self.is_(j + 1, "("):
            j += 1
        if self.is_(j, "*"):
            j += 1
        if j >= len(t) or t[j].kind != "id" or t[j].text in ("get", "set", "constructor") \
                and not self.is_(j + 1, "("):
            return
        if t[j].text == "constructor":
            return
        if self.is_(j + 1, "(") and (j + 1) in self.pairs and self.is_(self.pairs[j + 1] + 1, "{"):
            close = self.pairs[j + 1]
            body = (close + 1, self.pairs.get(close + 1, len(t) - 1))
            self.add(JsFunction(t[j].text, "method", j, i, self.params(j + 1, close), body, body[1],
                                t[j].line, static=static))
        elif self.is_(j + 1, "="):
            expr = self.function_expression(j + 2)
            if expr:
                self.add(JsFunction(t[j].text, "field", j, i, expr[1], expr[2], expr[3], t[j].line,
                                    static=static))

    def member_start(self, i: int) -> bool:
        """Whether token ``i`` begins a class member (after ``{``, ``}``, ``;`` or a line break)."""
        prev = self.t[i - 1] if i else None
        return prev is None or (prev.kind == "punct" and prev.text in ("{", "}", ";")) \
            or self.t[i].newline_before

    def object_member(self, i: int) -> None:
        t = self.t
        prev = t[i - 1] if i else None
        if prev is None or not (prev.kind == "punct" and prev.text in ("{", ",")):
            return
        j = i
        if self.is_(j, "async") and not self.is_(j + 1, "(") and not self.is_(j + 1, ":"):
            j += 1
        if self.is_(j, "*"):
            j += 1
        if j >= len(t) or t[j].kind != "id" or t[j].text in ("get", "set") and not self.is_(j + 1, "("):
            return
        if self.is_(j + 1, "(") and (j + 1) in self.pairs and self.is_(self.pairs[j + 1] + 1, "{"):
            close = self.pairs[j + 1]
            body = (close + 1, self.pairs.get(close + 1, len(t) - 1))
            self.add(JsFunction(t[j].text, "object-method", j, i, self.params(j + 1, close), body,
                                body[1], t[j].line))
        elif self.is_(j + 1, ":"):
            expr = self.function_expression(j + 2)
            if expr:
                self.add(JsFunction(t[j].text, "object-property", j, i, expr[1], expr[2], expr[3],
                                    t[j].line))

    def link(self) -> list[JsFunction]:
        """Set each definition's parent: the innermost one whose body holds its name."""
        found = sorted(self.found, key=lambda f: f.name_token)
        for index, fn in enumerate(found):
            best = None
            for other_index, other in enumerate(found):
                if other.body and other.body[0] < fn.name_token < other.body[1] and (
                        best is None or other.body[0] > found[best].body[0]):  # type: ignore[index]
                    best = other_index
            fn.parent = best
            if best is not None:
                found[best].children.append(index)
        return found


_KEYWORDS = frozenset(
    (
        "break", "case", "catch", "class", "const", "continue", "debugger", "default", "delete", "do",
        "else", "export", "extends", "finally", "for", "function", "if", "import", "in", "instanceof",
        "let", "new", "return", "super", "switch", "this", "throw", "try", "typeof", "var", "void", "while",
        "with", "yield", "await", "async", "static", "get", "set", "of"
    )
)


def find_functions(tokens: list[Token]) -> list[JsFunction]:
    """Every named function definition in ``tokens``, in source order, nesting linked."""
    return _Finder(tokens).run()
