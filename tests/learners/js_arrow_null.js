// Arrow functions, empty cells as null, lowercase marks, scores of ±10 with the AI's
// win checked first (as in Glyn Lewington's game).
const aiPlayer = "x";
const huPlayer = "o";
const board = [null, null, null, null, null, null, null, null, null];
Object.assign(board, { 0: "x", 2: "o", 3: "x", 5: "x", 6: "o", 7: "o" });

const lines = [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]];
const checkWin = (player, b) => lines.some((l) => l.every((i) => b[i] === player));
const freeSquares = (b) => b.map((v, i) => (v === null ? i : -1)).filter((i) => i >= 0);

const minimax = (b, player) => {
  if (checkWin(aiPlayer, b)) return { score: 10 };
  if (checkWin(huPlayer, b)) return { score: -10 };
  const free = freeSquares(b);
  if (free.length === 0) return { score: 0 };
  const moves = free.map((i) => {
    b[i] = player;
    const score = minimax(b, player === aiPlayer ? huPlayer : aiPlayer).score;
    b[i] = null;
    return { index: i, score };
  });
  const pick = player === aiPlayer ? Math.max : Math.min;
  const best = pick(...moves.map((m) => m.score));
  return moves.find((m) => m.score === best);
};

console.log(minimax(board, aiPlayer));
