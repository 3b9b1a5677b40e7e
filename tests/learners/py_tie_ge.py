"""Minimax whose best-move loop uses >= : of equally good moves it keeps the last one."""

board = ["X", " ", " ", " ", "O", " ", " ", " ", " "]

LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


def won(b, m):
    return any(b[p] == m and b[q] == m and b[r] == m for p, q, r in LINES)


def minimax(b, is_max):
    if won(b, "O"):
        return -1
    if won(b, "X"):
        return 1
    if " " not in b:
        return 0
    best = -2 if is_max else 2
    for i in range(9):
        if b[i] == " ":
            b[i] = "X" if is_max else "O"
            score = minimax(b, not is_max)
            b[i] = " "
            if is_max and score >= best:
                best = score
            if not is_max and score <= best:
                best = score
    return best


def best_move(b):
    best, move = -2, None
    for i in range(9):
        if b[i] == " ":
            b[i] = "X"
            score = minimax(b, False)
            b[i] = " "
            if score >= best:
                best, move = score, i
    return move


print(best_move(board))
