/* Boards as strings of nine characters; a space is an empty cell. */
const LINES = ["012", "345", "678", "036", "147", "258", "048", "246"];

function winnerOf(b) {
  for (const line of LINES) {
    const [a, c, d] = line.split("").map(Number);
    if (b[a] !== " " && b[a] === b[c] && b[c] === b[d]) return b[a];
  }
  return b.includes(" ") ? null : "draw";
}

function minimax(b, turn) {
  const w = winnerOf(b);
  if (w === "O") return -1;
  if (w === "X") return 1;
  if (w === "draw") return 0;
  const next = turn === "X" ? "O" : "X";
  let best = turn === "X" ? -2 : 2;
  for (let i = 0; i < 9; i++) {
    if (b[i] !== " ") continue;
    const s = minimax(b.slice(0, i) + turn + b.slice(i + 1), next);
    best = turn === "X" ? Math.max(best, s) : Math.min(best, s);
  }
  return best;
}

console.log(`value: ${minimax("X OX XOO ", "X")}`);
