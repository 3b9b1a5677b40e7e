// The page's state, loaded first: cells hold their own index until a mark is put there.
let origBoard = ['O', 1, 'X', 'X', 4, 5, 6, 7, 'O'];
const huPlayer = 'O';
const aiPlayer = 'X';
const winCombos = [
  [0, 1, 2], [3, 4, 5], [6, 7, 8],
  [0, 3, 6], [1, 4, 7], [2, 5, 8],
  [0, 4, 8], [6, 4, 2],
];

function emptySquares(board) {
  return board.filter((s) => typeof s === 'number');
}

function checkWin(board, player) {
  return winCombos.some((combo) => combo.every((i) => board[i] === player));
}
