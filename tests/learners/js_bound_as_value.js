// Fail-hard alpha-beta under an AI loop that keeps a move on >= : a later test-play whose search
// was cut comes back as alpha itself, ties with the best so far, and takes its place.
const board = ["X", "X", "", "", "O", "", "", "", "O"];
const AI = "X";
const HUMAN = "O";

function hasLine(b, m) {
  const lines = [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]];
  return lines.some(([p, q, r]) => b[p] === m && b[q] === m && b[r] === m);
}

function minimax(b, alpha, beta, maximizing) {
  if (hasLine(b, HUMAN)) return -1;
  if (hasLine(b, AI)) return 1;
  if (!b.includes("")) return 0;
  for (let i = 0; i < 9; i++) {
    if (b[i] !== "") continue;
    b[i] = maximizing ? AI : HUMAN;
    const score = minimax(b, alpha, beta, !maximizing);
    b[i] = "";
    if (maximizing) {
      if (score >= beta) return beta;
      if (score > alpha) alpha = score;
    } else {
      if (score <= alpha) return alpha;
      if (score < beta) beta = score;
    }
  }
  return maximizing ? alpha : beta;
}

function bestMove(b) {
  let alpha = -Infinity;
  let move = -1;
  for (let i = 0; i < 9; i++) {
    if (b[i] !== "") continue;
    b[i] = AI;
    const score = minimax(b, alpha, Infinity, false);
    b[i] = "";
    if (score >= alpha) {
      alpha = score;
      move = i;
    }
  }
  return move;
}

console.log(bestMove(board));
