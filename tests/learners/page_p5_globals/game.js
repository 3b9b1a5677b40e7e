// A p5 sketch in global mode: its top-level code sizes the board from the window with p5's own
// helpers; p5 calls setup() once, which sets up a game already under way and lets the computer
// (X) answer. The search takes only a depth and whose turn it is and plays on `board`.
const SIDE = min(windowWidth, windowHeight, 450);
let cellSize = floor(SIDE / 3);
let shade = floor(random(200, 255));
let board = ['', '', '', '', '', '', '', '', ''];
const ai = 'X';
const human = 'O';
const TRIPLES = [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]];

function setup() {
  createCanvas(SIDE, SIDE);
  cellSize = width / 3;
  board = ['X', '', '', '', 'O', '', '', '', ''];
  computerMove();
}

function draw() {
  background(shade);
  for (let i = 0; i < 9; i++) {
    text(board[i], (i % 3) * cellSize + cellSize / 2, floor(i / 3) * cellSize + cellSize / 2);
  }
}

function winnerNow() {
  for (const [a, b, c] of TRIPLES) {
    if (board[a] !== '' && board[a] === board[b] && board[a] === board[c]) return board[a];
  }
  return board.includes('') ? null : 'tie';
}

function minimax(depth, isMaximizing) {
  const result = winnerNow();
  if (result === ai) return 10;
  if (result === human) return -10;
  if (result === 'tie') return 0;
  let best = isMaximizing ? -Infinity : Infinity;
  for (let i = 0; i < 9; i++) {
    if (board[i] === '') {
      board[i] = isMaximizing ? ai : human;
      const score = minimax(depth + 1, !isMaximizing);
      board[i] = '';
      best = isMaximizing ? max(score, best) : min(score, best);
    }
  }
  return best;
}

function computerMove() {
  let bestScore = -Infinity;
  let move = -1;
  for (let i = 0; i < 9; i++) {
    if (board[i] === '') {
      board[i] = ai;
      const score = minimax(0, false);
      board[i] = '';
      if (score > bestScore) {
        bestScore = score;
        move = i;
      }
    }
  }
  board[move] = ai;
  console.log('computer plays', move);
}
