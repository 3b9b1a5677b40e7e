// Shape: the p5.js sketch with alpha-beta. A global 3x3 board of '' / 'X' / 'O', the AI is X;
// checkWinner() reads the GLOBAL board and returns 'X', 'O', 'tie' or null; a scores table
// gives ±10; bestMove() tries each cell and calls minimax(board, 0, -Infinity, Infinity, false);
// each level keeps its best, narrows alpha or beta and breaks when beta <= alpha.
let board = [["X", "", "O"], ["", "O", ""], ["X", "", ""]];
const ai = "X";
const human = "O";
const scores = { X: 10, O: -10, tie: 0 };

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

function minimax(board, depth, alpha, beta, isMaximizing) {
  const result = checkWinner();
  if (result !== null) return scores[result];
  let best = isMaximizing ? -Infinity : Infinity;
  for (let i = 0; i < 3; i++) {
    for (let j = 0; j < 3; j++) {
      if (board[i][j] !== "") continue;
      board[i][j] = isMaximizing ? ai : human;
      const score = minimax(board, depth + 1, alpha, beta, !isMaximizing);
      board[i][j] = "";
      if (isMaximizing) {
        best = Math.max(score, best);
        alpha = Math.max(alpha, score);
      } else {
        best = Math.min(score, best);
        beta = Math.min(beta, score);
      }
      if (beta <= alpha) return best;
    }
  }
  return best;
}

function bestMove() {
  let bestScore = -Infinity;
  let move;
  for (let i = 0; i < 3; i++) {
    for (let j = 0; j < 3; j++) {
      if (board[i][j] === "") {
        board[i][j] = ai;
        const score = minimax(board, 0, -Infinity, Infinity, false);
        board[i][j] = "";
        if (score > bestScore) {
          bestScore = score;
          move = { i, j };
        }
      }
    }
  }
  return move.i * 3 + move.j;
}

console.log(bestMove());
