# Shape: minimax(board, depth, is_max, alpha, beta) that only dispatches: it returns the
# finished board's value, else hands the board to max_value or min_value, which loop over
# rows of ' ' / 'X' / 'O' and call minimax again; alpha-beta fail-soft with 100 - depth.
import math

board = [["X", " ", "O"], ["X", " ", " "], ["O", " ", "X"]]


def value(b):
    lines = [b[r] for r in range(3)] + [[b[r][c] for r in range(3)] for c in range(3)]
    lines += [[b[i][i] for i in range(3)], [b[i][2 - i] for i in range(3)]]
    for line in lines:
        if line[0] != " " and line[0] == line[1] == line[2]:
            return 100 if line[0] == "O" else -100
    if all(cell != " " for row in b for cell in row):
        return 0
    return None


def minimax(b, depth, is_max, alpha, beta):
    result = value(b)
    if result is not None:
        return result - depth if result > 0 else result + depth if result < 0 else 0
    if is_max:
        return max_value(b, depth, alpha, beta)
    return min_value(b, depth, alpha, beta)


def max_value(b, depth, alpha, beta):
    best = -math.inf
    for i in range(3):
        for j in range(3):
            if b[i][j] == " ":
                b[i][j] = "O"
                score = minimax(b, depth + 1, False, alpha, beta)
                b[i][j] = " "
                best = max(best, score)
                if best >= beta:
                    return best
                alpha = max(alpha, best)
    return best


def min_value(b, depth, alpha, beta):
    best = math.inf
    for i in range(3):
        for j in range(3):
            if b[i][j] == " ":
                b[i][j] = "X"
                score = minimax(b, depth + 1, True, alpha, beta)
                b[i][j] = " "
                best = min(best, score)
                if best <= alpha:
                    return best
                beta = min(beta, best)
    return best


def best_move():
    best, move = -math.inf, None
    for i in range(3):
        for j in range(3):
            if board[i][j] == " ":
                board[i][j] = "O"
                score = minimax(board, 1, False, -math.inf, math.inf)
                board[i][j] = " "
                if score > best:
                    best, move = score, i * 3 + j
    return move


print(best_move())
