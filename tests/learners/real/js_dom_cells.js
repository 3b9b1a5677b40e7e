// Shape: the page whose search plays on the page itself: board is the list of cell elements,
// a free cell's textContent is '', checkWinner(mark) reads the GLOBAL cells, and aiMove()
// (run after the human's click) calls minimax(board, 'O').index.
const board = document.querySelectorAll('.cell');
const COMBOS = [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]];

function checkWinner(mark) {
  return COMBOS.some((c) => c.every((i) => board[i].textContent === mark));
}

function minimax(newBoard, player) {
  const free = [...newBoard].filter((cell) => cell.textContent === '');
  if (checkWinner('X')) return { score: -10 };
  if (checkWinner('O')) return { score: 10 };
  if (free.length === 0) return { score: 0 };
  const moves = [];
  free.forEach((cell) => {
    const index = parseInt(cell.getAttribute('data-index'));
    cell.textContent = player;
    moves.push({ index, score: minimax(newBoard, player === 'O' ? 'X' : 'O').score });
    cell.textContent = '';
  });
  let best = 0;
  moves.forEach((m, i) => {
    if (player === 'O' ? m.score > moves[best].score : m.score < moves[best].score) best = i;
  });
  return moves[best];
}

function aiMove() {
  board[minimax(board, 'O').index].textContent = 'O';
}

board.forEach((cell) => cell.addEventListener('click', () => {
  cell.textContent = 'X';
  aiMove();
}));
