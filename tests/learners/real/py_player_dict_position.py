# Shape: the video-course version: class SmartComputerPlayer(letter) with get_move(game) and
# minimax(self, state, player) on the game object itself (state.board nine " " / "X" / "O",
# state.current_winner set by make_move and reset when a test-play is taken back); it returns
# {"position": ..., "score": ...} with (empty squares + 1) for a win, from its own side.
import math


class TicTacToe:
    LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]

    def __init__(self, cells):
        self.board = list(cells)
        self.current_winner = None

    def available_moves(self):
        return [i for i, spot in enumerate(self.board) if spot == " "]

    def num_empty_squares(self):
        return self.board.count(" ")

    def make_move(self, square, letter):
        self.board[square] = letter
        if any(all(self.board[i] == letter for i in line) for line in self.LINES):
            self.current_winner = letter


class SmartComputerPlayer:
    def __init__(self, letter):
        self.letter = letter

    def get_move(self, game):
        return self.minimax(game, self.letter)["position"]

    def minimax(self, state, player):
        max_player = self.letter
        other_player = "O" if player == "X" else "X"
        if state.current_winner == other_player:
            worth = state.num_empty_squares() + 1
            return {"position": None, "score": worth if other_player == max_player else -worth}
        if not state.available_moves():
            return {"position": None, "score": 0}
        best = {"position": None, "score": -math.inf if player == max_player else math.inf}
        for possible_move in state.available_moves():
            state.make_move(possible_move, player)
            sim = self.minimax(state, other_player)
            state.board[possible_move] = " "
            state.current_winner = None
            sim["position"] = possible_move
            if player == max_player:
                if sim["score"] > best["score"]:
                    best = sim
            elif sim["score"] < best["score"]:
                best = sim
        return best


print(SmartComputerPlayer("O").get_move(TicTacToe("X   O   X")))
