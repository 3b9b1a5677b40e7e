// Waits for a page that never comes: a busy loop before any search.
function minimax(board, mark) {
  return { score: 0 };
}
const started = Date.now();
while (true) {
  if (Date.now() - started < 0) break;
}
minimax([], "X");
