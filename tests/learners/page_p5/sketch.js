// The page's drawing code: the grid lives in a global of rows, the AI plays X; the person moves
// first, by a click (mousePressed is called by the drawing library on a click, setup once).
let grid = [
  ['', '', ''],
  ['', '', ''],
  ['', '', ''],
];
let computer = 'X';
let person = 'O';
let outcomeScore = { X: 1, O: -1, tie: 0 };

function setup() {
  createCanvas(300, 300);
}

function mousePressed() {
  const r = Math.floor(mouseY / 100);
  const c = Math.floor(mouseX / 100);
  if (grid[r][c] !== '') return;
  grid[r][c] = person;
  chooseMove();
}

function allSame(a, b, c) {
  return a !== '' && a === b && b === c;
}

// Reads the global grid, as the page's helpers do: 'X', 'O', 'tie' or null.
function findWinner() {
  for (let r = 0; r < 3; r++) {
    if (allSame(grid[r][0], grid[r][1], grid[r][2])) return grid[r][0];
  }
  for (let c = 0; c < 3; c++) {
    if (allSame(grid[0][c], grid[1][c], grid[2][c])) return grid[0][c];
  }
  if (allSame(grid[0][0], grid[1][1], grid[2][2])) return grid[0][0];
  if (allSame(grid[0][2], grid[1][1], grid[2][0])) return grid[0][2];
  let free = 0;
  for (const row of grid) for (const cell of row) if (cell === '') free++;
  return free === 0 ? 'tie' : null;
}
