# Shape: alpha-beta on a Board object (rows of None / "X" / "O") with update_board(pos, mark)
# and get_empty(); alphabeta(depth, board, play, ai_turn, alpha, beta) returns a triple
# ((row, col), score, depth) and, of equal scores, keeps the one found at the smallest depth.
# The AI is O; its scores are ±10 from its side. Fail-hard cuts at best >= beta, best <= alpha.
from math import inf


class Board:
    def __init__(self, rows):
        self.rows = [list(r) for r in rows]

    def get_empty(self):
        return [(r, c) for r in range(3) for c in range(3) if self.rows[r][c] is None]

    def update_board(self, pos, mark):
        self.rows[pos[0]][pos[1]] = mark

    def winner(self):
        b = self.rows
        lines = [b[r] for r in range(3)] + [[b[r][c] for r in range(3)] for c in range(3)]
        lines += [[b[i][i] for i in range(3)], [b[i][2 - i] for i in range(3)]]
        for line in lines:
            if line[0] is not None and line.count(line[0]) == 3:
                return line[0]
        return None


def evaluate(board):
    won = board.winner()
    return 0 if won is None else 10 if won == "O" else -10


def alphabeta(depth, board, play, ai_turn, alpha, beta):
    if board.winner() is not None or not board.get_empty():
        return ((-1, -1), evaluate(board), depth)
    following = "X" if play == "O" else "O"
    best = ((-1, -1), -inf if ai_turn else inf, depth)
    for pos in board.get_empty():
        board.update_board(pos, play)
        got = alphabeta(depth + 1, board, following, not ai_turn, alpha, beta)
        board.update_board(pos, None)
        got = (pos, got[1], got[2])
        if ai_turn:
            if got[1] > best[1] or (got[1] == best[1] and got[2] < best[2]):
                best = got
            if best[1] >= beta:
                break
            alpha = max(alpha, best[1])
        else:
            if got[1] < best[1] or (got[1] == best[1] and got[2] < best[2]):
                best = got
            if best[1] <= alpha:
                break
            beta = min(beta, best[1])
    return best


board = Board([["X", None, None], [None, "O", None], [None, None, "X"]])
print(alphabeta(0, board, "O", True, -inf, inf))
