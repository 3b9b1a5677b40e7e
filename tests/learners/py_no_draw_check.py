"""A port that forgets the full board: on a board with no line and no empty cell it finds no
test-play and returns the best of none. On the guide's board every game ends in a line."""

BOARD = ["X", None, "O", "X", None, "X", "O", "O", None]
LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))


def line_of(board, mark):
    return any(all(board[i] == mark for i in line) for line in LINES)


def minimax(board, mark):
    if line_of(board, "O"):
        return -1
    if line_of(board, "X"):
        return 1
    results = []
    for cell in range(9):
        if board[cell] is None:
            board[cell] = mark
            results.append(minimax(board, "O" if mark == "X" else "X"))
            board[cell] = None
    return max(results) if mark == "X" else min(results)


print(minimax(BOARD, "X"))
