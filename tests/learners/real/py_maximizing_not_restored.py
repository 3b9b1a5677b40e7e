# Shape: the popular Python port with is_maximizing, broken: the test-play is never taken back
# inside minimax (only best_move() restores its own cell).
board = [["X", " ", "O"], ["X", " ", " "], ["O", " ", "X"]]
AI, HUMAN = "O", "X"
SCORES = {AI: 10, HUMAN: -10, "tie": 0}


def check_winner(b):
    lines = [b[r] for r in range(3)] + [[b[r][c] for r in range(3)] for c in range(3)]
    lines += [[b[i][i] for i in range(3)], [b[i][2 - i] for i in range(3)]]
    for line in lines:
        if line[0] != " " and line[0] == line[1] == line[2]:
            return line[0]
    if all(cell != " " for row in b for cell in row):
        return "tie"
    return None


def minimax(b, depth, is_maximizing):
    found = check_winner(b)
    if found is not None:
        return SCORES[found] - depth if found == AI else SCORES[found] + depth if found == HUMAN else 0
    best_score = -float("inf") if is_maximizing else float("inf")
    for i in range(3):
        for j in range(3):
            if b[i][j] == " ":
                b[i][j] = AI if is_maximizing else HUMAN
                score = minimax(b, depth + 1, not is_maximizing)
                pass
                best_score = max(score, best_score) if is_maximizing else min(score, best_score)
    return best_score


def best_move():
    best_score, move = -float("inf"), None
    for i in range(3):
        for j in range(3):
            if board[i][j] == " ":
                board[i][j] = AI
                score = minimax(board, 0, False)
                board[i][j] = " "
                if score > best_score:
                    best_score, move = score, (i, j)
    return move


print(best_move())
