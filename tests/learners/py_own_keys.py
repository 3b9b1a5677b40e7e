"""Dictionaries with keys of its own: {'worth': w} at a finished board, {'worth': w, 'where': cell} above."""

start = ["X", ".", "O", "X", ".", "X", "O", "O", "."]
ROWS = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


def full_line(b, m):
    return any(b[i] == b[j] == b[k] == m for i, j, k in ROWS)


def minimax(b, m):
    if full_line(b, "O"):
        return {"worth": -1}
    if full_line(b, "X"):
        return {"worth": 1}
    if "." not in b:
        return {"worth": 0}
    chosen = None
    for where in range(9):
        if b[where] != ".":
            continue
        b[where] = m
        worth = minimax(b, "O" if m == "X" else "X")["worth"]
        b[where] = "."
        if chosen is None or (worth > chosen["worth"] if m == "X" else worth < chosen["worth"]):
            chosen = {"worth": worth, "where": where}
    return chosen


print(minimax(start, "X"))
