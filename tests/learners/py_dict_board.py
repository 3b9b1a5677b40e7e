"""A board kept as a dictionary of cells 1-9, the computer's move chosen by a loop over minimax."""

board = {1: "X", 2: " ", 3: "O",
         4: "X", 5: " ", 6: "X",
         7: "O", 8: "O", 9: " "}
me, you = "X", "O"
WAYS = ((1, 2, 3), (4, 5, 6), (7, 8, 9), (1, 4, 7), (2, 5, 8), (3, 6, 9), (1, 5, 9), (3, 5, 7))


def has_three(mark):
    return any(board[a] == board[b] == board[c] == mark for a, b, c in WAYS)


def no_space():
    return all(board[k] != " " for k in board)


def minimax(board, depth, is_maximizing):
    if has_three(me):
        return 100
    if has_three(you):
        return -100
    if no_space():
        return 0
    best = -1000 if is_maximizing else 1000
    for key in board.keys():
        if board[key] == " ":
            board[key] = me if is_maximizing else you
            score = minimax(board, depth + 1, not is_maximizing)
            board[key] = " "
            best = max(score, best) if is_maximizing else min(score, best)
    return best


def computer_move():
    best_score, best_key = -1000, 0
    for key in board.keys():
        if board[key] == " ":
            board[key] = me
            score = minimax(board, 0, False)
            board[key] = " "
            if score > best_score:
                best_score, best_key = score, key
    board[best_key] = me
    return best_key


print(computer_move())
