"""A terminal game: it asks who starts before anything else, so without standard input
it stops at once, and its minimax is never called by the program itself."""

AI, HUMAN = "O", "X"


def winner(b):
    for i, j, k in [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]:
        if b[i] in "XO" and b[i] == b[j] == b[k]:
            return b[i]
    return None


def minimax(b, maximizing):
    w = winner(b)
    if w == AI:
        return 1
    if w == HUMAN:
        return -1
    if "." not in b:
        return 0
    scores = []
    for i in range(9):
        if b[i] == ".":
            b[i] = AI if maximizing else HUMAN
            scores.append(minimax(b, not maximizing))
            b[i] = "."
    return max(scores) if maximizing else min(scores)


first = input("Who starts, you or me? ")
board = list(".........")
print(minimax(board, first == "me"))
