"""The course project, another way: minimax hands its board to max_value or min_value, which
return (value, action) pairs; the cells are tried from the last to the first."""

X, O, EMPTY = "X", "O", None


def player(board):
    filled = sum(cell is not EMPTY for row in board for cell in row)
    return X if filled % 2 == 0 else O


def actions(board):
    return [(i, j) for i in (2, 1, 0) for j in (2, 1, 0) if board[i][j] is EMPTY]


def result(board, action):
    copy = [row[:] for row in board]
    copy[action[0]][action[1]] = player(board)
    return copy


def winner(board):
    lines = [board[0], board[1], board[2], [r[0] for r in board], [r[1] for r in board], [r[2] for r in board],
             [board[0][0], board[1][1], board[2][2]], [board[0][2], board[1][1], board[2][0]]]
    for line in lines:
        if line[0] is not EMPTY and line.count(line[0]) == 3:
            return line[0]
    return None


def terminal(board):
    return winner(board) is not None or not actions(board)


def utility(board):
    w = winner(board)
    return 1 if w == X else -1 if w == O else 0


def max_value(board):
    if terminal(board):
        return utility(board), None
    best = (-2, None)
    for action in actions(board):
        value, _ = min_value(result(board, action))
        if value > best[0]:
            best = (value, action)
    return best


def min_value(board):
    if terminal(board):
        return utility(board), None
    best = (2, None)
    for action in actions(board):
        value, _ = max_value(result(board, action))
        if value < best[0]:
            best = (value, action)
    return best


def minimax(board):
    if terminal(board):
        return None
    return (max_value(board) if player(board) == X else min_value(board))[1]


if __name__ == "__main__":
    print(minimax([[X, EMPTY, O], [X, EMPTY, X], [O, O, EMPTY]]))
