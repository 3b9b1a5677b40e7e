# Shape: alpha-beta, fail-hard, returning the bound itself: a flat list of '-' / 'X' / 'O',
# the AI is X. alphabeta(cells, alpha, beta, maximizing) returns alpha from MAX and beta from
# MIN; the root passes the window it has so far to each child and keeps the first strictly
# better one, like the textbook's root.
cells = list("X-O-O-X--")
LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


def won(c, mark):
    return any(c[a] == c[b] == c[d] == mark for a, b, d in LINES)


def alphabeta(c, alpha, beta, maximizing):
    if won(c, "X"):
        return 1
    if won(c, "O"):
        return -1
    if "-" not in c:
        return 0
    for i in range(9):
        if c[i] != "-":
            continue
        c[i] = "X" if maximizing else "O"
        value = alphabeta(c, alpha, beta, not maximizing)
        c[i] = "-"
        if maximizing:
            alpha = max(alpha, value)
        else:
            beta = min(beta, value)
        if alpha >= beta:
            break
    return alpha if maximizing else beta


def choose(c):
    alpha, move = -2, None
    for i in range(9):
        if c[i] == "-":
            c[i] = "X"
            value = alphabeta(c, alpha, 2, False)
            c[i] = "-"
            if value > alpha:
                alpha, move = value, i
    return move


print(choose(cells))
