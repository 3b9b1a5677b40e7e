"""Nim: heaps of objects, a move takes some objects from one heap (normal play or misère)."""

from .kind import KIND as KIND
