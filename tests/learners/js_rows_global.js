// A p5.js sketch's shape: rows of three, empty cells as "", minimax(board, depth, isMaximizing),
// and checkWinner() reading the global board rather than its argument. Under node nothing
// calls setup(), so the program never searches by itself.
let board = [
  ["X", "", "O"],
  ["X", "", "X"],
  ["O", "O", ""],
];
const ai = "X";
const human = "O";
let currentPlayer = human;

function equals3(a, b, c) {
  return a === b && b === c && a !== "";
}

function checkWinner() {
  for (let i = 0; i < 3; i++) {
    if (equals3(board[i][0], board[i][1], board[i][2])) return board[i][0];
    if (equals3(board[0][i], board[1][i], board[2][i])) return board[0][i];
  }
  if (equals3(board[0][0], board[1][1], board[2][2])) return board[0][0];
  if (equals3(board[2][0], board[1][1], board[0][2])) return board[2][0];
  let open = 0;
  for (const row of board) for (const cell of row) if (cell === "") open++;
  return open === 0 ? "tie" : null;
}

const scores = { X: 10, O: -10, tie: 0 };

function minimax(board, depth, isMaximizing) {
  const result = checkWinner();
  if (result !== null) return scores[result];
  let bestScore = isMaximizing ? -Infinity : Infinity;
  for (let i = 0; i < 3; i++) {
    for (let j = 0; j < 3; j++) {
      if (board[i][j] === "") {
        board[i][j] = isMaximizing ? ai : human;
        const score = minimax(board, depth + 1, !isMaximizing);
        board[i][j] = "";
        bestScore = isMaximizing ? Math.max(score, bestScore) : Math.min(score, bestScore);
      }
    }
  }
  return bestScore;
}

function bestMove() {
  let bestScore = -Infinity;
  let move;
  for (let i = 0; i < 3; i++) {
    for (let j = 0; j < 3; j++) {
      if (board[i][j] === "") {
        board[i][j] = ai;
        const score = minimax(board, 0, false);
        board[i][j] = "";
        if (score > bestScore) {
          bestScore = score;
          move = { i, j };
        }
      }
    }
  }
  board[move.i][move.j] = ai;
  currentPlayer = human;
}

function setup() {
  createCanvas(400, 400);
  bestMove();
}
