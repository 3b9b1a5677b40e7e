"""Textbook game trees: abstract MAX/MIN trees with valued leaves, as AI courses draw them."""

from .kind import KIND as KIND
