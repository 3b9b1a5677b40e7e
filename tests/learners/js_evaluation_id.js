// {evaluation, id} returns, a null board with true for X and false for O.
let cells = [true, null, false, true, null, true, false, false, null];
const LINES = [[0,1,2],[3,4,5],[6,7,8],[0,3,6],[1,4,7],[2,5,8],[0,4,8],[2,4,6]];
function owner(b) {
  for (const [a, c, d] of LINES) if (b[a] !== null && b[a] === b[c] && b[c] === b[d]) return b[a];
  return null;
}
function search(b, xToMove) {
  const w = owner(b);
  if (w === false) return { evaluation: -1 };
  if (w === true) return { evaluation: 1 };
  if (!b.includes(null)) return { evaluation: 0 };
  let pick = { evaluation: xToMove ? -2 : 2, id: -1 };
  for (let id = 0; id < 9; id++) {
    if (b[id] !== null) continue;
    b[id] = xToMove;
    const got = search(b, !xToMove).evaluation;
    b[id] = null;
    if (xToMove ? got > pick.evaluation : got < pick.evaluation) pick = { evaluation: got, id };
  }
  return pick;
}
console.log(search(cells, true));
