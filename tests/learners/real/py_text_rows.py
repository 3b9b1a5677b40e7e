# Shape: the bot-contest style: the board is three strings of three characters ("X__", "___",
# "_XO"), "_" an empty cell; next_move(player, board) prints "row col". The search builds each
# child board as new strings (nothing to take back) and scores from the player's side.
def lines_of(board):
    rows = list(board)
    cols = ["".join(r[c] for r in board) for c in range(3)]
    diags = [board[0][0] + board[1][1] + board[2][2], board[0][2] + board[1][1] + board[2][0]]
    return rows + cols + diags


def winner(board):
    for line in lines_of(board):
        if line in ("XXX", "OOO"):
            return line[0]
    return None


def place(board, r, c, mark):
    return [row if i != r else row[:c] + mark + row[c + 1:] for i, row in enumerate(board)]


def minimax(board, turn, me):
    w = winner(board)
    if w is not None:
        return 1 if w == me else -1
    if all("_" not in row for row in board):
        return 0
    other = "O" if turn == "X" else "X"
    scores = [minimax(place(board, r, c, turn), other, me)
              for r in range(3) for c in range(3) if board[r][c] == "_"]
    return max(scores) if turn == me else min(scores)


def next_move(player, board):
    other = "O" if player == "X" else "X"
    best, where = -2, None
    for r in range(3):
        for c in range(3):
            if board[r][c] == "_":
                score = minimax(place(board, r, c, player), other, player)
                if score > best:
                    best, where = score, (r, c)
    print(*where)
    return where


next_move("O", ["X__", "_X_", "__O"])
