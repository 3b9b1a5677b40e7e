"""Boards as strings (immutable): each test-play makes a new string."""


def lines_of(board):
    return [board[0:3], board[3:6], board[6:9], board[0::3], board[1::3], board[2::3], board[0::4], board[2:7:2]]


def minimax(board, turn):
    if "ooo" in lines_of(board):
        return -1
    if "xxx" in lines_of(board):
        return 1
    if " " not in board:
        return 0
    values = []
    for i, cell in enumerate(board):
        if cell == " ":
            values.append(minimax(board[:i] + turn + board[i + 1:], "o" if turn == "x" else "x"))
    return max(values) if turn == "x" else min(values)


print(minimax("x ox xoo ", "x"))
