"""The course project's shape: X, O and EMPTY, boards of three rows, player(board) decides
the mark, minimax(board) returns an action and max_value/min_value recurse into each other.
It has no main code: the game's window (another file) would call minimax."""

import copy
import math

X = "X"
O = "O"
EMPTY = None


def initial_state():
    return [[EMPTY, EMPTY, EMPTY], [EMPTY, EMPTY, EMPTY], [EMPTY, EMPTY, EMPTY]]


def player(board):
    xs = sum(row.count(X) for row in board)
    os = sum(row.count(O) for row in board)
    return X if xs <= os else O


def actions(board):
    return [(i, j) for i in range(3) for j in range(3) if board[i][j] is EMPTY]


def result(board, action):
    i, j = action
    if board[i][j] is not EMPTY:
        raise ValueError("not an empty cell")
    new = copy.deepcopy(board)
    new[i][j] = player(board)
    return new


def winner(board):
    lines = [[(r, 0), (r, 1), (r, 2)] for r in range(3)] + [[(0, c), (1, c), (2, c)] for c in range(3)]
    lines += [[(0, 0), (1, 1), (2, 2)], [(0, 2), (1, 1), (2, 0)]]
    for line in lines:
        values = {board[i][j] for i, j in line}
        if len(values) == 1 and EMPTY not in values:
            return values.pop()
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
        best, move = -math.inf, None
        for action in actions(board):
            value = min_value(result(board, action))
            if value > best:
                best, move = value, action
        return move
    best, move = math.inf, None
    for action in actions(board):
        value = max_value(result(board, action))
        if value < best:
            best, move = value, action
    return move
