// Shape: an object-oriented page: class Game keeps this.board (nine '' / 'X' / 'O'), and its
// method minimax(depth, isMax) plays on this.board itself; bestMove() loops over the cells
// calling this.minimax(0, false) after each test-play. The AI is 'O'.
class Game {
  constructor(cells) {
    this.board = cells;
    this.lines = [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]];
  }

  winner() {
    for (const [a, b, c] of this.lines) {
      if (this.board[a] !== '' && this.board[a] === this.board[b] && this.board[a] === this.board[c]) return this.board[a];
    }
    return this.board.includes('') ? null : 'draw';
  }

  minimax(depth, isMax) {
    const w = this.winner();
    if (w === 'O') return 10 - depth;
    if (w === 'X') return depth - 10;
    if (w === 'draw') return 0;
    let best = isMax ? -Infinity : Infinity;
    for (let i = 0; i < 9; i++) {
      if (this.board[i] !== '') continue;
      this.board[i] = isMax ? 'O' : 'X';
      const s = this.minimax(depth + 1, !isMax);
      this.board[i] = '';
      best = isMax ? Math.max(best, s) : Math.min(best, s);
    }
    return best;
  }

  bestMove() {
    let best = -Infinity;
    let move = -1;
    for (let i = 0; i < 9; i++) {
      if (this.board[i] !== '') continue;
      this.board[i] = 'O';
      const s = this.minimax(1, false);
      this.board[i] = '';
      if (s > best) {
        best = s;
        move = i;
      }
    }
    return move;
  }
}

const game = new Game(['X', '', 'O', 'X', '', '', 'O', '', 'X']);
console.log(game.bestMove());
