"""Checks for a win only after its loop: a won board is still test-played on."""

board = ["X", " ", "O", "X", " ", "X", "O", "O", " "]

LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


def won(b, m):
    return any(b[p] == m and b[q] == m and b[r] == m for p, q, r in LINES)


def minimax(b, mark):
    scores = []
    for i in range(9):
        if b[i] == " ":
            b[i] = mark
            scores.append(minimax(b, "O" if mark == "X" else "X"))
            b[i] = " "
    if won(b, "O"):
        return -1
    if won(b, "X"):
        return 1
    if not scores:
        return 0
    return max(scores) if mark == "X" else min(scores)


print(minimax(board, "X"))
