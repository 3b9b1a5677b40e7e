// Shape: the popular huPlayer / aiPlayer version, broken: the test-play is never taken back.
var origBoard = ['X', 1, 'O', 'X', 4, 5, 'O', 7, 'X'];
var huPlayer = 'X';
var aiPlayer = 'O';
var winCombos = [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [6, 4, 2]];

function emptySquares() {
  return origBoard.filter(s => typeof s == 'number');
}

function checkWin(board, player) {
  let plays = board.reduce((a, e, i) => (e === player ? a.concat(i) : a), []);
  for (let combo of winCombos) {
    if (combo.every(elem => plays.indexOf(elem) > -1)) return { player: player };
  }
  return null;
}

function minimax(newBoard, player) {
  var availSpots = emptySquares();
  if (checkWin(newBoard, huPlayer)) {
    return { score: -10 };
  } else if (checkWin(newBoard, aiPlayer)) {
    return { score: 10 };
  } else if (availSpots.length === 0) {
    return { score: 0 };
  }
  var moves = [];
  for (var i = 0; i < availSpots.length; i++) {
    var move = {};
    move.index = newBoard[availSpots[i]];
    newBoard[availSpots[i]] = player;
    if (player == aiPlayer) {
      move.score = minimax(newBoard, huPlayer).score;
    } else {
      move.score = minimax(newBoard, aiPlayer).score;
    }
    moves.push(move);
  }
  var bestMove;
  if (player === aiPlayer) {
    var bestScore = -10000;
    for (var i = 0; i < moves.length; i++) {
      if (moves[i].score > bestScore) { bestScore = moves[i].score; bestMove = i; }
    }
  } else {
    var bestScore = 10000;
    for (var i = 0; i < moves.length; i++) {
      if (moves[i].score < bestScore) { bestScore = moves[i].score; bestMove = i; }
    }
  }
  return moves[bestMove];
}

function bestSpot() {
  return minimax(origBoard, aiPlayer).index;
}

console.log(bestSpot());
