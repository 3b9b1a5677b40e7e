# Shape (with check.py): CS50 AI's tictactoe.py in its most common form: max_value(board) and
# min_value(board) return a value only, and minimax(board) walks the actions itself, keeping
# the one whose child's value is best for the player to move. Rows of X, O and EMPTY (None).
import math

X = "X"
O = "O"
EMPTY = None


def player(board):
    count = sum(cell is not EMPTY for row in board for cell in row)
    return X if count % 2 == 0 else O


def actions(board):
    return [(i, j) for i in range(3) for j in range(3) if board[i][j] is EMPTY]


def result(board, action):
    i, j = action
    copy = [row[:] for row in board]
    copy[i][j] = player(board)
    return copy


def winner(board):
    lines = [[board[r][c] for c in range(3)] for r in range(3)]
    lines += [[board[r][c] for r in range(3)] for c in range(3)]
    lines += [[board[i][i] for i in range(3)], [board[i][2 - i] for i in range(3)]]
    for line in lines:
        if line[0] is not EMPTY and line.count(line[0]) == 3:
            return line[0]
    return None


def terminal(board):
    return winner(board) is not None or all(cell is not EMPTY for row in board for cell in row)


def utility(board):
    return {X: 1, O: -1}.get(winner(board), 0)


def max_value(board):
    if terminal(board):
        return utility(board)
    v = -math.inf
    for action in actions(board):
        v = max(v, min_value(result(board, action)))
    return v


def min_value(board):
    if terminal(board):
        return utility(board)
    v = math.inf
    for action in actions(board):
        v = min(v, max_value(result(board, action)))
    return v


def minimax(board):
    if terminal(board):
        return None
    if player(board) == X:
        return max(actions(board), key=lambda a: min_value(result(board, a)))
    return min(actions(board), key=lambda a: max_value(result(board, a)))
