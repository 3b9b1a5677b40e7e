// Says how it was run, then searches the guide's board.
const minimax = (b, m) => {
  const lines = [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]];
  for (const [x, y, z] of lines) if (b[x] !== "." && b[x] === b[y] && b[y] === b[z]) return b[x] === "X" ? 1 : -1;
  if (!b.includes(".")) return 0;
  const scores = [];
  b.forEach((c, i) => {
    if (c !== ".") return;
    b[i] = m;
    scores.push(minimax(b, m === "X" ? "O" : "X"));
    b[i] = ".";
  });
  return m === "X" ? Math.max(...scores) : Math.min(...scores);
};
console.log(JSON.stringify({ main: require.main === module, file: __filename, argv: process.argv.slice(1), cwd: process.cwd() }));
console.log(minimax("X.OX.XOO.".split(""), "X"));
