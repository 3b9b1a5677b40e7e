// Shape: minimax() is only the AI's loop over the global board: it test-plays each empty
// cell for O and asks the recursive evaluate(board, isMax) for its score, then returns
// [row, col] of the best, which is no score. Rows of '' / 'X' / 'O'.
const board = [['X', '', ''], ['', 'O', ''], ['', 'X', '']];
const AI = 'O', HUMAN = 'X';

function lineOwner(b) {
  const at = (r, c) => b[r][c];
  const lines = [];
  for (let k = 0; k < 3; k++) {
    lines.push([at(k, 0), at(k, 1), at(k, 2)], [at(0, k), at(1, k), at(2, k)]);
  }
  lines.push([at(0, 0), at(1, 1), at(2, 2)], [at(0, 2), at(1, 1), at(2, 0)]);
  const won = lines.find(l => l[0] && l[0] === l[1] && l[0] === l[2]);
  return won ? won[0] : null;
}

function evaluate(b, isMax) {
  const owner = lineOwner(b);
  if (owner === AI) return 1;
  if (owner === HUMAN) return -1;
  if (b.flat().every(c => c)) return 0;
  let best = isMax ? -2 : 2;
  for (let r = 0; r < 3; r++) {
    for (let c = 0; c < 3; c++) {
      if (b[r][c]) continue;
      b[r][c] = isMax ? AI : HUMAN;
      const s = evaluate(b, !isMax);
      b[r][c] = '';
      best = isMax ? Math.max(best, s) : Math.min(best, s);
    }
  }
  return best;
}

function minimax() {
  let bestScore = -2, move = null;
  for (let r = 0; r < 3; r++) {
    for (let c = 0; c < 3; c++) {
      if (board[r][c]) continue;
      board[r][c] = AI;
      const s = evaluate(board, false);
      board[r][c] = '';
      if (s > bestScore) { bestScore = s; move = [r, c]; }
    }
  }
  return move;
}

console.log(minimax());
