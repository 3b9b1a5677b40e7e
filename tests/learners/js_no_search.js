function randomMove(board) {
  const free = board.filter((c) => typeof c === "number");
  return free[Math.floor(Math.random() * free.length)];
}
console.log(randomMove(["X", 1, "O"]));
