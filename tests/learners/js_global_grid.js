// The board is one top-level array of nine cells ('' for empty); the search takes only a depth
// and whose turn it is, and plays and takes back its test-plays on that array itself.
let grid = ['', '', '', '', '', '', '', '', ''];
const LINES = [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]];

function lineOwner() {
  for (const [a, b, c] of LINES) {
    if (grid[a] !== '' && grid[a] === grid[b] && grid[b] === grid[c]) return grid[a];
  }
  return null;
}

function minimax(depth, isMax) {
  const owner = lineOwner();
  if (owner === 'O') return -1;
  if (owner === 'X') return 1;
  if (grid.every((cell) => cell !== '')) return 0;
  let best = isMax ? -Infinity : Infinity;
  for (let i = 0; i < 9; i++) {
    if (grid[i] !== '') continue;
    grid[i] = isMax ? 'X' : 'O';
    const score = minimax(depth + 1, !isMax);
    grid[i] = '';
    best = isMax ? Math.max(best, score) : Math.min(best, score);
  }
  return best;
}
