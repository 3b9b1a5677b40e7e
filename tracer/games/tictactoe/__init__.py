"""Tic-tac-toe, the guide's game: the board, its one win check and its file notations."""

from .kind import KIND as KIND
