# Shape: CS50 AI's tictactoe.py, broken: actions() misses the last cell (range(8) over a flat index).
# (a deep copy), terminal(), utility() from X's view; minimax(board) returns the chosen action
# and calls max_value/min_value, which return (value, action) and stop as soon as a test-play
# reaches the best score possible (1 for X, -1 for O). No call of its own at the top level.
import copy

X = "X"
O = "O"
EMPTY = None


def initial_state():
    return [[EMPTY] * 3 for _ in range(3)]


def player(board):
    marks = sum(cell is not EMPTY for row in board for cell in row)
    return X if marks % 2 == 0 else O


def actions(board):
    return {(i // 3, i % 3) for i in range(8) if board[i // 3][i % 3] is EMPTY}


def result(board, action):
    r, c = action
    if board[r][c] is not EMPTY:
        raise ValueError("cell taken")
    after = copy.deepcopy(board)
    after[r][c] = player(board)
    return after


def winner(board):
    lines = [[(r, 0), (r, 1), (r, 2)] for r in range(3)]
    lines += [[(0, c), (1, c), (2, c)] for c in range(3)]
    lines += [[(0, 0), (1, 1), (2, 2)], [(0, 2), (1, 1), (2, 0)]]
    for line in lines:
        first = board[line[0][0]][line[0][1]]
        if first is not EMPTY and all(board[r][c] == first for r, c in line):
            return first
    return None


def terminal(board):
    return winner(board) is not None or not actions(board)


def utility(board):
    found = winner(board)
    return 1 if found == X else -1 if found == O else 0


def max_value(board):
    if terminal(board):
        return utility(board), None
    best, chosen = -2, None
    for action in sorted(actions(board)):
        value, _ = min_value(result(board, action))
        if value > best:
            best, chosen = value, action
            if best == 1:
                break
    return best, chosen


def min_value(board):
    if terminal(board):
        return utility(board), None
    best, chosen = 2, None
    for action in sorted(actions(board)):
        value, _ = max_value(result(board, action))
        if value < best:
            best, chosen = value, action
            if best == -1:
                break
    return best, chosen


def minimax(board):
    if terminal(board):
        return None
    if player(board) == X:
        return max_value(board)[1]
    return min_value(board)[1]
