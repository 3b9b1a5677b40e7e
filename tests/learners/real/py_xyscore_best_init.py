# Shape: the console game with [x, y, score] results, broken: the human's best also starts at
# [-1, -1, -inf], so a MIN call never finds a better test-play and returns its start.
from math import inf

HUMAN = -1
COMP = +1
board = [[-1, 0, 1], [-1, 0, 0], [1, 0, -1]]


def wins(state, who):
    lines = [row for row in state]
    lines += [[state[r][c] for r in range(3)] for c in range(3)]
    lines += [[state[i][i] for i in range(3)], [state[i][2 - i] for i in range(3)]]
    return [who, who, who] in lines


def evaluate(state):
    if wins(state, COMP):
        return +1
    if wins(state, HUMAN):
        return -1
    return 0


def game_over(state):
    return wins(state, HUMAN) or wins(state, COMP)


def empty_cells(state):
    return [[x, y] for x in range(3) for y in range(3) if state[x][y] == 0]


def minimax(state, depth, player):
    best = [-1, -1, -inf]
    if depth == 0 or game_over(state):
        return [-1, -1, evaluate(state)]
    for x, y in empty_cells(state):
        state[x][y] = player
        score = minimax(state, depth - 1, -player)
        state[x][y] = 0
        score[0], score[1] = x, y
        if player == COMP and score[2] > best[2]:
            best = score
        elif player == HUMAN and score[2] < best[2]:
            best = score
    return best


def ai_turn():
    depth = len(empty_cells(board))
    if depth == 0 or game_over(board):
        return None
    x, y, _ = minimax(board, depth, COMP)
    return x * 3 + y


print(ai_turn())
