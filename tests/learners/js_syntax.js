function minimax(board, player) {
  return { score: 0 ;
}
