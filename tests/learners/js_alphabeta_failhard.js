// Fail-hard alpha-beta: a call never returns outside its window (it returns alpha or beta
// instead), numbers only; the AI's own loop at the top raises alpha between its test-plays.
let board = ["X", "O", "", "", "X", "", "", "", "O"];
const AI = "X";
const HUMAN = "O";

function lineOf(b, m) {
  const lines = [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]];
  return lines.some((l) => l.every((i) => b[i] === m));
}

function minimax(b, depth, alpha, beta, maximizing) {
  if (lineOf(b, HUMAN)) return -1;
  if (lineOf(b, AI)) return 1;
  if (!b.includes("")) return 0;
  for (let i = 0; i < 9; i++) {
    if (b[i] !== "") continue;
    b[i] = maximizing ? AI : HUMAN;
    const score = minimax(b, depth + 1, alpha, beta, !maximizing);
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
    const score = minimax(b, 1, alpha, Infinity, false);
    b[i] = "";
    if (score > alpha) {
      alpha = score;
      move = i;
    }
  }
  return move;
}

console.log(bestMove(board));
