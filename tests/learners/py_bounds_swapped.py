"""Alpha-beta with the bounds' owners mixed up: the maximiser lowers beta, the minimiser raises alpha."""

import math

board = [" ", " ", " ", " ", "X", " ", " ", " ", "O"]

LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


def score_of(b):
    for p, q, r in LINES:
        if b[p] != " " and b[p] == b[q] == b[r]:
            return 1 if b[p] == "X" else -1
    return None


def minimax(b, depth, alpha, beta, maximizing):
    result = score_of(b)
    if result is not None:
        return result
    if " " not in b:
        return 0
    best = -math.inf if maximizing else math.inf
    for i in range(9):
        if b[i] == " ":
            b[i] = "X" if maximizing else "O"
            value = minimax(b, depth + 1, alpha, beta, not maximizing)
            b[i] = " "
            if maximizing:
                best = max(best, value)
                beta = min(beta, best)
            else:
                best = min(best, value)
                alpha = max(alpha, best)
            if alpha >= beta:
                break
    return best


def best_move(b):
    best, move = -math.inf, None
    for i in range(9):
        if b[i] == " ":
            b[i] = "X"
            value = minimax(b, 0, -math.inf, math.inf, False)
            b[i] = " "
            if value > best:
                best, move = value, i
    return move


print(best_move(board))
