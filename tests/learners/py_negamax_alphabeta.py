"""Negamax with alpha-beta: scores from the side to move, the window turned over at each call."""

board = ["X", "O", " ", " ", "X", " ", " ", " ", "O"]
LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


def negamax(b, mark, alpha, beta):
    them = "O" if mark == "X" else "X"
    if any(b[p] == b[q] == b[r] == them for p, q, r in LINES):
        return -1
    if " " not in b:
        return 0
    best = -2
    for i in range(9):
        if b[i] == " ":
            b[i] = mark
            score = -negamax(b, them, -beta, -alpha)
            b[i] = " "
            best = max(best, score)
            alpha = max(alpha, score)
            if alpha >= beta:
                break
    return best


print(negamax(board, "X", -2, 2))
