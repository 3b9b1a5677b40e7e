# Shape: a TicTacToe class with a board of rows; _pick_move(board, player) tries each empty cell
# on a deep copy of the board (nothing to take back) and asks _score(board, turn, me) for its
# score, which copies again for each test-play. The game's AI plays O.
import copy


class TicTacToe:
    def __init__(self):
        self.board = [["X", " ", " "], [" ", "O", " "], [" ", " ", "X"]]

    def _winner(self, board):
        lines = [row[:] for row in board] + [[board[r][c] for r in range(3)] for c in range(3)]
        lines += [[board[i][i] for i in range(3)], [board[i][2 - i] for i in range(3)]]
        for line in lines:
            if line[0] != " " and line.count(line[0]) == 3:
                return line[0]
        return None

    def _other(self, player):
        return "O" if player == "X" else "X"

    def _score(self, board, turn, me):
        won = self._winner(board)
        if won is not None:
            return 1 if won == me else -1
        if all(cell != " " for row in board for cell in row):
            return 0
        results = []
        for r in range(3):
            for c in range(3):
                if board[r][c] == " ":
                    child = copy.deepcopy(board)
                    child[r][c] = turn
                    results.append(self._score(child, self._other(turn), me))
        return max(results) if turn == me else min(results)

    def _pick_move(self, board, player):
        best, where = -1000, None
        for r in range(3):
            for c in range(3):
                if board[r][c] == " ":
                    child = copy.deepcopy(board)
                    child[r][c] = player
                    score = self._score(child, self._other(player), player)
                    if score > best:
                        best, where = score, (r, c)
        return where


game = TicTacToe()
print(game._pick_move(game.board, "O"))
