"""The course project's game logic, in a module of its own: rows of X, O and EMPTY; minimax(board)
returns the best action (row, column) for whoever is to move, X moving first."""

X = "X"
O = "O"
EMPTY = None


def initial_state():
    return [[EMPTY] * 3 for _ in range(3)]


def player(board):
    marks = [cell for row in board for cell in row if cell is not EMPTY]
    return X if marks.count(X) == marks.count(O) else O


def actions(board):
    return [(r, c) for r in range(3) for c in range(3) if board[r][c] is EMPTY]


def result(board, action):
    r, c = action
    after = [row[:] for row in board]
    after[r][c] = player(board)
    return after


def winner(board):
    lines = [[(r, 0), (r, 1), (r, 2)] for r in range(3)] + [[(0, c), (1, c), (2, c)] for c in range(3)]
    lines += [[(0, 0), (1, 1), (2, 2)], [(0, 2), (1, 1), (2, 0)]]
    for line in lines:
        first = board[line[0][0]][line[0][1]]
        if first is not EMPTY and all(board[r][c] == first for r, c in line):
            return first
    return None


def terminal(board):
    return winner(board) is not None or not actions(board)


def utility(board):
    return {X: 1, O: -1}.get(winner(board), 0)


def minimax(board):
    if terminal(board):
        return None
    moves = actions(board)
    if player(board) == X:
        return max(moves, key=lambda a: min_value(result(board, a)))
    return min(moves, key=lambda a: max_value(result(board, a)))


def max_value(board):
    if terminal(board):
        return utility(board)
    return max(min_value(result(board, a)) for a in actions(board))


def min_value(board):
    if terminal(board):
        return utility(board)
    return min(max_value(result(board, a)) for a in actions(board))
