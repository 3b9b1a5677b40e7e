"""A tic-tac-toe game with a random computer player: there is no search to check."""

import random


def computer_move(board):
    return random.choice([i for i, c in enumerate(board) if c == " "])


print(computer_move(list("X OX XOO ")))
