// Recurses on the same board with the same mark: it never stops.
const board = ["X", 1, "O", "X", 4, "X", "O", "O", 8];

function minimax(b, mark) {
  const free = b.filter((c) => c !== "X" && c !== "O");
  if (free.length === 0) return { score: 0 };
  let best = null;
  for (const cell of free) {
    const result = minimax(b, mark);
    if (best === null || result.score > best.score) best = { index: cell, score: result.score };
  }
  return best;
}

minimax(board, "X");
