"""Reads its board from standard input (a line like X.OX.XOO.), says how it was run, then searches."""

import sys


def winner(board):
    for a, b, c in ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)):
        if board[a] != "." and board[a] == board[b] == board[c]:
            return board[a]
    return None


def minimax(board, mark):
    won = winner(board)
    if won:
        return 1 if won == "X" else -1
    if "." not in board:
        return 0
    scores = []
    for i in range(9):
        if board[i] == ".":
            board[i] = mark
            scores.append(minimax(board, "O" if mark == "X" else "X"))
            board[i] = "."
    return max(scores) if mark == "X" else min(scores)


print("name:", __name__, "argv:", sys.argv)
for n in range(12):
    print("line", n)
line = sys.stdin.readline().strip()
print("value:", minimax(list(line), "X"))
