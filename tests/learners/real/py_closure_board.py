# Shape: the search defined inside the function that picks the AI's move, reading that
# function's board as a closure (minimax(is_ai) takes no board); the AI is O.
def ai_move(board, ai="O", human="X"):
    lines = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]

    def winner():
        for a, b, c in lines:
            if board[a] != " " and board[a] == board[b] == board[c]:
                return board[a]
        return None

    def minimax(is_ai):
        w = winner()
        if w == ai:
            return 1
        if w == human:
            return -1
        if " " not in board:
            return 0
        scores = []
        for i in range(9):
            if board[i] == " ":
                board[i] = ai if is_ai else human
                scores.append(minimax(not is_ai))
                board[i] = " "
        return max(scores) if is_ai else min(scores)

    best, move = -2, None
    for i in range(9):
        if board[i] == " ":
            board[i] = ai
            s = minimax(False)
            board[i] = " "
            if s > best:
                best, move = s, i
    return move


if __name__ == "__main__":
    print(ai_move(list("X O X  O ")))
