"""A game object: the board lives in self, and minimax is a method that reads it."""


class Game:
    def __init__(self, cells, ai="O"):
        self.board = cells
        self.ai = ai
        self.human = "X" if ai == "O" else "O"

    def won(self, mark):
        b = self.board
        rows = [b[0:3], b[3:6], b[6:9], b[0::3], b[1::3], b[2::3], b[0::4], b[2:7:2]]
        return [mark] * 3 in rows

    def minimax(self, turn):
        if self.won(self.human):
            return -1
        if self.won(self.ai):
            return 1
        if "_" not in self.board:
            return 0
        scores = []
        for i, cell in enumerate(self.board):
            if cell == "_":
                self.board[i] = turn
                scores.append(self.minimax(self.human if turn == self.ai else self.ai))
                self.board[i] = "_"
        return max(scores) if turn == self.ai else min(scores)

    def best_move(self):
        best, move = -2, None
        for i, cell in enumerate(self.board):
            if cell == "_":
                self.board[i] = self.ai
                score = self.minimax(self.human)
                self.board[i] = "_"
                if score > best:
                    best, move = score, i
        return move


if __name__ == "__main__":
    game = Game(list("X_OX_XOO_"), ai="O")
    print("O plays", game.best_move())
