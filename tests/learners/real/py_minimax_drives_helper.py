# Shape: the function named minimax is only the AI's loop: minimax(board) tries each cell, calls
# the recursive score_of(board, depth, is_maximizing) and returns the cell (a bare index 0-8),
# which is no score. The AI is X, the board holds "X", "O" and "".
def winner(b):
    for a, c, d in [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]:
        if b[a] and b[a] == b[c] == b[d]:
            return b[a]
    return None


def score_of(board, depth, is_maximizing):
    w = winner(board)
    if w == "X":
        return 1
    if w == "O":
        return -1
    if "" not in board:
        return 0
    if is_maximizing:
        best = -100
        for i in range(9):
            if board[i] == "":
                board[i] = "X"
                best = max(best, score_of(board, depth + 1, False))
                board[i] = ""
        return best
    best = 100
    for i in range(9):
        if board[i] == "":
            board[i] = "O"
            best = min(best, score_of(board, depth + 1, True))
            board[i] = ""
    return best


def minimax(board):
    best_score, best_move = -100, -1
    for i in range(9):
        if board[i] == "":
            board[i] = "X"
            score = score_of(board, 0, False)
            board[i] = ""
            if score > best_score:
                best_score, best_move = score, i
    return best_move


print(minimax(["", "", "O", "X", "", "", "O", "X", ""]))
