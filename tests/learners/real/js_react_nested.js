// Shape: the React app's helper. squares is nine null / 'X' / 'O'; getBestMove(squares, player)
// defines an arrow minimax(board, depth, isMaximizing) inside itself, scoring a win 10 - depth
// and a loss depth - 10, and loops over the cells calling minimax(squares, 0, false) on each.
const calculateWinner = (squares) => {
  const lines = [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]];
  for (const [a, b, c] of lines) {
    if (squares[a] && squares[a] === squares[b] && squares[a] === squares[c]) return squares[a];
  }
  return null;
};

const getBestMove = (squares, player) => {
  const opponent = player === "X" ? "O" : "X";
  const minimax = (board, depth, isMaximizing) => {
    const winner = calculateWinner(board);
    if (winner === player) return 10 - depth;
    if (winner === opponent) return depth - 10;
    if (board.every((cell) => cell !== null)) return 0;
    let best = isMaximizing ? -Infinity : Infinity;
    for (let i = 0; i < 9; i++) {
      if (board[i] !== null) continue;
      board[i] = isMaximizing ? player : opponent;
      const score = minimax(board, depth + 1, !isMaximizing);
      board[i] = null;
      best = isMaximizing ? Math.max(best, score) : Math.min(best, score);
    }
    return best;
  };
  let bestScore = -Infinity;
  let bestMove = null;
  for (let i = 0; i < 9; i++) {
    if (squares[i] !== null) continue;
    squares[i] = player;
    const score = minimax(squares, 1, false);
    squares[i] = null;
    if (score > bestScore) {
      bestScore = score;
      bestMove = i;
    }
  }
  return bestMove;
};

const squares = ["X", null, "O", "X", null, null, "O", null, "X"];
console.log(getBestMove(squares, "O"));
