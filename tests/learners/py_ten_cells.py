"""Ten-cell board, cells 1-9, ' ' empty, bestMove chosen by a loop over minimax."""
board = [' ', 'X', ' ', 'O', 'X', ' ', 'X', 'O', 'O', ' ']
WINS = [(1,2,3),(4,5,6),(7,8,9),(1,4,7),(2,5,8),(3,6,9),(1,5,9),(3,5,7)]

def won(b, m):
    return any(b[a] == b[c] == b[d] == m for a, c, d in WINS)

def minimax(b, is_max):
    if won(b, 'O'):
        return -1
    if won(b, 'X'):
        return 1
    if ' ' not in b[1:]:
        return 0
    best = -2 if is_max else 2
    for k in range(1, 10):
        if b[k] == ' ':
            b[k] = 'X' if is_max else 'O'
            v = minimax(b, not is_max)
            b[k] = ' '
            best = max(best, v) if is_max else min(best, v)
    return best
