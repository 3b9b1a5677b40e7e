// Negamax with a colour: +1 for X, -1 for O; scores from the side to move.
const LINES = [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]];

function negamax(board, color) {
  const me = color === 1 ? "X" : "O";
  const them = color === 1 ? "O" : "X";
  if (LINES.some((l) => l.every((i) => board[i] === them))) return -1;
  if (!board.includes(" ")) return 0;
  let best = -Infinity;
  board.forEach((cell, i) => {
    if (cell !== " ") return;
    board[i] = me;
    best = Math.max(best, -negamax(board, -color));
    board[i] = " ";
  });
  return best;
}

console.log(negamax(["X", " ", "O", "X", " ", "X", "O", "O", " "], 1));
