# Shape: a numeric board, 0 empty, 1 for the computer (O), -1 for the human (X); the
# screen shows the numbers through a table of symbols. The computer plays O.
EMPTY, AI, HUMAN = 0, 1, -1
SYMBOLS = {EMPTY: ".", AI: "O", HUMAN: "X"}
LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


def won(board, who):
    return any(board[a] == board[b] == board[c] == who for a, b, c in LINES)


def minimax(board, who):
    if won(board, AI):
        return 1
    if won(board, HUMAN):
        return -1
    if EMPTY not in board:
        return 0
    results = []
    for i in range(9):
        if board[i] == EMPTY:
            board[i] = who
            results.append(minimax(board, -who))
            board[i] = EMPTY
    return max(results) if who == AI else min(results)


def computer_move(board):
    best, move = -2, None
    for i in range(9):
        if board[i] == EMPTY:
            board[i] = AI
            score = minimax(board, HUMAN)
            board[i] = EMPTY
            if score > best:
                best, move = score, i
    return move


board = [HUMAN, EMPTY, AI, HUMAN, EMPTY, EMPTY, AI, EMPTY, HUMAN]
print("".join(SYMBOLS[c] for c in board), computer_move(board))
