"""Alpha-beta whose recursive calls start again from the full window: alpha and beta never reach
the test-plays, so nothing is ever cut (right, but as slow as minimax)."""

board = ["X", "O", " ", " ", "X", " ", " ", " ", "O"]

INF = float("inf")
LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


def line(b, m):
    return any(b[p] == b[q] == b[r] == m for p, q, r in LINES)


def minimax(b, mark, alpha, beta):
    if line(b, "O"):
        return -1, None
    if line(b, "X"):
        return 1, None
    if " " not in b:
        return 0, None
    best, move = (-INF, None) if mark == "X" else (INF, None)
    for i in range(9):
        if b[i] != " ":
            continue
        b[i] = mark
        score, _ = minimax(b, "O" if mark == "X" else "X", -INF, INF)
        b[i] = " "
        if mark == "X" and score > best:
            best, move = score, i
            alpha = max(alpha, best)
        elif mark == "O" and score < best:
            best, move = score, i
            beta = min(beta, best)
        if alpha >= beta:
            break
    return best, move


print(minimax(board, "X", -INF, INF)[1])
