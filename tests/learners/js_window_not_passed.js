// Alpha-beta written out, but each recursive call is started with a fresh window, so no call
// ever cuts.
const board = ["X", "O", "", "", "X", "", "", "", "O"];
const LINES = [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]];

function wins(b, m) {
  return LINES.some(([p, q, r]) => b[p] === m && b[q] === m && b[r] === m);
}

function minimax(b, alpha, beta, isMax) {
  if (wins(b, "O")) return -1;
  if (wins(b, "X")) return 1;
  if (!b.includes("")) return 0;
  let best = isMax ? -Infinity : Infinity;
  for (let i = 0; i < 9; i++) {
    if (b[i] !== "") continue;
    b[i] = isMax ? "X" : "O";
    const score = minimax(b, -Infinity, Infinity, !isMax);
    b[i] = "";
    if (isMax) {
      best = Math.max(best, score);
      alpha = Math.max(alpha, best);
    } else {
      best = Math.min(best, score);
      beta = Math.min(beta, best);
    }
    if (alpha >= beta) break;
  }
  return best;
}

function bestMove(b) {
  let bestScore = -Infinity;
  let move = -1;
  for (let i = 0; i < 9; i++) {
    if (b[i] !== "") continue;
    b[i] = "X";
    const score = minimax(b, -Infinity, Infinity, false);
    b[i] = "";
    if (score > bestScore) {
      bestScore = score;
      move = i;
    }
  }
  return move;
}

console.log(bestMove(board));
