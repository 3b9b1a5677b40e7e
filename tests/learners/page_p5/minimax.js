// The AI's code, in a file of its own: it uses the grid, the marks and the scores of sketch.js.
function chooseMove() {
  let best = -Infinity;
  let move = null;
  for (let r = 0; r < 3; r++) {
    for (let c = 0; c < 3; c++) {
      if (grid[r][c] === '') {
        grid[r][c] = computer;
        const score = minimax(grid, 0, false);
        grid[r][c] = '';
        if (score > best) {
          best = score;
          move = [r, c];
        }
      }
    }
  }
  grid[move[0]][move[1]] = computer;
}

function minimax(grid, depth, maximizing) {
  const result = findWinner();
  if (result !== null) return outcomeScore[result];
  let best = maximizing ? -Infinity : Infinity;
  for (let r = 0; r < 3; r++) {
    for (let c = 0; c < 3; c++) {
      if (grid[r][c] === '') {
        grid[r][c] = maximizing ? computer : person;
        const score = minimax(grid, depth + 1, !maximizing);
        grid[r][c] = '';
        best = maximizing ? Math.max(best, score) : Math.min(best, score);
      }
    }
  }
  return best;
}
