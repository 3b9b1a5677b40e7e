// Misspells a helper in the branch for the human's test-plays: a ReferenceError at depth 1.
const state = ["X", 1, "O", "X", 4, "X", "O", "O", 8];
const win = (b, m) => [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]]
  .some((l) => l.every((i) => b[i] === m));

function minimax(b, mark) {
  if (win(b, "O")) return { score: -1 };
  if (win(b, "X")) return { score: 1 };
  const free = b.filter((c) => c !== "X" && c !== "O");
  if (!free.length) return { score: 0 };
  const plays = [];
  for (const cell of free) {
    b[cell] = mark;
    const score = mark === "X" ? minimax(b, "O").score : minimaxx(b, "X").score;
    b[cell] = cell;
    plays.push({ index: cell, score });
  }
  return plays.reduce((best, p) => ((mark === "X" ? p.score > best.score : p.score < best.score) ? p : best));
}

console.log(minimax(state, "X"));
