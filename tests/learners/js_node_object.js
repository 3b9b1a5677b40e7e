// A node object: {cells, turn}; tracer cannot guess it.
const LINES = [[0,1,2],[3,4,5],[6,7,8],[0,3,6],[1,4,7],[2,5,8],[0,4,8],[2,4,6]];
const game = { cells: ["X", "", "O", "X", "", "X", "O", "O", ""], turn: "X" };
function winnerOf(c) {
  for (const [a, b, d] of LINES) if (c[a] && c[a] === c[b] && c[b] === c[d]) return c[a];
  return null;
}
function minimax(node) {
  const w = winnerOf(node.cells);
  if (w === "X") return 1;
  if (w === "O") return -1;
  if (!node.cells.includes("")) return 0;
  const values = [];
  for (let i = 0; i < 9; i++) {
    if (node.cells[i] !== "") continue;
    node.cells[i] = node.turn;
    node.turn = node.turn === "X" ? "O" : "X";
    values.push(minimax(node));
    node.turn = node.turn === "X" ? "O" : "X";
    node.cells[i] = "";
  }
  return node.turn === "X" ? Math.max(...values) : Math.min(...values);
}
module.exports = { minimax, game };
