# Shape (with ai.py): the game module owns the board, a 3x3 list of ' ' / 'X' / 'O', and its
# check_winner() reads that board, not a parameter: 'X', 'O', 'Tie' or None.
board = [["X", " ", "O"], ["X", " ", " "], ["O", " ", "X"]]


def check_winner():
    b = board
    lines = [b[r] for r in range(3)] + [[b[r][c] for r in range(3)] for c in range(3)]
    lines += [[b[i][i] for i in range(3)], [b[i][2 - i] for i in range(3)]]
    for line in lines:
        if line[0] != " " and line[0] == line[1] == line[2]:
            return line[0]
    if all(cell != " " for row in b for cell in row):
        return "Tie"
    return None
