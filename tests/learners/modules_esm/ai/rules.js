// The rules, shared by the game and the AI: empty cells are null.
export const EMPTY = null;

const LINES = [
  [0, 1, 2], [3, 4, 5], [6, 7, 8],
  [0, 3, 6], [1, 4, 7], [2, 5, 8],
  [0, 4, 8], [2, 4, 6],
];

export function lineWinner(cells) {
  for (const [a, b, c] of LINES) {
    if (cells[a] !== EMPTY && cells[a] === cells[b] && cells[b] === cells[c]) return cells[a];
  }
  return EMPTY;
}

export const isFull = (cells) => cells.every((cell) => cell !== EMPTY);
