# Shape: an immutable board: a tuple of nine None / 'X' / 'O', result(board, i, mark) builds a
# new tuple, and minimax(board, mark) returns (score, move) from X's view with +1 / -1 / 0;
# no board is ever taken back because none is changed. The computer is O.
LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]
start = ("X", None, "O", "X", None, None, "O", None, "X")


def result(b, i, mark):
    return b[:i] + (mark,) + b[i + 1:]


def winner(b):
    for a, m, c in LINES:
        if b[a] is not None and b[a] == b[m] == b[c]:
            return b[a]
    return None


def minimax(b, mark):
    w = winner(b)
    if w is not None:
        return (1 if w == "X" else -1), None
    if None not in b:
        return 0, None
    options = []
    for i in range(9):
        if b[i] is None:
            score, _ = minimax(result(b, i, mark), "O" if mark == "X" else "X")
            options.append((score, i))
    pick = max if mark == "X" else min
    best = pick(score for score, _ in options)
    return next(option for option in options if option[0] == best)


print(minimax(start, "O")[1])
