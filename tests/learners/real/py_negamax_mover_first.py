# Shape: a benchmark-style negamax whose side to move comes FIRST: negamax(onmove, board) on
# rows of 0 / 1 / -1, game_value() giving the finished game's value to the side on move (or
# None while it goes on), v started at -1 and raised by each negated child.
board = [[1, 0, -1], [1, 0, 0], [-1, 0, 0]]


def game_value(onmove, b):
    lines = [b[r] for r in range(3)] + [[b[r][c] for r in range(3)] for c in range(3)]
    lines += [[b[i][i] for i in range(3)], [b[i][2 - i] for i in range(3)]]
    for line in lines:
        if line[0] != 0 and line[0] == line[1] == line[2]:
            return 1 if line[0] == onmove else -1
    if all(cell != 0 for row in b for cell in row):
        return 0
    return None


def negamax(onmove, b):
    v = game_value(onmove, b)
    if v is not None:
        return v
    v = -1
    for r in range(3):
        for c in range(3):
            if b[r][c] == 0:
                b[r][c] = onmove
                v = max(v, -negamax(-onmove, b))
                b[r][c] = 0
    return v


def best(onmove, b):
    top, move = -2, None
    for r in range(3):
        for c in range(3):
            if b[r][c] == 0:
                b[r][c] = onmove
                value = -negamax(-onmove, b)
                b[r][c] = 0
                if value > top:
                    top, move = value, r * 3 + c
    return move


print(best(-1, board))
