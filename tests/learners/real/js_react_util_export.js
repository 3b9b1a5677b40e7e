// Shape: a React project's utils/minimax.js: an ES module that only exports its helpers and
// minimax(squares, isMaximizing) (null for a free square, the AI 'O' maximising, ±1); the
// component that calls it is JSX and never runs under node.
export function calculateWinner(squares) {
  const lines = [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]];
  for (const [a, b, c] of lines) {
    if (squares[a] && squares[a] === squares[b] && squares[a] === squares[c]) return squares[a];
  }
  return null;
}

export function minimax(squares, isMaximizing) {
  const winner = calculateWinner(squares);
  if (winner === 'O') return { score: 1 };
  if (winner === 'X') return { score: -1 };
  if (squares.every((s) => s !== null)) return { score: 0 };
  let best = { score: isMaximizing ? -Infinity : Infinity, index: -1 };
  squares.forEach((s, i) => {
    if (s !== null) return;
    squares[i] = isMaximizing ? 'O' : 'X';
    const { score } = minimax(squares, !isMaximizing);
    squares[i] = null;
    if (isMaximizing ? score > best.score : score < best.score) best = { score, index: i };
  });
  return best;
}
