"""An empty-cells helper whose range stops one short: cell 8 is never listed."""

board = ["X", "O", "X", " ", "O", " ", " ", " ", " "]

LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


def empty_cells(b):
    return [i for i in range(8) if b[i] == " "]


def won(b, m):
    return any(b[p] == m and b[q] == m and b[r] == m for p, q, r in LINES)


def minimax(b, mark):
    if won(b, "O"):
        return {"score": -1}
    if won(b, "X"):
        return {"score": 1}
    cells = empty_cells(b)
    if not cells:
        return {"score": 0}
    plays = []
    for i in cells:
        b[i] = mark
        plays.append({"index": i, "score": minimax(b, "O" if mark == "X" else "X")["score"]})
        b[i] = " "
    pick = max if mark == "X" else min
    return pick(plays, key=lambda p: p["score"])


print(minimax(board, "X")["index"])
