"""A diagram that shows itself in Jupyter through tracer's engine chooser, never by running dot itself."""

from __future__ import annotations

from typing import Any

import graphviz


class Diagram(graphviz.Digraph):
    """A ``graphviz.Digraph`` whose notebook picture is laid out by ``tracer.outputs.layout``:
    Graphviz's ``dot`` when it is installed, else the engine pip installed with tracer.

    graphviz's own display runs ``dot`` and fails on a machine without Graphviz; this
    one draws wherever tracer does. Its DOT text (``source``) is graphviz's, unchanged.
    It offers SVG and PNG, which both engines draw (not graphviz's JPEG).
    """

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None, **_: Any) -> dict[str, Any]:
        wanted = set(include) if include is not None else {"image/svg+xml"}
        wanted -= set(exclude or ())
        shown = {"image/svg+xml": self._repr_image_svg_xml, "image/png": self._repr_image_png}
        return {mime: draw() for mime, draw in shown.items() if mime in wanted}

    def _repr_image_svg_xml(self) -> str:
        from .files import pipe

        return pipe(self, "svg").decode("utf-8")

    def _repr_image_png(self) -> bytes:
        from .files import pipe

        return pipe(self, "png")
