// The guide's minimax with a shortcut many learners add: once a test-play wins for the side to
// move, nothing can beat it, so the loop stops there.
const origBoard = [0, 1, 2, "O", "X", 5, 6, 7, 8];
const aiMark = "X";
const humanMark = "O";

function emptyCells(b) {
  return b.filter((c) => c !== "X" && c !== "O");
}

function isWin(b, m) {
  const lines = [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]];
  return lines.some((line) => line.every((i) => b[i] === m));
}

function minimax(b, mark) {
  const free = emptyCells(b);
  if (isWin(b, humanMark)) return { score: -1 };
  if (isWin(b, aiMark)) return { score: 1 };
  if (free.length === 0) return { score: 0 };
  const target = mark === aiMark ? 1 : -1;
  let best = null;
  for (const cell of free) {
    b[cell] = mark;
    const score = minimax(b, mark === aiMark ? humanMark : aiMark).score;
    b[cell] = cell;
    const better = best === null || (mark === aiMark ? score > best.score : score < best.score);
    if (better) best = { index: cell, score };
    if (score === target) break;
  }
  return best;
}

console.log(minimax(origBoard, aiMark).index);
