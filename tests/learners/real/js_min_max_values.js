// Shape: two functions that call each other, maxValue(board) for the computer (2, shown O) and
// minValue(board) for the human (1, shown X), on a numeric board (0 empty); each test-play is
// made on a copy (board.slice(0)), so nothing is taken back. aiChoice(board) returns a cell.
const LINES = [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]];
const MARK = ['', 'X', 'O'];

function wonBy(board, who) {
  return LINES.some(l => l.every(i => board[i] === who));
}

function endValue(board) {
  if (wonBy(board, 2)) return 1;
  if (wonBy(board, 1)) return -1;
  if (board.indexOf(0) === -1) return 0;
  return null;
}

function maxValue(board) {
  const end = endValue(board);
  if (end !== null) return end;
  let best = -10;
  for (let n = 0; n < 9; n++) {
    if (board[n] !== 0) continue;
    const next = board.slice(0);
    next[n] = 2;
    best = Math.max(best, minValue(next));
  }
  return best;
}

function minValue(board) {
  const end = endValue(board);
  if (end !== null) return end;
  let best = 10;
  for (let n = 0; n < 9; n++) {
    if (board[n] !== 0) continue;
    const next = board.slice(0);
    next[n] = 1;
    best = Math.min(best, maxValue(next));
  }
  return best;
}

function aiChoice(board) {
  let bestIndex = -1, bestScore = -10;
  for (let n = 0; n < 9; n++) {
    if (board[n] !== 0) continue;
    const next = board.slice(0);
    next[n] = 2;
    const value = minValue(next);
    if (value > bestScore) { bestScore = value; bestIndex = n; }
  }
  return bestIndex;
}

const board = [1, 0, 0, 0, 2, 0, 0, 0, 1];
console.log(board.map(c => MARK[c] || '.').join(''), aiChoice(board));
