"""The visual language every picture shares: one font, one palette, one meaning per colour.

Games draw their states and renderers draw the trees around them with these
colours, so the tree, the figures and the page agree. The hues are the
Okabe–Ito set, chosen to stay apart for readers with red-green colour vision
deficiency (tests/test_style.py checks them under protanopia and deuteranopia
simulations); each outcome also carries a second cue that needs no colour: a
symbol before its words.
"""

from __future__ import annotations

FONT = "DejaVu Sans"

# Okabe–Ito hues, by name.
VERMILLION = "#d55e00"
BLUISH_GREEN = "#009e73"
ORANGE = "#e69f00"
BLUE = "#0072b2"
SKY_BLUE = "#56b4e9"
REDDISH_PURPLE = "#cc79a7"

#: The cell the for-loop is testing (the guide's figure 4) and the cell just played
#: (figure 5) are the guide's red. A played cell is filled and holds a mark; a tested
#: cell is still empty, so it keeps its grey index inside a thick red frame. The red is
#: vermillion darkened until its white mark reads at 4.8:1 (WCAG AA for text).
PLAYED_FILL = "#c24f00"
PLAYED_TEXT = "#ffffff"
TESTING_FILL = "#fbe3d3"
TESTING_BORDER = PLAYED_FILL

#: Outcomes for the AI. Fills are light (text stays readable on them), borders strong.
#: A textbook tree's leaf is none of them: a plain value.
OUTCOME_FILL = {"win": "#a6dcc6", "loss": "#f7d58c", "draw": "#eeeeee", "leaf": "#fff8e1"}
OUTCOME_BORDER = {"win": BLUISH_GREEN, "loss": ORANGE, "draw": "#4d4d4d", "leaf": "#5d4037"}
#: Marks of a winning line, drawn in the winner's outcome colour but dark enough to read.
OUTCOME_INK = {"win": "#007857", "loss": "#8f5f00", "draw": "#4d4d4d"}
#: The second cue, for readers who cannot tell the colours apart: a symbol before the words.
OUTCOME_SYMBOL = {"win": "\u25b2", "loss": "\u25bc", "draw": "="}
INNER_FILL = "#ffffff"
INNER_BORDER = "#6b6b6b"

#: Blue means one thing everywhere: the line of play minimax chose from the first call.
CHOSEN = BLUE
CHOSEN_FILL = "#dcecf7"
#: Words written on CHOSEN_FILL in the chosen line's colour: its blue darkened to 5.6:1 there.
CHOSEN_INK = "#005f96"
#: A test-play that a call picked (step 16) but that is off the chosen line, and one it rejected.
PICKED_EDGE = "#212121"
REJECTED_EDGE = "#8c8c8c"
REJECTED_TEXT = "#5c5c5c"
#: A collapsed subtree (summary box) keeps the fill of the outcome its score predicts; its
#: double border says what it is, in a neutral dark grey (a purple would sit beside the
#: violet of MARKED). SUMMARY_FILL is for a score that predicts no outcome (a bound).
SUMMARY_FILL = "#f6e3ee"
SUMMARY_BORDER = "#3a3a3a"
#: A memo cache hit's border: the hit keeps its outcome's fill too. Blue-grey, which neither
#: an outcome nor the chosen line uses.
HIT_BORDER = "#455a64"

CELL_TEXT = "#212121"
#: Empty cells show their index (as the guide's array stores it) in this grey:
#: 5.7:1 against white, lighter than a mark's near-black but readable on a projector.
INDEX_TEXT = "#555555"
#: Board cells in points; marks and index digits sizes.
CELL_SIZE = 24
MARK_POINTS = 14
INDEX_POINTS = 10
#: The smallest type in any picture (notes, captions, edge labels).
SMALL_POINTS = 10
TITLE_POINTS = 12

#: A move a search did not search (alpha-beta's pruned test-plays): grey, dashed, and at
#: 5:1 against white as readable as every other word (the dashes, not a faint ink, say "not searched").
SKIPPED_TEXT = "#6e6e6e"
SKIPPED_BORDER = "#6e6e6e"
#: The mark on a textbook tree's branch that was cut off, and its ink.
CUT_MARK = "✂"
CUT_INK = "#c62828"

#: A mark a search sets on calls (trace check: a learner's first departure from a correct
#: search, and the calls made after it): a frame and a tag in violet, which no outcome, line
#: or box uses, and which stays apart from them all for red-green colour-blind readers too.
MARKED = "#a500f0"
#: Words in the mark's violet (its tag, on a card's fill): darkened to 6:1 on every outcome fill.
MARKED_INK = "#6a00a0"

#: The step-through page's running call (its card's ring, its stack frame, its code line):
#: a reddish purple that no outcome, line or mark uses (amber would also mean "O wins") and
#: that stays apart from them all for colour-blind readers too, at 4:1 on white; for the dark
#: scheme's panels, Okabe–Ito's own reddish purple (4.9:1 or more).
RUNNING = "#b8609a"
RUNNING_ON_DARK = REDDISH_PURPLE

#: Textbook trees tell MAX from MIN by shape (▲, ▼) alone, in the ink every text uses:
#: blue is the chosen line's colour, and pink the running call's.
SHAPE_INK = CELL_TEXT
