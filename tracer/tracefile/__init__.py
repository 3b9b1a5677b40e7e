"""The JSON trace format, ``tracer-trace`` (docs/tracefile.md): written and read back streaming
(``writer``, ``stream``), every field checked on loading (``loader``)."""

from __future__ import annotations

from .loader import load_json, trace_from_dict
from .stream import MAX_BYTES, TraceReader
from .writer import FORMAT, LATEST, VERSION, format_version, render_json, write_json

__all__ = ["FORMAT", "LATEST", "MAX_BYTES", "VERSION", "TraceReader", "format_version", "load_json",
           "render_json", "trace_from_dict", "write_json"]
