// Shape: the p5.js sketch with alpha-beta checked on entry: no break in the loops; instead a
// call that finds alpha >= beta on entry returns at once, +Infinity for MAX and -Infinity for
// MIN (values its parent never keeps). Otherwise as the p5 sketch: global board, ±10, AI X.
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
  if (alpha >= beta) return isMaximizing ? Infinity : -Infinity;
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
