"""Negamax: one function for both sides, scores from the side to move, (score, move) returned."""

BOARD = list("XX.O.O...")
LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))


def other(mark):
    return "O" if mark == "X" else "X"


def negamax(board, mark):
    for a, b, c in LINES:
        if board[a] != "." and board[a] == board[b] == board[c]:
            return (1 if board[a] == mark else -1), None
    if "." not in board:
        return 0, None
    best_score, best_move = -2, None
    for cell in range(9):
        if board[cell] == ".":
            board[cell] = mark
            score = -negamax(board, other(mark))[0]
            board[cell] = "."
            if score > best_score:
                best_score, best_move = score, cell
    return best_score, best_move


print(negamax(BOARD, "X"))
