// The guide's minimax with a window added: {index, score} objects, fail-soft (the best found is
// returned even when it lies outside the window), cut as soon as alpha meets beta.
const origBoard = ["X", 1, "O", "X", 4, "X", "O", "O", 8];
const aiMark = "X";
const humanMark = "O";

function emptyCells(b) {
  return b.filter((c) => c !== "X" && c !== "O");
}

function won(b, m) {
  const lines = [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]];
  return lines.some(([p, q, r]) => b[p] === m && b[q] === m && b[r] === m);
}

function minimax(b, mark, alpha, beta) {
  const free = emptyCells(b);
  if (won(b, humanMark)) return { score: -1 };
  if (won(b, aiMark)) return { score: 1 };
  if (free.length === 0) return { score: 0 };
  let best = null;
  for (const cell of free) {
    b[cell] = mark;
    const score = minimax(b, mark === aiMark ? humanMark : aiMark, alpha, beta).score;
    b[cell] = cell;
    if (mark === aiMark) {
      if (best === null || score > best.score) best = { index: cell, score };
      alpha = Math.max(alpha, score);
    } else {
      if (best === null || score < best.score) best = { index: cell, score };
      beta = Math.min(beta, score);
    }
    if (alpha >= beta) break;
  }
  return best;
}

const choice = minimax(origBoard, aiMark, -Infinity, Infinity);
console.log(choice.index);
