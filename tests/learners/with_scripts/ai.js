// The AI, loaded after state.js: it uses its board, marks and helpers.
function minimax(newBoard, player) {
  const availSpots = emptySquares(newBoard);
  if (checkWin(newBoard, huPlayer)) return { score: -10 };
  if (checkWin(newBoard, aiPlayer)) return { score: 10 };
  if (availSpots.length === 0) return { score: 0 };
  const moves = [];
  for (const spot of availSpots) {
    const move = { index: spot };
    newBoard[spot] = player;
    move.score = minimax(newBoard, player === aiPlayer ? huPlayer : aiPlayer).score;
    newBoard[spot] = spot;
    moves.push(move);
  }
  let bestMove = 0;
  for (let i = 1; i < moves.length; i++) {
    const better = player === aiPlayer ? moves[i].score > moves[bestMove].score
      : moves[i].score < moves[bestMove].score;
    if (better) bestMove = i;
  }
  return moves[bestMove];
}

console.log(minimax(origBoard, aiPlayer).index);
