"""Fail-hard alpha-beta under a loop that keeps a move on >= : a cut test-play's alpha ties and wins."""

import math

board = ["X", "X", " ", " ", "O", " ", " ", " ", "O"]

LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


def has_line(b, m):
    return any(b[p] == m and b[q] == m and b[r] == m for p, q, r in LINES)


def minimax(b, alpha, beta, maximizing):
    if has_line(b, "O"):
        return -1
    if has_line(b, "X"):
        return 1
    if " " not in b:
        return 0
    for i in range(9):
        if b[i] != " ":
            continue
        b[i] = "X" if maximizing else "O"
        score = minimax(b, alpha, beta, not maximizing)
        b[i] = " "
        if maximizing:
            if score >= beta:
                return beta
            alpha = max(alpha, score)
        else:
            if score <= alpha:
                return alpha
            beta = min(beta, score)
    return alpha if maximizing else beta


def best_move(b):
    alpha, move = -math.inf, None
    for i in range(9):
        if b[i] == " ":
            b[i] = "X"
            score = minimax(b, alpha, math.inf, False)
            b[i] = " "
            if score >= alpha:
                alpha, move = score, i
    return move


print(best_move(board))
