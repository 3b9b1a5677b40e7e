"""A small JavaScript tokenizer: enough to find where functions are defined, never a parser.

It knows what can hide code-like text (strings, template literals, comments, regular
expression literals) and skips it whole, so ``"function minimax("`` in a string or
``// minimax(`` in a comment is never taken for a definition. Everything else becomes
identifiers, numbers and punctuators with their offsets and line numbers.
"""

from __future__ import annotations

from dataclasses import dataclass

#: Punctuators, longest first, so ``===`` is one token and ``=>`` is not ``=`` then ``>``.
PUNCTUATORS = sorted(
    (
        ">>>=", "...", "===", "!==", "**=", "<<=", ">>=", ">>>", "&&=", "||=", "??=", "=>", "==", "!=",
        "<=", ">=", "&&", "||", "??", "?.", "++", "--", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=",
        "**", "<<", ">>", "{", "}", "(", ")", "[", "]", ";", ",", "<", ">", "+", "-", "*", "/", "%", "&",
        "|", "^", "!", "~", "?", ":", "=", ".", "@", "#"
    ),
    key=len,
    reverse=True,
)

#: After these keywords a ``/`` starts a regular expression, not a division.
REGEX_AFTER_WORDS = frozenset(
    (
        "return", "typeof", "instanceof", "in", "of", "new", "delete", "void", "throw", "case", "do",
        "else", "yield", "await"
    )
)


class JsSyntaxError(ValueError):
    """The text cannot be JavaScript: an unclosed string, comment, template or regex."""

    def __init__(self, message: str, line: int):
        super().__init__(message)
        self.line = line


@dataclass(frozen=True, slots=True)
class Token:
    """One token: ``kind`` is ``id``, ``num``, ``str``, ``template``, ``regex`` or ``punct``."""

    kind: str
    text: str
    start: int
    end: int
    line: int
    #: Whether a line break separates this token from the one before it (for ASI).
    newline_before: bool


def _is_id_start(ch: str) -> bool:
    return ch.isalpha() or ch in "_$" or (ch > "\x7f" and ch.isidentifier())


def _is_id_part(ch: str) -> bool:
    return ch.isalnum() or ch in "_$\u200c\u200d" or (ch > "\x7f" and ("a" + ch).isidentifier())


def tokenize(source: str) -> list[Token]:
    """The tokens of ``source`` (comments dropped); JsSyntaxError if a literal is not closed."""
    return _Lexer(source).run()


class _Lexer:
    def __init__(self, source: str):
        self.src = source
        self.pos = 0
        self.line = 1
        self.tokens: list[Token] = []
        self.newline = True

    def run(self, stop_at_brace: bool = False) -> list[Token]:
        """Lex until the end (or, inside a template's ``${``, until its closing brace)."""
        src, n = self.src, len(self.src)
        depth = 0
        while self.pos < n:
            ch = src[self.pos]
            if ch == "\n":
                self.line += 1
                self.newline = True
                self.pos += 1
            elif ch in " \t\r\f\v\ufeff\u00a0\u2028\u2029":
                self.pos += 1
            elif src.startswith("//", self.pos) or (src.startswith("#!", self.pos) and self.pos == 0):
                end = src.find("\n", self.pos)
                self.pos = n if end < 0 else end
            elif src.startswith("/*", self.pos):
                self._block_comment()
            elif ch in "\"'":
                self._string(ch)
            elif ch == "`":
                self._template()
            elif _is_id_start(ch) or ch == "\\":
                self._word()
            elif ch.isdigit() or (ch == "." and self.pos + 1 < n and src[self.pos + 1].isdigit()):
                self._number()
            elif ch == "/" and self._regex_allowed():
                self._regex()
            else:
                if stop_at_brace and ch == "}" and depth == 0:
                    return self.tokens
                if ch == "{":
                    depth += 1
                elif ch == "}":
                    depth -= 1
                self._punct()
        if stop_at_brace:
            raise JsSyntaxError("a template literal's ${ is not closed", self.line)
        return self.tokens

    def _add(self, kind: str, start: int, line: int) -> None:
        self.tokens.append(Token(kind, self.src[start : self.pos], start, self.pos, line, self.newline))
        self.newline = False

    def _block_comment(self) -> None:
        end = self.src.find("*/", self.pos + 2)
        if end < 0:
            raise JsSyntaxError("a /* comment is not closed", self.line)
        self.line += self.src.count("\n", self.pos, end)
        if "\n" in self.src[self.pos : end]:
            self.newline = True
        self.pos = end + 2

    def _string(self, quote: str) -> None:
        start, line, src = self.pos, self.line, self.src
        self.pos += 1
        while True:
            if self.pos >= len(src) or src[self.pos] == "\n":
                raise JsSyntaxError("a string is not closed on its line", line)
            ch = src[self.pos]
            if ch == "\\":
                if src.startswith("\r\n", self.pos + 1):
                    self.pos += 1
                if self.pos + 1 < len(src) and src[self.pos + 1] == "\n":
                    self.line += 1
                self.pos += 2
            elif ch == quote:
                self.pos += 1
                break
            else:
                self.pos += 1
        self._add("str", start, line)

    def _template(self) -> None:
        start, line, src = self.pos, self.line, self.src
        self.pos += 1
        while True:
            if self.pos >= len(src):
                raise JsSyntaxError("a template literal is not closed", line)
            ch = src[self.pos]
            if ch == "\\":
                if self.pos + 1 < len(src) and src[self.pos + 1] == "\n":
                    self.line += 1
                self.pos += 2
            elif ch == "`":
                self.pos += 1
                break
            elif src.startswith("${", self.pos):
                # The expression inside is code: lex it (and drop its tokens) to find its end.
                inner = _Lexer(src)
                inner.pos, inner.line = self.pos + 2, self.line
                inner.run(stop_at_brace=True)
                self.pos, self.line = inner.pos + 1, inner.line
            else:
                if ch == "\n":
                    self.line += 1
                self.pos += 1
        self._add("template", start, line)

    def _word(self) -> None:
        start, src = self.pos, self.src
        while self.pos < len(src) and (_is_id_part(src[self.pos]) or src[self.pos] == "\\"):
            self.pos += 6 if src[self.pos] == "\\" else 1
        self._add("id", start, self.line)

    def _number(self) -> None:
        start, src = self.pos, self.src
        while self.pos < len(src) and (src[self.pos].isalnum() or src[self.pos] in "._"):
            if src[self.pos] in "eE" and self.pos + 1 < len(src) and src[self.pos + 1] in "+-" \
                    and not src[start:self.pos].lower().startswith("0x"):
                self.pos += 1
            self.pos += 1
        self._add("num", start, self.line)

    def _regex_allowed(self) -> bool:
        if not self.tokens:
            return True
        last = self.tokens[-1]
        if last.kind in ("num", "str", "template", "regex"):
            return False
        if last.kind == "id":
            return last.text in REGEX_AFTER_WORDS
        return last.text not in (")", "]", "++", "--")

    def _regex(self) -> None:
        start, line, src = self.pos, self.line, self.src
        self.pos += 1
        in_class = False
        while True:
            if self.pos >= len(src) or src[self.pos] == "\n":
                raise JsSyntaxError("a regular expression is not closed on its line", line)
            ch = src[self.pos]
            if ch == "\\":
                self.pos += 2
                continue
            if ch == "[":
                in_class = True
            elif ch == "]":
                in_class = False
            elif ch == "/" and not in_class:
                self.pos += 1
                break
            self.pos += 1
        while self.pos < len(src) and _is_id_part(src[self.pos]):
            self.pos += 1
        self._add("regex", start, line)

    def _punct(self) -> None:
        start = self.pos
        for p in PUNCTUATORS:
            if self.src.startswith(p, start):
                self.pos += len(p)
                break
        else:
            self.pos += 1
        self._add("punct", start, self.line)
