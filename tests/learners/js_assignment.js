// Assigned, not declared (so a global), with a named function expression; cells hold their
// index when empty, as in the guide, and the empty-cell filter keeps numbers.
var origBoard = ["X", 1, "O", "X", 4, "X", "O", "O", 8];
var huPlayer = "O";
var aiPlayer = "X";

function emptyIndexies(board) {
  return board.filter((s) => typeof s === "number");
}

function winning(board, player) {
  const w = [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]];
  return w.some((l) => l.every((i) => board[i] === player));
}

miniMax = function minimaxSearch(newBoard, player) {
  var availSpots = emptyIndexies(newBoard);
  if (winning(newBoard, huPlayer)) return { score: -10 };
  else if (winning(newBoard, aiPlayer)) return { score: 10 };
  else if (availSpots.length === 0) return { score: 0 };
  var moves = [];
  for (var i = 0; i < availSpots.length; i++) {
    var move = {};
    move.index = newBoard[availSpots[i]];
    newBoard[availSpots[i]] = player;
    move.score = miniMax(newBoard, player == aiPlayer ? huPlayer : aiPlayer).score;
    newBoard[availSpots[i]] = move.index;
    moves.push(move);
  }
  var bestMove;
  if (player === aiPlayer) {
    var bestScore = -10000;
    for (var j = 0; j < moves.length; j++) if (moves[j].score > bestScore) { bestScore = moves[j].score; bestMove = j; }
  } else {
    var bestScore2 = 10000;
    for (var k = 0; k < moves.length; k++) if (moves[k].score < bestScore2) { bestScore2 = moves[k].score; bestMove = k; }
  }
  return moves[bestMove];
};

console.log(miniMax(origBoard, aiPlayer));
