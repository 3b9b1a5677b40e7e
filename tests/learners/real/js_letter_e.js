// Shape: a guide-style page whose free cells hold the letter 'E'; board_array is global,
// the computer 'O' scores +20 for its win and -10 for the human's (an uneven scale), and
// makeComputerMove() calls minimax(board_array, 'O').index.
var board_array = ['X', 'E', 'O', 'X', 'E', 'E', 'O', 'E', 'X'];
var winner = [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]];

function checkWinForAlgorithm(board, player) {
  for (var i = 0; i < winner.length; i++) {
    var w = winner[i];
    if (board[w[0]] === player && board[w[1]] === player && board[w[2]] === player) return true;
  }
  return false;
}

function minimax(newBoard, player) {
  var availSpots = [];
  for (var i = 0; i < newBoard.length; i++) if (newBoard[i] === 'E') availSpots.push(i);
  if (checkWinForAlgorithm(newBoard, 'X')) return { score: -10 };
  if (checkWinForAlgorithm(newBoard, 'O')) return { score: 20 };
  if (availSpots.length === 0) return { score: 0 };
  var moves = [];
  for (var j = 0; j < availSpots.length; j++) {
    var move = { index: availSpots[j] };
    newBoard[availSpots[j]] = player;
    move.score = minimax(newBoard, player === 'O' ? 'X' : 'O').score;
    newBoard[availSpots[j]] = 'E';
    moves.push(move);
  }
  var best = 0;
  for (var k = 1; k < moves.length; k++) {
    if (player === 'O' ? moves[k].score > moves[best].score : moves[k].score < moves[best].score) best = k;
  }
  return moves[best];
}

function makeComputerMove() {
  return minimax(board_array, 'O').index;
}

console.log(makeComputerMove());
