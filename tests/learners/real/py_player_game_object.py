# Shape: a player class for a course project: AlphaBetaPlayer(letter).get_move(game) calls
# self.minimax(game, depth, letter, alpha, beta), which plays on the game object itself
# (game.make_move / game.undo, game.board a list of nine " " / "X" / "O") and returns
# (score, move); scores are (empty cells + 1) for a win, from the player's side.
import math


class Game:
    LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]

    def __init__(self, cells):
        self.board = list(cells)

    def empty_cells(self):
        return [i for i, c in enumerate(self.board) if c == " "]

    def winner(self):
        for a, b, c in self.LINES:
            if self.board[a] != " " and self.board[a] == self.board[b] == self.board[c]:
                return self.board[a]
        return None

    def make_move(self, cell, letter):
        self.board[cell] = letter

    def undo(self, cell):
        self.board[cell] = " "


class AlphaBetaPlayer:
    def __init__(self, letter):
        self.letter = letter

    def get_move(self, game):
        return self.minimax(game, len(game.empty_cells()), self.letter, -math.inf, math.inf)[1]

    def minimax(self, game, depth, letter, alpha, beta):
        other = "O" if letter == "X" else "X"
        won = game.winner()
        if won is not None:
            worth = len(game.empty_cells()) + 1
            return (worth if won == self.letter else -worth), None
        if depth == 0:
            return 0, None
        mine = letter == self.letter
        best = (-math.inf if mine else math.inf), None
        for cell in game.empty_cells():
            game.make_move(cell, letter)
            score = self.minimax(game, depth - 1, other, alpha, beta)[0]
            game.undo(cell)
            if (score > best[0]) if mine else (score < best[0]):
                best = score, cell
            if mine:
                alpha = max(alpha, score)
            else:
                beta = min(beta, score)
            if alpha >= beta:
                break
        return best


print(AlphaBetaPlayer("O").get_move(Game("X   O   X")))
