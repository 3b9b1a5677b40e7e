// Alpha-beta with the bounds mixed up: the AI's branch lowers beta and the human's raises alpha
// (each keeps its own max or min), and the loop stops once alpha reaches beta.
const board = ["", "", "", "", "X", "", "", "", "O"];
const ai = "X";
const human = "O";
const LINES = [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]];

function winnerOf(b) {
  for (const [p, q, r] of LINES) {
    if (b[p] && b[p] === b[q] && b[q] === b[r]) return b[p];
  }
  return null;
}

function minimax(b, alpha, beta, isMax) {
  const w = winnerOf(b);
  if (w === human) return -1;
  if (w === ai) return 1;
  if (b.every((c) => c !== "")) return 0;
  let best = isMax ? -Infinity : Infinity;
  for (let i = 0; i < 9; i++) {
    if (b[i] !== "") continue;
    b[i] = isMax ? ai : human;
    const score = minimax(b, alpha, beta, !isMax);
    b[i] = "";
    if (isMax) {
      best = Math.max(best, score);
      beta = Math.min(beta, best);
    } else {
      best = Math.min(best, score);
      alpha = Math.max(alpha, best);
    }
    if (alpha >= beta) break;
  }
  return best;
}

function bestMove(b) {
  let bestScore = -Infinity;
  let move = null;
  for (let i = 0; i < 9; i++) {
    if (b[i] !== "") continue;
    b[i] = ai;
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
