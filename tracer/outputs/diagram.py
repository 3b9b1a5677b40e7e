"""A diagram that shows itself in Jupyter through tracer's engine chooser, never by running dot itself."""

from __future__ import annotations

from typing import Any

import graphviz

#: What a notebook may ask a diagram for; both engines draw these (not graphviz's JPEG).
SHOWN = {"image/svg+xml": "svg", "image/png": "png"}


class Diagram(graphviz.Digraph):
    """A ``graphviz.Digraph`` whose notebook picture is laid out by ``tracer.outputs.layout``:
    Graphviz's ``dot`` when it is installed, else the engine pip installed with tracer.

    graphviz's own display runs ``dot`` and fails on a machine without Graphviz; this
    one draws wherever tracer does. Its DOT text (``source``) is graphviz's, unchanged.
    """

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None, **_: Any) -> dict[str, Any]:
        wanted = set(include) if include is not None else {"image/svg+xml"}
        wanted -= set(exclude or ())
        return {mime: self._laid_out(fmt) for mime, fmt in SHOWN.items() if mime in wanted}

    def _repr_image_svg_xml(self) -> str:
        return str(self._laid_out("svg"))

    def _repr_image_png(self) -> bytes:
        return bytes(self._laid_out("png"))

    def _laid_out(self, fmt: str) -> str | bytes:
        from .files import pipe

        data = pipe(self, fmt)
        return data.decode("utf-8") if fmt == "svg" else data
