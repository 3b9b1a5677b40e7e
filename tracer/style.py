"""The visual language every picture shares: one font and one palette.

Games draw their states and renderers draw the trees around them with these
colours, so the tree, the figures and the page agree.
"""

from __future__ import annotations

FONT = "DejaVu Sans"

#: The cell just played (the tutorial's figures 4-5 mark it in red).
PLAYED_FILL = "#d32f2f"
PLAYED_TEXT = "#ffffff"
#: Outcomes for the AI: the tutorial's game shows a win in green and a draw in grey.
#: A textbook tree's leaf is neither: a plain value.
OUTCOME_FILL = {"win": "#c8e6c9", "loss": "#ffd8b0", "draw": "#e0e0e0", "leaf": "#fff8e1"}
OUTCOME_BORDER = {"win": "#2e7d32", "loss": "#e65100", "draw": "#616161", "leaf": "#5d4037"}
INNER_FILL = "#ffffff"
INNER_BORDER = "#757575"
#: The chosen line of play from the root.
CHOSEN = "#1565c0"
#: A test-play that a call picked (step 16) and one it rejected.
PICKED_EDGE = "#212121"
REJECTED_EDGE = "#9e9e9e"
SUMMARY_FILL = "#f3e5f5"
SUMMARY_BORDER = "#6a1b9a"
CELL_TEXT = "#212121"
INDEX_TEXT = "#b0b0b0"
CELL_SIZE = 20
