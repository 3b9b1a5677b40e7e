"""The board is a module global; minimax(player) reads it and plays on it in place."""

board = ["X", " ", " ", " ", "O", " ", " ", " ", " "]
ROWS = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


def three_in_a_row():
    for a, b, c in ROWS:
        if board[a] != " " and board[a] == board[b] == board[c]:
            return board[a]
    return None


def minimax(player):
    owner = three_in_a_row()
    if owner == "O":
        return -1
    if owner == "X":
        return 1
    if " " not in board:
        return 0
    scores = []
    for cell in range(9):
        if board[cell] == " ":
            board[cell] = player
            scores.append(minimax("O" if player == "X" else "X"))
            board[cell] = " "
    return max(scores) if player == "X" else min(scores)


print("value with X to move:", minimax("X"))
