// Shape: negamax with alpha-beta, broken: the root passes its running best as the child's
// window, and a child's bound is then read as its value, so a move that only ties the bound
// can replace the best one (bound-as-value).
const LINES = [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]];
const cellsNow = ['X', ' ', 'O', 'X', ' ', ' ', 'O', ' ', 'X'];

function lineOf(b, m) {
  return LINES.some(([a, c, d]) => b[a] === m && b[c] === m && b[d] === m);
}

function negamax(b, mover, alpha, beta) {
  const other = mover === 'X' ? 'O' : 'X';
  if (lineOf(b, other)) return -1;
  if (!b.includes(' ')) return 0;
  let best = -Infinity;
  for (let i = 0; i < 9; i++) {
    if (b[i] !== ' ') continue;
    b[i] = mover;
    const v = -negamax(b, other, -beta, -alpha);
    b[i] = ' ';
    if (v > best) best = v;
    if (v > alpha) alpha = v;
    if (alpha >= beta) break;
  }
  return best;
}

function root(b, mover) {
  const other = mover === 'X' ? 'O' : 'X';
  let best = -Infinity;
  let move = -1;
  for (let i = 0; i < 9; i++) {
    if (b[i] !== ' ') continue;
    b[i] = mover;
    const v = -negamax(b, other, -Infinity, -best);
    b[i] = ' ';
    if (v >= best) {
      best = v;
      move = i;
    }
  }
  return move;
}

console.log(root(cellsNow, 'O'));
