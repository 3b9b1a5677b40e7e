"""A game object keeps its board in self.board (None for empty); minimax(depth, is_max) reads it."""


class Game:
    def __init__(self):
        self.board = [None] * 9

    def won(self, m):
        b = self.board
        lines = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))
        return any(b[x] == b[y] == b[z] == m for x, y, z in lines)

    def minimax(self, depth, is_max):
        if self.won("O"):
            return -1
        if self.won("X"):
            return 1
        if None not in self.board:
            return 0
        best = -2 if is_max else 2
        for i in range(9):
            if self.board[i] is None:
                self.board[i] = "X" if is_max else "O"
                v = self.minimax(depth + 1, not is_max)
                self.board[i] = None
                best = max(best, v) if is_max else min(best, v)
        return best


g = Game()
g.board = ["X", None, "O", None, "O", None, None, None, "X"]
print(g.minimax(0, True))
