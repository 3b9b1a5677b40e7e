// The board's score first, then each move's: the first move that keeps the board's score is played.
const board = ["X", "", "", "", "O", "", "", "", ""];
const LINES = [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]];

function winner(b) {
  const line = LINES.find(([p, q, r]) => b[p] !== "" && b[p] === b[q] && b[q] === b[r]);
  return line ? b[line[0]] : null;
}

function minimax(b, isMax) {
  const w = winner(b);
  if (w === "X") return 1;
  if (w === "O") return -1;
  if (!b.includes("")) return 0;
  const scores = [];
  b.forEach((cell, i) => {
    if (cell !== "") return;
    b[i] = isMax ? "X" : "O";
    scores.push(minimax(b, !isMax));
    b[i] = "";
  });
  return isMax ? Math.max(...scores) : Math.min(...scores);
}

function pickMove(b) {
  const target = minimax(b, true);
  for (let i = 0; i < 9; i++) {
    if (b[i] !== "") continue;
    b[i] = "X";
    const score = minimax(b, false);
    b[i] = "";
    if (score === target) return i;
  }
  return -1;
}

console.log(pickMove(board));
