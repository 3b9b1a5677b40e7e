"""Alpha-beta in the common CS-course shape: a number returned, fail-soft, the AI's loop at the top."""

import math

board = ["X", "O", " ", " ", "X", " ", " ", " ", "O"]

AI, HUMAN = "X", "O"
LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


def wins(b, mark):
    return any(b[p] == b[q] == b[r] == mark for p, q, r in LINES)


def minimax(b, depth, alpha, beta, is_maximizing):
    if wins(b, HUMAN):
        return -1
    if wins(b, AI):
        return 1
    if " " not in b:
        return 0
    if is_maximizing:
        best = -math.inf
        for i in range(9):
            if b[i] == " ":
                b[i] = AI
                best = max(best, minimax(b, depth + 1, alpha, beta, False))
                b[i] = " "
                alpha = max(alpha, best)
                if beta <= alpha:
                    break
        return best
    best = math.inf
    for i in range(9):
        if b[i] == " ":
            b[i] = HUMAN
            best = min(best, minimax(b, depth + 1, alpha, beta, True))
            b[i] = " "
            beta = min(beta, best)
            if beta <= alpha:
                break
    return best


def best_move(b):
    best_score, move = -math.inf, None
    for i in range(9):
        if b[i] == " ":
            b[i] = AI
            score = minimax(b, 0, -math.inf, math.inf, False)
            b[i] = " "
            if score > best_score:
                best_score, move = score, i
    return move


print(best_move(board))
