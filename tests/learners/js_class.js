// A class whose method recurses through this.minimax; empty cells are "_".
class Player {
  constructor(mark) {
    this.mark = mark;
    this.rival = mark === "X" ? "O" : "X";
  }

  static wins(board, mark) {
    const l = [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]];
    return l.some(([a, b, c]) => board[a] === mark && board[b] === mark && board[c] === mark);
  }

  minimax(board, mark) {
    if (Player.wins(board, this.rival)) return { score: -1 };
    if (Player.wins(board, this.mark)) return { score: 1 };
    const open = [];
    board.forEach((cell, i) => { if (cell === "_") open.push(i); });
    if (!open.length) return { score: 0 };
    const plays = open.map((i) => {
      board[i] = mark;
      const score = this.minimax(board, mark === this.mark ? this.rival : this.mark).score;
      board[i] = "_";
      return { index: i, score };
    });
    let best = plays[0];
    for (const p of plays) {
      if (mark === this.mark ? p.score > best.score : p.score < best.score) best = p;
    }
    return best;
  }
}

const me = new Player("X");
console.log(me.minimax("X_OX_XOO_".split(""), "X"));
