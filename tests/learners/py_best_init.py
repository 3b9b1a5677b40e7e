"""Right on the guide's board, wrong elsewhere: the best score starts at 0, not at -inf/+inf,
so a call whose test-plays all lose (for the side to move) returns 0 instead."""

EMPTY = "-"
LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


def won(board, mark):
    return any(all(board[i] == mark for i in line) for line in LINES)


def minimax(board, mark):
    if won(board, "O"):
        return -1
    if won(board, "X"):
        return 1
    if EMPTY not in board:
        return 0
    best = 0
    for i in range(9):
        if board[i] == EMPTY:
            board[i] = mark
            score = minimax(board, "O" if mark == "X" else "X")
            board[i] = EMPTY
            if mark == "X" and score > best or mark == "O" and score < best:
                best = score
    return best


print(minimax(list("X-OX-XOO-"), "X"))
