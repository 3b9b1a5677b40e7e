// Shape: mmMove(board, player) returns [score, move]: a finished board returns [its score, -1];
// the board is an array of 'X', 'O' and '' and the scores are from X's side (X maximises).
// The page asks for O's move on its board.
const WIN_LINES = [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]];
const SCORES = { X: 1, draw: 0, O: -1 };

function checkWin(board) {
  for (const [a, b, c] of WIN_LINES) {
    if (board[a] && board[a] === board[b] && board[a] === board[c]) return board[a];
  }
  return board.includes('') ? null : 'draw';
}

function switchPlayer(p) {
  return p === 'X' ? 'O' : 'X';
}

function mmMove(board, player) {
  const done = checkWin(board);
  if (done !== null) return [SCORES[done], -1];
  let best = [player === 'X' ? -2 : 2, -1];
  board.forEach((cell, i) => {
    if (cell !== '') return;
    board[i] = player;
    const [score] = mmMove(board, switchPlayer(player));
    board[i] = '';
    if (player === 'X' ? score > best[0] : score < best[0]) best = [score, i];
  });
  return best;
}

const board = ['X', '', '', '', 'O', '', '', '', 'X'];
console.log(mmMove(board, 'O')[1]);
