"""The root's score first, then its moves: the move whose test-play keeps that score is played."""

board = ["X", " ", " ", " ", "O", " ", " ", " ", " "]

LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


def winner(b):
    for p, q, r in LINES:
        if b[p] != " " and b[p] == b[q] == b[r]:
            return b[p]
    return None


def minimax(b, player):
    won = winner(b)
    if won == "X":
        return 1
    if won == "O":
        return -1
    if " " not in b:
        return 0
    scores = []
    for i in range(9):
        if b[i] == " ":
            b[i] = player
            scores.append(minimax(b, "O" if player == "X" else "X"))
            b[i] = " "
    return max(scores) if player == "X" else min(scores)


def choose(b, player):
    target = minimax(b, player)
    for i in range(9):
        if b[i] == " ":
            b[i] = player
            if minimax(b, "O" if player == "X" else "X") == target:
                b[i] = " "
                return i
            b[i] = " "
    return None


print(choose(board, "X"))
