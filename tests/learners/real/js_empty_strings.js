// Shape: the vanilla page's version. board is nine '' / 'X' / 'O' strings, availSpots is
// built with map/filter on === "", the computer is "O" with ±10 and {index, score} moves,
// the human's win checked first; getAIMove() calls minimax(board, "O").index.
let board = ["X", "", "O", "X", "", "", "O", "", "X"];
const LINES = [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]];

function checkWinner(b, p) {
  return LINES.some(([a, c, d]) => b[a] === p && b[c] === p && b[d] === p);
}

function minimax(newBoard, player) {
  const availSpots = newBoard.map((v, i) => (v === "" ? i : null)).filter(i => i !== null);
  if (checkWinner(newBoard, "X")) return { score: -10 };
  if (checkWinner(newBoard, "O")) return { score: 10 };
  if (availSpots.length === 0) return { score: 0 };
  const moves = [];
  for (const spot of availSpots) {
    newBoard[spot] = player;
    const score = minimax(newBoard, player === "O" ? "X" : "O").score;
    newBoard[spot] = "";
    moves.push({ index: spot, score });
  }
  let best = 0;
  for (let i = 1; i < moves.length; i++) {
    if (player === "O" ? moves[i].score > moves[best].score : moves[i].score < moves[best].score) best = i;
  }
  return moves[best];
}

function getAIMove() {
  return minimax(board, "O").index;
}

console.log(getAIMove());
