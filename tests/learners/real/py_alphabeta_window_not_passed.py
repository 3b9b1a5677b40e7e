# Shape: alpha-beta that never passes its window down: each child is searched with
# (-inf, +inf) while the call narrows alpha and beta for itself only, so no cut ever happens;
# otherwise as the fail-soft version (rows of ' ' / 'X' / 'O', the AI O, 10 - depth).
import math

board = [["X", " ", "O"], ["X", " ", " "], ["O", " ", "X"]]


def line_winner(b):
    lines = [b[r] for r in range(3)] + [[b[r][c] for r in range(3)] for c in range(3)]
    lines += [[b[i][i] for i in range(3)], [b[i][2 - i] for i in range(3)]]
    for line in lines:
        if line[0] != " " and line[0] == line[1] == line[2]:
            return line[0]
    return None


def is_full(b):
    return all(cell != " " for row in b for cell in row)


def minimax(b, depth, is_max, alpha, beta):
    found = line_winner(b)
    if found == "O":
        return 10 - depth
    if found == "X":
        return depth - 10
    if is_full(b):
        return 0
    best = -math.inf if is_max else math.inf
    for i in range(3):
        for j in range(3):
            if b[i][j] != " ":
                continue
            b[i][j] = "O" if is_max else "X"
            value = minimax(b, depth + 1, not is_max, -math.inf, math.inf)
            b[i][j] = " "
            if is_max:
                best = max(best, value)
                alpha = max(alpha, value)
            else:
                best = min(best, value)
                beta = min(beta, value)
            if beta <= alpha:
                return best
    return best


def best_move():
    best, move = -math.inf, None
    for i in range(3):
        for j in range(3):
            if board[i][j] == " ":
                board[i][j] = "O"
                value = minimax(board, 1, False, -math.inf, math.inf)
                board[i][j] = " "
                if value > best:
                    best, move = value, i * 3 + j
    return move


print(best_move())
