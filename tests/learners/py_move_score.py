"""Returns (move, score) pairs; a finished board returns (-1, score), so -1 is no cell."""

board = ["X", "", "O", "X", "", "X", "O", "O", ""]
TRIPLES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


def three(b, mark):
    return any(b[p] == b[q] == b[r] == mark for p, q, r in TRIPLES)


def minimax(b, turn):
    if three(b, "O"):
        return -1, -1
    if three(b, "X"):
        return -1, 1
    if "" not in b:
        return -1, 0
    options = []
    for spot in range(9):
        if b[spot] == "":
            b[spot] = turn
            options.append((spot, minimax(b, "O" if turn == "X" else "X")[1]))
            b[spot] = ""
    pick = max if turn == "X" else min
    return pick(options, key=lambda option: option[1])


print(minimax(board, "X"))
