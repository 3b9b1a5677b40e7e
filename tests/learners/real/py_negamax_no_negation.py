# Shape: negamax on rows of 0 / 1 / -1, broken: the child's value is used without negation,
# so every level maximises its opponent's score.
grid = [[1, 0, -1], [1, 0, 0], [-1, 0, 0]]


def winner(g):
    lines = [g[r] for r in range(3)] + [[g[r][c] for r in range(3)] for c in range(3)]
    lines += [[g[i][i] for i in range(3)], [g[i][2 - i] for i in range(3)]]
    for line in lines:
        if line[0] != 0 and line[0] == line[1] == line[2]:
            return line[0]
    return 0


def negamax(g, mover):
    found = winner(g)
    if found != 0:
        return 1 if found == mover else -1
    if all(cell != 0 for row in g for cell in row):
        return 0
    best = -2
    for r in range(3):
        for c in range(3):
            if g[r][c] == 0:
                g[r][c] = mover
                best = max(best, negamax(g, -mover))
                g[r][c] = 0
    return best


def pick(g, mover):
    best, move = -2, None
    for r in range(3):
        for c in range(3):
            if g[r][c] == 0:
                g[r][c] = mover
                value = -negamax(g, -mover)
                g[r][c] = 0
                if value > best:
                    best, move = value, (r, c)
    return move


print(pick(grid, -1))
