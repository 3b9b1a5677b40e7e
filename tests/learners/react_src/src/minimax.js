// The AI plays O. Imports name files without their suffix, as the bundler allows.
import { calculateWinner, emptySquares } from './helpers';

export default function minimax(squares, isMaximizing) {
  const winner = calculateWinner(squares);
  if (winner === 'O') return 1;
  if (winner === 'X') return -1;
  const free = emptySquares(squares);
  if (free.length === 0) return 0;
  let best = isMaximizing ? -Infinity : Infinity;
  for (const i of free) {
    squares[i] = isMaximizing ? 'O' : 'X';
    const score = minimax(squares, !isMaximizing);
    squares[i] = null;
    best = isMaximizing ? Math.max(best, score) : Math.min(best, score);
  }
  return best;
}
