"""The first call (depth 0) returns the chosen cell, the calls below it a score (±1, 0)."""

cells = ["X", "_", "O", "X", "_", "X", "O", "O", "_"]
LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


def winner(b):
    for a, c, d in LINES:
        if b[a] != "_" and b[a] == b[c] == b[d]:
            return b[a]
    return None


def minimax(b, depth, x_to_move):
    w = winner(b)
    if w is not None:
        return 1 if w == "X" else -1
    if "_" not in b:
        return 0
    best_value, best_cell = None, None
    for i in range(9):
        if b[i] == "_":
            b[i] = "X" if x_to_move else "O"
            v = minimax(b, depth + 1, not x_to_move)
            b[i] = "_"
            if best_value is None or (v > best_value if x_to_move else v < best_value):
                best_value, best_cell = v, i
    return best_cell if depth == 0 else best_value


print("computer plays", minimax(cells, 0, True))
