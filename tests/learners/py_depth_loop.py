"""The common tutorial shape: minimax(board, depth, is_maximizing) returns a number,
and find_best_move tries each empty cell itself. Scores: 10 - depth, depth - 10, 0."""

AI, HUMAN, EMPTY = "X", "O", " "


def winner(board):
    lines = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]
    for a, b, c in lines:
        if board[a] != EMPTY and board[a] == board[b] == board[c]:
            return board[a]
    return None


def minimax(board, depth, is_maximizing):
    won = winner(board)
    if won == AI:
        return 10 - depth
    if won == HUMAN:
        return depth - 10
    if EMPTY not in board:
        return 0
    if is_maximizing:
        best = -1000
        for i in range(9):
            if board[i] == EMPTY:
                board[i] = AI
                best = max(best, minimax(board, depth + 1, False))
                board[i] = EMPTY
        return best
    best = 1000
    for i in range(9):
        if board[i] == EMPTY:
            board[i] = HUMAN
            best = min(best, minimax(board, depth + 1, True))
            board[i] = EMPTY
    return best


def find_best_move(board):
    best_score, best_move = -1000, None
    for i in range(9):
        if board[i] == EMPTY:
            board[i] = AI
            score = minimax(board, 0, False)
            board[i] = EMPTY
            if score > best_score:
                best_score, best_move = score, i
    return best_move


if __name__ == "__main__":
    board = ["X", " ", "O", "X", " ", "X", "O", "O", " "]
    print("AI plays", find_best_move(board))
