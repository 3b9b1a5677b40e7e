// Shape: a numeric board, 0 empty, 2 the human (X) and 1 the computer (O); the page shows
// each number through a table of symbols. The computer is O.
const EMPTY = 0, HUMAN = 2, COMPUTER = 1;
const SYMBOL = { [EMPTY]: '', [HUMAN]: 'X', [COMPUTER]: 'O' };
const WINS = [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]];

function has(board, who) {
  return WINS.some(([a, b, c]) => board[a] === who && board[b] === who && board[c] === who);
}

function minimax(board, who) {
  if (has(board, COMPUTER)) return { score: 10 };
  if (has(board, HUMAN)) return { score: -10 };
  if (!board.includes(EMPTY)) return { score: 0 };
  const tries = [];
  for (let i = 0; i < 9; i++) {
    if (board[i] !== EMPTY) continue;
    board[i] = who;
    tries.push({ index: i, score: minimax(board, who === COMPUTER ? HUMAN : COMPUTER).score });
    board[i] = EMPTY;
  }
  let pick = tries[0];
  for (const t of tries) {
    if (who === COMPUTER ? t.score > pick.score : t.score < pick.score) pick = t;
  }
  return pick;
}

const board = [HUMAN, EMPTY, COMPUTER, HUMAN, EMPTY, EMPTY, COMPUTER, EMPTY, HUMAN];
console.log(board.map(c => SYMBOL[c] || '.').join(''), minimax(board, COMPUTER).index);
