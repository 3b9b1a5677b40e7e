// {index, score} objects; of equal scores the loop keeps the later one (>= and <=).
const origBoard = ["X", 1, 2, 3, "O", 5, 6, 7, 8];
const ai = "X";
const hu = "O";

function won(b, m) {
  const lines = [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]];
  return lines.some((l) => l.every((i) => b[i] === m));
}

function minimax(b, player) {
  const spots = b.filter((c) => c !== ai && c !== hu);
  if (won(b, hu)) return { score: -1 };
  if (won(b, ai)) return { score: 1 };
  if (spots.length === 0) return { score: 0 };
  let best = { score: player === ai ? -Infinity : Infinity };
  for (const spot of spots) {
    b[spot] = player;
    const score = minimax(b, player === ai ? hu : ai).score;
    b[spot] = spot;
    if (player === ai ? score >= best.score : score <= best.score) best = { index: spot, score };
  }
  return best;
}

console.log(minimax(origBoard, ai).index);
