// The board lives at the top level only: minimax(depth, isMaximizing) reads and writes it.
let grid = ["X", "", "O", "X", "", "X", "O", "O", ""];
const LINES = [[0,1,2],[3,4,5],[6,7,8],[0,3,6],[1,4,7],[2,5,8],[0,4,8],[2,4,6]];
function lineOf(mark) { return LINES.some((l) => l.every((i) => grid[i] === mark)); }
function minimax(depth, isMaximizing) {
  if (lineOf("X")) return 10 - depth;
  if (lineOf("O")) return depth - 10;
  if (!grid.includes("")) return 0;
  let best = isMaximizing ? -Infinity : Infinity;
  for (let i = 0; i < 9; i++) {
    if (grid[i] !== "") continue;
    grid[i] = isMaximizing ? "X" : "O";
    const v = minimax(depth + 1, !isMaximizing);
    grid[i] = "";
    best = isMaximizing ? Math.max(best, v) : Math.min(best, v);
  }
  return best;
}
