// [x, y, score] with rows of 0, +1 for the computer (X) and -1 for the human; depth counts the
// empty cells left. A page calls it when it is the computer's turn: under node nothing does.
const HUMAN = -1;
const COMP = +1;
let board = [[0, 0, 0], [0, 0, 0], [0, 0, 0]];

function winsFor(state, who) {
  const lines = [
    [state[0][0], state[0][1], state[0][2]], [state[1][0], state[1][1], state[1][2]],
    [state[2][0], state[2][1], state[2][2]], [state[0][0], state[1][0], state[2][0]],
    [state[0][1], state[1][1], state[2][1]], [state[0][2], state[1][2], state[2][2]],
    [state[0][0], state[1][1], state[2][2]], [state[2][0], state[1][1], state[0][2]],
  ];
  return lines.some((l) => l.every((v) => v === who));
}

function freeCells(state) {
  const out = [];
  state.forEach((row, x) => row.forEach((v, y) => { if (v === 0) out.push([x, y]); }));
  return out;
}

function minimax(state, depth, player) {
  let best = player === COMP ? [-1, -1, -Infinity] : [-1, -1, +Infinity];
  if (depth === 0 || winsFor(state, COMP) || winsFor(state, HUMAN)) {
    const score = winsFor(state, COMP) ? 1 : winsFor(state, HUMAN) ? -1 : 0;
    return [-1, -1, score];
  }
  for (const [x, y] of freeCells(state)) {
    state[x][y] = player;
    const found = minimax(state, depth - 1, -player);
    state[x][y] = 0;
    found[0] = x;
    found[1] = y;
    if (player === COMP ? found[2] > best[2] : found[2] < best[2]) best = found;
  }
  return best;
}

function computerTurn() {
  const move = minimax(board, freeCells(board).length, COMP);
  board[move[0]][move[1]] = COMP;
}

if (typeof document !== "undefined") document.getElementById("start").onclick = computerTurn;
