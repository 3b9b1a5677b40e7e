"""Returns (score, move); a side that finds a winning test-play stops looking."""

board = [" ", " ", " ", "O", "X", " ", " ", " ", " "]

LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


def winner(b):
    for p, q, r in LINES:
        if b[p] != " " and b[p] == b[q] == b[r]:
            return b[p]
    return None


def minimax(b, turn):
    won = winner(b)
    if won:
        return (1 if won == "X" else -1), None
    if " " not in b:
        return 0, None
    best = None
    for i in range(9):
        if b[i] != " ":
            continue
        b[i] = turn
        score, _ = minimax(b, "O" if turn == "X" else "X")
        b[i] = " "
        if best is None or (score > best[0] if turn == "X" else score < best[0]):
            best = (score, i)
        if best[0] == (1 if turn == "X" else -1):
            break
    return best


print(minimax(board, "X")[1])
