"""Never plays the mark it tests, so the board never changes: the recursion never ends."""

board = ["X", "", "O", "X", "", "X", "O", "O", ""]


def over(b):
    lines = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]
    return any(b[i] and b[i] == b[j] == b[k] for i, j, k in lines) or "" not in b


def minimax(b, mark):
    if over(b):
        return 0
    results = []
    for i in range(9):
        if b[i] == "":
            results.append(minimax(b, "O" if mark == "X" else "X"))
    return max(results) if mark == "X" else min(results)


print(minimax(board, "X"))
