"""The JSON trace format, ``tracer-trace``: written streaming, read back streaming, checked on loading.

``writer`` writes a trace (version 1 when it holds the guide's minimax on the
guide's game exactly, else version 2, which names the game and the search);
``stream`` reads any valid JSON layout in bounded memory; ``loader`` turns the
nodes back into a Trace, checking every field against the trace's game and
search. ``tracer.load`` and ``tracer.save`` are the short way to use them.
"""

from __future__ import annotations

from .loader import load_json, trace_from_dict
from .stream import MAX_BYTES, TraceReader
from .writer import FORMAT, LATEST, VERSION, format_version, render_json, write_json

__all__ = ["FORMAT", "LATEST", "MAX_BYTES", "VERSION", "TraceReader", "format_version", "load_json",
           "render_json", "trace_from_dict", "write_json"]
