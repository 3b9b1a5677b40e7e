// The first call (depth 0) returns the best cell; every other call returns a score, 10 - depth for X.
const W = [[0,1,2],[3,4,5],[6,7,8],[0,3,6],[1,4,7],[2,5,8],[0,4,8],[2,4,6]];
const won = (b, m) => W.some((l) => l.every((i) => b[i] === m));
let board = ["X", "", "O", "X", "", "X", "O", "O", ""];
function minimax(b, depth, isMax) {
  if (won(b, "X")) return 10 - depth;
  if (won(b, "O")) return depth - 10;
  if (!b.includes("")) return 0;
  let bestScore = isMax ? -Infinity : Infinity;
  let bestMove = -1;
  for (let i = 0; i < 9; i++) {
    if (b[i] !== "") continue;
    b[i] = isMax ? "X" : "O";
    const s = minimax(b, depth + 1, !isMax);
    b[i] = "";
    if (isMax ? s > bestScore : s < bestScore) { bestScore = s; bestMove = i; }
  }
  return depth === 0 ? bestMove : bestScore;
}
console.log(minimax(board, 0, true));
