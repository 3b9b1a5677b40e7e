"""[x, y, score] port: global board of 0 with HUMAN=-1 and COMP=+1, depth = empty cells left."""
import math
HUMAN = -1
COMP = +1
board = [[0, 0, 0], [0, 0, 0], [0, 0, 0]]

def wins(state, player):
    rows = state + [list(c) for c in zip(*state)] + [[state[i][i] for i in range(3)], [state[i][2 - i] for i in range(3)]]
    return [player, player, player] in rows

def empties(state):
    return [[x, y] for x in range(3) for y in range(3) if state[x][y] == 0]

def score_of(state):
    if wins(state, COMP):
        return 1
    if wins(state, HUMAN):
        return -1
    return 0

def minimax(state, depth, player):
    best = [-1, -1, -math.inf] if player == COMP else [-1, -1, math.inf]
    if depth == 0 or wins(state, COMP) or wins(state, HUMAN):
        return [-1, -1, score_of(state)]
    for x, y in empties(state):
        state[x][y] = player
        found = minimax(state, depth - 1, -player)
        state[x][y] = 0
        found[0], found[1] = x, y
        if player == COMP and found[2] > best[2]:
            best = found
        elif player == HUMAN and found[2] < best[2]:
            best = found
    return best

def main():
    depth = len(empties(board))
    move = input("your move: ")
    print(minimax(board, depth, COMP))

if __name__ == "__main__":
    main()
