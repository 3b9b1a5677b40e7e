// Shape: class Ai keeps the game's board in this.board; its method minimax(board, isMax)
// searches copies ([...board]) of the board it is given, never this.board, and bestMove()
// returns a cell. The board is nine null / 'X' / 'O'; the AI is X.
class Ai {
  constructor(board) {
    this.board = board;
    this.lines = [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]];
  }

  winner(board) {
    for (const [a, b, c] of this.lines) {
      if (board[a] && board[a] === board[b] && board[a] === board[c]) return board[a];
    }
    return null;
  }

  minimax(board, isMax) {
    const w = this.winner(board);
    if (w === 'X') return 1;
    if (w === 'O') return -1;
    if (board.every(c => c !== null)) return 0;
    let best = isMax ? -Infinity : Infinity;
    board.forEach((cell, i) => {
      if (cell !== null) return;
      const next = [...board];
      next[i] = isMax ? 'X' : 'O';
      const score = this.minimax(next, !isMax);
      best = isMax ? Math.max(best, score) : Math.min(best, score);
    });
    return best;
  }

  bestMove() {
    let best = -Infinity, move = -1;
    this.board.forEach((cell, i) => {
      if (cell !== null) return;
      const next = [...this.board];
      next[i] = 'X';
      const score = this.minimax(next, false);
      if (score > best) { best = score; move = i; }
    });
    return move;
  }
}

console.log(new Ai(['O', null, null, null, 'X', null, null, null, 'O']).bestMove());
