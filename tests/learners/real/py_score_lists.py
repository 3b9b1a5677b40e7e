# Shape: the "two lists" version: each call collects scores and moves side by side and
# returns max(scores) or min(scores); the turn is passed as a string; the caller plays
# moves[scores.index(max(scores))]. A flat list of '' / 'X' / 'O', the computer is X.
WINS = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]
board = ["X", "", "O", "", "O", "", "X", "", ""]


def who_won(b):
    for a, m, c in WINS:
        if b[a] and b[a] == b[m] == b[c]:
            return b[a]
    return None


def minimax(b, turn):
    w = who_won(b)
    if w == "X":
        return 1
    if w == "O":
        return -1
    if "" not in b:
        return 0
    scores = []
    for i in range(9):
        if b[i] == "":
            b[i] = turn
            scores.append(minimax(b, "O" if turn == "X" else "X"))
            b[i] = ""
    return max(scores) if turn == "X" else min(scores)


def choose(b):
    scores, moves = [], []
    for i in range(9):
        if b[i] == "":
            b[i] = "X"
            scores.append(minimax(b, "O"))
            moves.append(i)
            b[i] = ""
    return moves[scores.index(max(scores))]


print(choose(board))
