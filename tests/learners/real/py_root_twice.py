# Shape: the root searched twice: value(board, turn) first gives the position's value, then
# the program walks the moves again and plays the first whose child has that value. A flat
# list of None / 'X' / 'O'; value() is plain minimax from X's view with +1 / -1 / 0.
LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]
position = ["X", None, "O", "X", None, None, "O", None, "X"]


def winner(b):
    for a, m, c in LINES:
        if b[a] is not None and b[a] == b[m] == b[c]:
            return b[a]
    return None


def value(b, turn):
    found = winner(b)
    if found is not None:
        return 1 if found == "X" else -1
    if None not in b:
        return 0
    other = "O" if turn == "X" else "X"
    results = []
    for i in range(9):
        if b[i] is None:
            b[i] = turn
            results.append(value(b, other))
            b[i] = None
    return max(results) if turn == "X" else min(results)


def play(b, turn):
    target = value(b, turn)
    other = "O" if turn == "X" else "X"
    for i in range(9):
        if b[i] is None:
            b[i] = turn
            reached = value(b, other)
            b[i] = None
            if reached == target:
                return i
    return None


print(play(position, "O"))
