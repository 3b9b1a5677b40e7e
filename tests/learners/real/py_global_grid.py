# Shape: the search reads and writes a global grid and takes no board at all:
# minimax(depth, player) with 1 for O (the computer), -1 for X, 0 for empty, [x, y, score]
# results, and the game's own turn calling minimax(len(free_cells()), 1).
import math

grid = [[-1, 0, 1], [-1, 0, 0], [1, 0, -1]]


def has_won(who):
    lines = [grid[r] for r in range(3)] + [[grid[r][c] for r in range(3)] for c in range(3)]
    lines += [[grid[i][i] for i in range(3)], [grid[i][2 - i] for i in range(3)]]
    return [who] * 3 in lines


def free_cells():
    return [(x, y) for x in range(3) for y in range(3) if grid[x][y] == 0]


def minimax(depth, player):
    best = [-1, -1, -math.inf] if player == 1 else [-1, -1, math.inf]
    if has_won(1):
        return [-1, -1, 1]
    if has_won(-1):
        return [-1, -1, -1]
    if depth == 0:
        return [-1, -1, 0]
    for x, y in free_cells():
        grid[x][y] = player
        score = minimax(depth - 1, -player)
        grid[x][y] = 0
        score[0], score[1] = x, y
        if (player == 1 and score[2] > best[2]) or (player == -1 and score[2] < best[2]):
            best = score
    return best


move = minimax(len(free_cells()), 1)
print(move[0] * 3 + move[1])
