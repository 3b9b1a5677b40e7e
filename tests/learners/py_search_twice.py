"""One function, two jobs: asked for a move, it first searches its own board for its score, then
plays the first move whose test-play keeps that score."""

board = ["X", " ", " ", " ", "O", " ", " ", " ", " "]

LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


def won(b, m):
    return any(b[p] == b[q] == b[r] == m for p, q, r in LINES)


def minimax(b, mark, want_move=True):
    if won(b, "O"):
        return {"score": -1}
    if won(b, "X"):
        return {"score": 1}
    free = [i for i in range(9) if b[i] == " "]
    if not free:
        return {"score": 0}
    other = "O" if mark == "X" else "X"
    if want_move:
        target = minimax(b, mark, False)["score"]
        for i in free:
            b[i] = mark
            score = minimax(b, other, False)["score"]
            b[i] = " "
            if score == target:
                return {"index": i, "score": target}
    scores = []
    for i in free:
        b[i] = mark
        scores.append(minimax(b, other, False)["score"])
        b[i] = " "
    return {"score": max(scores) if mark == "X" else min(scores)}


print(minimax(board, "X")["index"])
