# Shape: minimax on an immutable board (a string of nine), its scores cached with
# functools.lru_cache; the AI is O and the human X, "." an empty cell.
from functools import lru_cache

LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


def winner(board):
    for a, b, c in LINES:
        if board[a] != "." and board[a] == board[b] == board[c]:
            return board[a]
    return None


@lru_cache(maxsize=None)
def minimax(board, turn):
    w = winner(board)
    if w:
        return 1 if w == "O" else -1
    if "." not in board:
        return 0
    nxt = "X" if turn == "O" else "O"
    values = [minimax(board[:i] + turn + board[i + 1:], nxt) for i in range(9) if board[i] == "."]
    return max(values) if turn == "O" else min(values)


def choose(board):
    free = [i for i in range(9) if board[i] == "."]
    return max(free, key=lambda i: minimax(board[:i] + "O" + board[i + 1:], "X"))


print(choose("X.O.X...."))
