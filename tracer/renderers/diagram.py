"""A diagram that shows itself in Jupyter through tracer's engine chooser, never by running dot itself."""

from __future__ import annotations

from typing import Any

import graphviz

from ..hooks import ask


class Diagram(graphviz.Digraph):
    """A ``graphviz.Digraph`` whose notebook picture (SVG, which both engines draw) is laid out by
    ``tracer.outputs.layout``, asked through ``tracer.hooks``: graphviz's own display runs ``dot``
    and fails on a machine without Graphviz; this one draws wherever tracer does."""

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None, **_: Any) -> dict[str, Any]:
        wanted = set(include) if include is not None else {"image/svg+xml"}
        wanted -= set(exclude or ())
        return {"image/svg+xml": self._repr_image_svg_xml()} if "image/svg+xml" in wanted else {}

    def _repr_image_svg_xml(self) -> str:
        return str(ask("lay_out", self))

    def _repr_image_png(self) -> bytes:
        raise NotImplementedError("a Diagram shows itself as SVG (tracer.outputs.files.pipe writes PNG)")

    def _repr_image_jpeg(self) -> bytes:
        raise NotImplementedError("a Diagram shows itself as SVG (tracer.outputs.files.pipe writes PNG)")
