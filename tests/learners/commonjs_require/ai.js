// The AI in a CommonJS module: the board holds '-' for an empty cell; the AI plays X.
const EMPTY = '-';
const LINES = [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]];

function hasLine(board, mark) {
  return LINES.some((line) => line.every((i) => board[i] === mark));
}

function minimax(board, mark) {
  if (hasLine(board, 'O')) return -1;
  if (hasLine(board, 'X')) return 1;
  if (!board.includes(EMPTY)) return 0;
  const scores = [];
  for (let i = 0; i < 9; i++) {
    if (board[i] !== EMPTY) continue;
    board[i] = mark;
    scores.push(minimax(board, mark === 'X' ? 'O' : 'X'));
    board[i] = EMPTY;
  }
  return mark === 'X' ? Math.max(...scores) : Math.min(...scores);
}

module.exports = { minimax, EMPTY };
