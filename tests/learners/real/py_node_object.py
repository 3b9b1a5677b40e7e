# Shape: an object-oriented negamax. A Board object whose move(position) returns a new Board
# (cells numbered 1-9 as on a keypad, held in a list of ten with cell 0 unused), the side to
# move kept inside it; negamax(board) returns a Node(move, score) and the caller negates the
# child's score on the Node itself.
class Board:
    LINES = [(1, 2, 3), (4, 5, 6), (7, 8, 9), (1, 4, 7), (2, 5, 8), (3, 6, 9), (1, 5, 9), (3, 5, 7)]

    def __init__(self, cells=None):
        self.cells = cells or ["#"] + [" "] * 9

    def current(self):
        return "X" if self.cells.count("X") == self.cells.count("O") else "O"

    def move(self, position):
        after = list(self.cells)
        after[position] = self.current()
        return Board(after)

    def available(self):
        return [p for p in range(1, 10) if self.cells[p] == " "]

    def winner(self):
        for a, b, c in self.LINES:
            if self.cells[a] != " " and self.cells[a] == self.cells[b] == self.cells[c]:
                return self.cells[a]
        return None

    def over(self):
        return self.winner() is not None or not self.available()


class Node:
    def __init__(self, move=None, score=None):
        self.move = move
        self.score = score


def negamax(board):
    if board.over():
        found = board.winner()
        return Node(score=0 if found is None else 10 if found == board.current() else -10)
    best = Node(score=-1000)
    for position in board.available():
        child = negamax(board.move(position))
        child.score = -child.score
        if child.score > best.score:
            best = Node(position, child.score)
    return best


game = Board(["#", "X", " ", "O", "X", " ", " ", "O", " ", "X"])
print(negamax(game).move)
