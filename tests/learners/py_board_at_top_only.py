"""minimax(depth, is_max) takes no board: it plays on the top-level grid."""

grid = ["X", " ", "O", "X", " ", "X", "O", "O", " "]
TRIPLES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))


def line_of(mark):
    return any(grid[a] == grid[b] == grid[c] == mark for a, b, c in TRIPLES)


def minimax(depth, is_max):
    if line_of("X"):
        return 10 - depth
    if line_of("O"):
        return depth - 10
    if " " not in grid:
        return 0
    best = -100 if is_max else 100
    for i in range(9):
        if grid[i] == " ":
            grid[i] = "X" if is_max else "O"
            value = minimax(depth + 1, not is_max)
            grid[i] = " "
            best = max(best, value) if is_max else min(best, value)
    return best
