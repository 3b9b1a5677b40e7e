// A game object keeps its board in a field (null for empty); its search takes only whose turn it
// is and reads this.board.
class Game {
  constructor() {
    this.board = Array(9).fill(null);
    this.lines = [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]];
  }

  winner() {
    const b = this.board;
    const line = this.lines.find(([a, c, d]) => b[a] !== null && b[a] === b[c] && b[c] === b[d]);
    return line ? b[line[0]] : null;
  }

  minimax(isMaximizing) {
    const w = this.winner();
    if (w === 'O') return -1;
    if (w === 'X') return 1;
    if (!this.board.includes(null)) return 0;
    let best = isMaximizing ? -Infinity : Infinity;
    this.board.forEach((cell, i) => {
      if (cell !== null) return;
      this.board[i] = isMaximizing ? 'X' : 'O';
      const score = this.minimax(!isMaximizing);
      this.board[i] = null;
      best = isMaximizing ? Math.max(best, score) : Math.min(best, score);
    });
    return best;
  }
}

const game = new Game();
game.board = ['X', null, 'O', null, 'O', null, null, null, 'X'];
console.log(game.minimax(true));
