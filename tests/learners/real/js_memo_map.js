// Shape: the guide's minimax(newBoard, player) with a Map of its answers ({index, score}) keyed by
// the board joined into a string: a board met again (another order of the same moves, or a later
// turn) is not searched again.
const huPlayer = 'X', aiPlayer = 'O';
const seen = new Map();
let origBoard = ['X', 1, 'O', 3, 4, 5, 6, 7, 'X'];

function emptyIndexies(board) {
  return board.filter(s => s !== 'O' && s !== 'X');
}

function winning(board, p) {
  const w = [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]];
  return w.some(([a, b, c]) => board[a] === p && board[b] === p && board[c] === p);
}

function minimax(newBoard, player) {
  const key = newBoard.join(',') + player;
  if (seen.has(key)) return seen.get(key);
  const availSpots = emptyIndexies(newBoard);
  if (winning(newBoard, huPlayer)) return { score: -10 };
  if (winning(newBoard, aiPlayer)) return { score: 10 };
  if (availSpots.length === 0) return { score: 0 };
  const moves = [];
  for (const spot of availSpots) {
    newBoard[spot] = player;
    const result = minimax(newBoard, player === aiPlayer ? huPlayer : aiPlayer);
    moves.push({ index: spot, score: result.score });
    newBoard[spot] = spot;
  }
  let best = 0;
  for (let i = 1; i < moves.length; i++) {
    if (player === aiPlayer ? moves[i].score > moves[best].score : moves[i].score < moves[best].score) best = i;
  }
  seen.set(key, moves[best]);
  return moves[best];
}

console.log(minimax(origBoard, aiPlayer).index);
