// Shape: the guide's {index, score} search that stops early, broken: it stops at a +1 for
// either side, so the human stops at its first test-play that lets the AI win.
var cells = ['x', '_', 'o', 'x', '_', '_', 'o', '_', 'x'];
var AI = 'o';
var HUMAN = 'x';
var WINS = [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]];

function wins(b, p) {
  return WINS.some(function (w) { return b[w[0]] === p && b[w[1]] === p && b[w[2]] === p; });
}

function search(b, p) {
  if (wins(b, HUMAN)) return { score: -1 };
  if (wins(b, AI)) return { score: 1 };
  var free = [];
  for (var k = 0; k < 9; k++) if (b[k] === '_') free.push(k);
  if (free.length === 0) return { score: 0 };
  var best = { index: -1, score: p === AI ? -2 : 2 };
  for (var n = 0; n < free.length; n++) {
    b[free[n]] = p;
    var got = search(b, p === AI ? HUMAN : AI).score;
    b[free[n]] = '_';
    if (p === AI ? got > best.score : got < best.score) best = { index: free[n], score: got };
    if (best.score === 1) return best;
  }
  return best;
}

console.log(search(cells, AI).index);
