// huPlayer/aiPlayer style: a top-level origBoard of indices, helpers read it.
var origBoard = Array.from(Array(9).keys());
const huPlayer = 'O';
const aiPlayer = 'X';
const lines = [[0,1,2],[3,4,5],[6,7,8],[0,3,6],[1,4,7],[2,5,8],[0,4,8],[2,4,6]];

function openCells() {
  return origBoard.filter(c => typeof c === 'number');
}
function won(b, who) {
  return lines.some(l => l.every(i => b[i] === who));
}
function minimax(newBoard, player) {
  var spots = openCells();
  if (won(newBoard, huPlayer)) return {score: -10};
  if (won(newBoard, aiPlayer)) return {score: 10};
  if (spots.length === 0) return {score: 0};
  var moves = [];
  for (var k = 0; k < spots.length; k++) {
    var move = {};
    move.index = newBoard[spots[k]];
    newBoard[spots[k]] = player;
    move.score = minimax(newBoard, player == aiPlayer ? huPlayer : aiPlayer).score;
    newBoard[spots[k]] = move.index;
    moves.push(move);
  }
  var best;
  if (player === aiPlayer) {
    var top = -Infinity;
    for (var k = 0; k < moves.length; k++) if (moves[k].score > top) { top = moves[k].score; best = k; }
  } else {
    var low = Infinity;
    for (var k = 0; k < moves.length; k++) if (moves[k].score < low) { low = moves[k].score; best = k; }
  }
  return moves[best];
}
function turnClick(square) {
  origBoard[square.target.id] = huPlayer;
  var m = minimax(origBoard, aiPlayer).index;
}
document.querySelectorAll('.cell').forEach(c => c.addEventListener('click', turnClick));
