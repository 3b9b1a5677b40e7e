# Shape: a search in its own module, imported as a module alias: minmax(boards, depth,
# maximizing) plays on the board it is passed, which is the game module's own board, while
# the winner is asked of the game module (r.check_winner()). The computer is O, scored +1.
import game as r

SCORES = {"X": -1, "O": 1, "Tie": 0}


def minmax(boards, depth, maximizing):
    result = r.check_winner()
    if result:
        return SCORES[result]
    best = -float("inf") if maximizing else float("inf")
    for i in range(3):
        for j in range(3):
            if boards[i][j] == " ":
                boards[i][j] = "O" if maximizing else "X"
                score = minmax(boards, depth + 1, not maximizing)
                boards[i][j] = " "
                best = max(best, score) if maximizing else min(best, score)
    return best


def computer_move():
    best, move = -float("inf"), None
    for i in range(3):
        for j in range(3):
            if r.board[i][j] == " ":
                r.board[i][j] = "O"
                score = minmax(r.board, 0, False)
                r.board[i][j] = " "
                if score > best:
                    best, move = score, i * 3 + j
    return move


print(computer_move())
