"""Numbers for everything: 1 is X, -1 is O, 0 an empty cell; the player is 1 or -1."""

import math

board = [1, 0, -1, 1, 0, 1, -1, -1, 0]


def winner(b):
    for line in ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)):
        total = sum(b[i] for i in line)
        if abs(total) == 3:
            return total // 3
    return 0


def minimax(b, player):
    w = winner(b)
    if w != 0:
        return w
    if 0 not in b:
        return 0
    best = -math.inf if player == 1 else math.inf
    for i in range(9):
        if b[i] == 0:
            b[i] = player
            value = minimax(b, -player)
            b[i] = 0
            best = max(best, value) if player == 1 else min(best, value)
    return best


print(minimax(board, 1))
