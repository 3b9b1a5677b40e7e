"""A Python port of the guide's minimax: the same steps, dictionaries for {index, score}."""

current_board_state = ["X", 1, "O", "X", 4, "X", "O", "O", 8]
ai_mark = "X"
human_mark = "O"

WINNING_LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


def empty_cells(board):
    return [cell for cell in board if cell != "X" and cell != "O"]


def has_won(board, mark):
    return any(board[a] == mark and board[b] == mark and board[c] == mark for a, b, c in WINNING_LINES)


def minimax(board, mark):
    available = empty_cells(board)
    if has_won(board, human_mark):
        return {"score": -1}
    if has_won(board, ai_mark):
        return {"score": 1}
    if not available:
        return {"score": 0}
    test_plays = []
    for cell in available:
        play = {"index": board[cell]}
        board[cell] = mark
        if mark == ai_mark:
            play["score"] = minimax(board, human_mark)["score"]
        else:
            play["score"] = minimax(board, ai_mark)["score"]
        board[cell] = play["index"]
        test_plays.append(play)
    best = None
    if mark == ai_mark:
        best_score = float("-inf")
        for i, play in enumerate(test_plays):
            if play["score"] > best_score:
                best_score, best = play["score"], i
    else:
        best_score = float("inf")
        for i, play in enumerate(test_plays):
            if play["score"] < best_score:
                best_score, best = play["score"], i
    return test_plays[best]


best_play_info = minimax(current_board_state, ai_mark)
print("best play:", best_play_info)
