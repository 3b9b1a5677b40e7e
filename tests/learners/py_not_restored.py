"""Forgets to take the test-play back: each cell is checked as the loop reaches it."""

board = ["X", " ", "O", "X", " ", "X", "O", "O", " "]


def winner(b):
    for a, c, d in [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]:
        if b[a] != " " and b[a] == b[c] == b[d]:
            return b[a]
    return None


def minimax(b, mark):
    w = winner(b)
    if w == "O":
        return {"score": -1}
    if w == "X":
        return {"score": 1}
    if " " not in b:
        return {"score": 0}
    plays = []
    for i in range(9):
        if b[i] == " ":
            b[i] = mark
            plays.append({"index": i, "score": minimax(b, "O" if mark == "X" else "X")["score"]})
    if mark == "X":
        return max(plays, key=lambda p: p["score"])
    return min(plays, key=lambda p: p["score"])


print(minimax(board, "X"))
