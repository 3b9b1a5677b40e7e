# Shape: the players as an Enum (ONE = 1 for X, TWO = -1 for O, EMPTY = 0) in a flat board;
# negamax(board, player) returns the value for the player to move, and best_move(board,
# player) keeps the move whose negated value is highest. The program asks for O's move.
from enum import Enum


class Players(Enum):
    ONE = 1
    TWO = -1
    EMPTY = 0


LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


def winner(board):
    for a, b, c in LINES:
        total = board[a].value + board[b].value + board[c].value
        if abs(total) == 3:
            return Players(total // 3)
    return None


def other(player):
    return Players.TWO if player == Players.ONE else Players.ONE


def negamax(board, player):
    won = winner(board)
    if won is not None:
        return 1 if won == player else -1
    if Players.EMPTY not in board:
        return 0
    best = -2
    for i in range(9):
        if board[i] == Players.EMPTY:
            board[i] = player
            best = max(best, -negamax(board, other(player)))
            board[i] = Players.EMPTY
    return best


def best_move(board, player):
    best, move = -2, None
    for i in range(9):
        if board[i] == Players.EMPTY:
            board[i] = player
            value = -negamax(board, other(player))
            board[i] = Players.EMPTY
            if value > best:
                best, move = value, i
    return move


E, X, O = Players.EMPTY, Players.ONE, Players.TWO
print(best_move([X, E, E, E, O, E, E, E, X], O))
