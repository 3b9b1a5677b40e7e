"""The class's rows and counts, as the terminal table, JSON, CSV and Gradescope's results.json."""

from __future__ import annotations

import csv
import io
import json
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

#: Every verdict a row can have, in the order the counts list them.
VERDICTS = ("identical", "correct", "wrong", "error", "refused")


@dataclass
class Row:
    """One submission: its name, the single check's JSON object, its exit status and time, and
    its pages under ``--report`` (relative to the class page)."""

    name: str
    data: dict[str, Any]
    exit: int
    seconds: float
    pages: dict[str, str] = field(default_factory=dict)

    @property
    def verdict(self) -> str:
        verdict = self.data.get("verdict")
        return verdict if verdict in VERDICTS else "error"

    @property
    def mistake(self) -> str | None:
        return self.data.get("difference") or None

    @property
    def differences(self) -> list[str]:
        """How a correct program differs from the guide (ids, as the single check gives them)."""
        return [_named(d) for d in self.data.get("differences") or []]

    @property
    def named(self) -> str:
        """The table's one-word cause: the mistake, the differences, or the error's kind."""
        if self.mistake:
            return self.mistake
        if self.differences:
            return ", ".join(self.differences)
        error = self.data.get("error") or {}
        kind = str(error.get("kind") or "") if self.verdict in ("error", "refused") else ""
        return "" if kind == self.verdict else kind  # "refused refused" says nothing more

    @property
    def why(self) -> str:
        """An error's or refusal's message, without the file's name the row already shows."""
        message = str((self.data.get("error") or {}).get("message") or "")
        entry = self.data.get("file")
        return message.removeprefix(f"{entry}: ") if entry else message

    @property
    def first_wrong(self) -> str:
        first = self.data.get("first_wrong") or {}
        if not first.get("call"):
            return ""
        return f"#{first['call']}" + (f" {board_rows(str(first['board']))}" if first.get("board") else "")

    @property
    def ok(self) -> bool:
        return self.verdict in ("identical", "correct")

    def as_json(self) -> dict[str, Any]:
        return {"name": self.name, **self.data, "exit": self.exit, "seconds": self.seconds}


def board_rows(cells: str) -> str:
    """A board of nine cells by rows, ``X.O/X.X/OO.``, as the single check's report writes it."""
    return "/".join(cells[i:i + 3] for i in range(0, 9, 3)) if len(cells) == 9 else cells


def _named(difference: Any) -> str:
    return str(difference.get("id") or difference.get("what")) if isinstance(difference, dict) else str(difference)


def stand_in(file: str | None, verdict: str, kind: str, message: str) -> dict[str, Any]:
    """The single check's JSON object for a row it gave none for (refused, or stopped by the class)."""
    return {"format": "tracer-check", "version": 1, "file": file, "verdict": verdict, "difference": None,
            "calls": 0, "guide_calls": 0, "first_wrong": None,
            "error": {"kind": kind, "message": message}}


@dataclass
class ClassRows:
    """Every submission's row, in name order (``result.ClassResult`` adds how they are shown)."""

    rows: list[Row]

    @property
    def ok(self) -> bool:
        return all(row.ok for row in self.rows)

    def counts(self) -> dict[str, Any]:
        """How many rows have each verdict, each named mistake, each difference from the guide."""
        verdicts = Counter(row.verdict for row in self.rows)
        mistakes = Counter(row.mistake for row in self.rows if row.mistake)
        differences = Counter(d for row in self.rows for d in dict.fromkeys(row.differences))
        return {"submissions": len(self.rows), "verdict": {v: verdicts[v] for v in VERDICTS},
                "difference": dict(sorted(mistakes.items(), key=lambda kv: (-kv[1], kv[0]))),
                "differences": dict(sorted(differences.items(), key=lambda kv: (-kv[1], kv[0])))}

    def to_json(self) -> str:
        data = {"submissions": [row.as_json() for row in self.rows], "counts": self.counts()}
        return json.dumps(data, indent=1, ensure_ascii=False) + "\n"

    def to_csv(self) -> str:
        flat = [_flatten(row.as_json()) for row in self.rows]
        first = ["name", "verdict", "difference", "exit", "seconds"]
        keys = {key for row in flat for key in row}
        # A field that is an object in some rows and null in others is its dotted columns alone.
        rest = sorted(k for k in keys - set(first) if not any(other.startswith(k + ".") for other in keys))
        out = io.StringIO()
        writer = csv.DictWriter(out, first + rest, lineterminator="\n", extrasaction="ignore")
        writer.writeheader()
        writer.writerows(flat)
        return out.getvalue()

    def __repr__(self) -> str:
        verdicts = self.counts()["verdict"]
        return "<ClassResult " + ", ".join(f"{n} {v}" for v, n in verdicts.items() if n) + ">"

    def __len__(self) -> int:
        return len(self.rows)

    def __iter__(self) -> Any:
        return iter(self.rows)

    def __getitem__(self, index: int) -> Row:
        return self.rows[index]


def _flatten(data: dict[str, Any], prefix: str = "") -> dict[str, Any]:
    """Nested objects as dotted columns; lists as their JSON text."""
    flat: dict[str, Any] = {}
    for key, value in data.items():
        if isinstance(value, dict):
            flat.update(_flatten(value, f"{prefix}{key}."))
        elif isinstance(value, list | bool):
            flat[prefix + key] = json.dumps(value, ensure_ascii=False)
        else:
            flat[prefix + key] = "" if value is None else value
    return flat
