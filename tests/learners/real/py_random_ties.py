# Shape: the AI (O) collects every move with the best score and plays one of them at random;
# minimax(board, is_ai_turn) itself returns a number. Board: a list of " ", "X", "O".
import random

LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


def winner(board):
    for a, b, c in LINES:
        if board[a] != " " and board[a] == board[b] == board[c]:
            return board[a]
    return None


def minimax(board, is_ai_turn):
    w = winner(board)
    if w == "O":
        return 10
    if w == "X":
        return -10
    if " " not in board:
        return 0
    scores = []
    for i in range(9):
        if board[i] == " ":
            board[i] = "O" if is_ai_turn else "X"
            scores.append(minimax(board, not is_ai_turn))
            board[i] = " "
    return max(scores) if is_ai_turn else min(scores)


def ai_move(board):
    scored = []
    for i in range(9):
        if board[i] == " ":
            board[i] = "O"
            scored.append((minimax(board, False), i))
            board[i] = " "
    top = max(score for score, _ in scored)
    return random.choice([i for score, i in scored if score == top])


print(ai_move(["X", " ", " ", " ", " ", " ", " ", " ", " "]))
