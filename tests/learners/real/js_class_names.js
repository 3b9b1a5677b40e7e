// Shape: the page that marks cells with CSS class names: the board holds "x" / "circle" where
// played and the cell's number where free; emptySquares(board) keeps the numbers; the computer
// plays "circle" and bestSpot() calls minimax(originalBoard, CIRCLE_CLASS).
const X_CLASS = "x";
const CIRCLE_CLASS = "circle";
const originalBoard = ["x", 1, "circle", "x", 4, 5, "circle", 7, "x"];
const COMBOS = [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]];

function emptySquares(board) {
  return board.filter((v) => typeof v == "number");
}

function checkWin(board, player) {
  return COMBOS.some((combo) => combo.every((i) => board[i] === player));
}

function minimax(newBoard, player) {
  const availableSpots = emptySquares(newBoard);
  if (checkWin(newBoard, X_CLASS)) return { score: -10 };
  if (checkWin(newBoard, CIRCLE_CLASS)) return { score: 10 };
  if (availableSpots.length === 0) return { score: 0 };
  const moves = [];
  for (let i = 0; i < availableSpots.length; i++) {
    const move = { index: newBoard[availableSpots[i]] };
    newBoard[availableSpots[i]] = player;
    move.score = minimax(newBoard, player == CIRCLE_CLASS ? X_CLASS : CIRCLE_CLASS).score;
    newBoard[availableSpots[i]] = move.index;
    moves.push(move);
  }
  let chosen = 0;
  moves.forEach((m, i) => {
    if (player === CIRCLE_CLASS ? m.score > moves[chosen].score : m.score < moves[chosen].score) chosen = i;
  });
  return moves[chosen];
}

function bestSpot() {
  return minimax(originalBoard, CIRCLE_CLASS).index;
}

console.log(bestSpot());
