// An object literal holding the search; the recursion goes through the object's name.
const engine = {
  ai: "O",
  human: "X",
  won(b, m) {
    return [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]]
      .some((line) => line.every((i) => b[i] === m));
  },
  minimax: function (b, toMove) {
    if (engine.won(b, engine.human)) return -1;
    if (engine.won(b, engine.ai)) return 1;
    if (!b.includes("-")) return 0;
    const values = [];
    for (let i = 0; i < b.length; i++) {
      if (b[i] !== "-") continue;
      b[i] = toMove;
      values.push(engine.minimax(b, toMove === engine.ai ? engine.human : engine.ai));
      b[i] = "-";
    }
    return toMove === engine.ai ? Math.max(...values) : Math.min(...values);
  },
};

console.log(engine.minimax(["X", "-", "O", "X", "-", "X", "O", "O", "-"], "O"));
