# Shape: minimax(board, player) on a list of " "/"X"/"O", its scores kept in a dictionary keyed
# by the board as a string. The memo is written inside the loop, after each test-play, so it
# holds a board's first test-play score, not its best (broken). The AI is X.
memo = {}
LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


def winner(board):
    for a, b, c in LINES:
        if board[a] != " " and board[a] == board[b] == board[c]:
            return board[a]
    return None


def minimax(board, player):
    key = "".join(board)
    if key in memo:
        return memo[key]
    w = winner(board)
    if w is not None:
        return 1 if w == "X" else -1
    if " " not in board:
        return 0
    best = None
    for i in range(9):
        if board[i] == " ":
            board[i] = player
            score = minimax(board, "O" if player == "X" else "X")
            board[i] = " "
            if best is None or (score > best if player == "X" else score < best):
                best = score
            memo[key] = score
    return best


def best_move(board):
    best, move = -2, None
    for i in range(9):
        if board[i] == " ":
            board[i] = "X"
            score = minimax(board, "O")
            board[i] = " "
            if score > best:
                best, move = score, i
    return move


print(best_move(["X", "O", " ", " ", " ", " ", " ", " ", " "]))
