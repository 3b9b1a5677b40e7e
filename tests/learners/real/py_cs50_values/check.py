# Shape: the course's own little test script: it imports the functions it needs from
# tictactoe.py and prints minimax's action for one board.
from tictactoe import EMPTY, O, X, minimax

board = [[X, EMPTY, O], [X, EMPTY, EMPTY], [O, EMPTY, X]]
print(minimax(board))
