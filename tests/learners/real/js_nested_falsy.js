// Shape: a page whose computeBestMove(b, aiPlayer) defines minimax(newBoard, player) inside
// itself: free cells are null and found with v ? null : i, checkWinner(board) returns an
// object {winner}, the AI is whichever mark computeBestMove is given.
function checkWinner(board) {
  const lines = [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]];
  for (const [a, b, c] of lines) {
    if (board[a] && board[a] === board[b] && board[a] === board[c]) return { winner: board[a], line: [a, b, c] };
  }
  return { winner: null, line: null };
}

function computeBestMove(b, aiPlayer) {
  const avail = b.map((v, i) => (v ? null : i)).filter((v) => v !== null);
  if (avail.length === 1) return avail[0];
  function minimax(newBoard, player) {
    const spots = newBoard.map((v, i) => (v ? null : i)).filter((v) => v !== null);
    const won = checkWinner(newBoard).winner;
    if (won === aiPlayer) return { score: 10 };
    if (won && won !== aiPlayer) return { score: -10 };
    if (spots.length === 0) return { score: 0 };
    const moves = [];
    for (const i of spots) {
      newBoard[i] = player;
      moves.push({ index: i, score: minimax(newBoard, player === "X" ? "O" : "X").score });
      newBoard[i] = null;
    }
    let best = moves[0];
    for (const m of moves) {
      if (player === aiPlayer ? m.score > best.score : m.score < best.score) best = m;
    }
    return best;
  }
  return minimax(b, aiPlayer).index;
}

console.log(computeBestMove(["X", null, "O", "X", null, null, "O", null, "X"], "O"));
