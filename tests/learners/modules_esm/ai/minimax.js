import { EMPTY, isFull, lineWinner } from './rules.js';

export const HUMAN = 'X';
export const AI = 'O';

// Scores from the AI's view: +1 when O has a line, -1 when X has, 0 for a full board.
export function minimax(cells, mark) {
  const winner = lineWinner(cells);
  if (winner === HUMAN) return { score: -1 };
  if (winner === AI) return { score: 1 };
  if (isFull(cells)) return { score: 0 };
  let best = null;
  for (let i = 0; i < cells.length; i++) {
    if (cells[i] !== EMPTY) continue;
    cells[i] = mark;
    const { score } = minimax(cells, mark === AI ? HUMAN : AI);
    cells[i] = EMPTY;
    const better = best === null || (mark === AI ? score > best.score : score < best.score);
    if (better) best = { index: i, score };
  }
  return best;
}
