"""No function for the first move: the program's own top level tries each cell."""

AI, HUMAN = "X", "O"
board = ["X", 1, "O", "X", 4, "X", "O", "O", 8]


def wins(b, m):
    return any(b[x] == b[y] == b[z] == m for x, y, z in
               ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)))


def minimax(b, ai_to_move):
    if wins(b, HUMAN):
        return -10
    if wins(b, AI):
        return 10
    free = [c for c in b if c not in (AI, HUMAN)]
    if not free:
        return 0
    results = []
    for c in free:
        b[c] = AI if ai_to_move else HUMAN
        results.append(minimax(b, not ai_to_move))
        b[c] = c
    return max(results) if ai_to_move else min(results)


scores = {}
for cell in [c for c in board if c not in (AI, HUMAN)]:
    board[cell] = AI
    scores[cell] = minimax(board, False)
    board[cell] = cell
print(max(scores, key=scores.get))
