"""Crashes inside its search: the scores list is indexed by cell instead of by position."""

board = ["X", None, "O", "X", None, "X", "O", "O", None]


def won(b, m):
    return any(b[i] == b[j] == b[k] == m for i, j, k in
               [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)])


def minimax(b, mark):
    if won(b, "O"):
        return -1
    if won(b, "X"):
        return 1
    free = [i for i in range(9) if b[i] is None]
    if not free:
        return 0
    scores = []
    for cell in free:
        b[cell] = mark
        scores.append(minimax(b, "O" if mark == "X" else "X"))
        b[cell] = None
    best = max(scores) if mark == "X" else min(scores)
    return scores[free[scores.index(best)]]


print(minimax(board, "X"))
