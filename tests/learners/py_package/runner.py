"""A text runner for the game logic in tictactoe.py (the course's runner draws a window instead)."""

import tictactoe as ttt

board = [[ttt.X, ttt.EMPTY, ttt.O],
         [ttt.X, ttt.EMPTY, ttt.X],
         [ttt.O, ttt.O, ttt.EMPTY]]
move = ttt.minimax(board)
print(f"{ttt.player(board)} plays row {move[0]}, column {move[1]}")
