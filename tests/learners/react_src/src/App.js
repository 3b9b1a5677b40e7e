import { useState } from 'react';
import minimax from './minimax';
import { calculateWinner } from './helpers';

function bestMove(squares) {
  let best = -Infinity;
  let move = null;
  squares.forEach((square, i) => {
    if (square !== null) return;
    const next = squares.slice();
    next[i] = 'O';
    const score = minimax(next, false);
    if (score > best) {
      best = score;
      move = i;
    }
  });
  return move;
}

export default function App() {
  const [squares, setSquares] = useState(Array(9).fill(null));
  const winner = calculateWinner(squares);
  function play(i) {
    if (squares[i] || winner) return;
    const next = squares.slice();
    next[i] = 'X';
    const reply = bestMove(next);
    if (reply !== null) next[reply] = 'O';
    setSquares(next);
  }
  return (
    <div className="board">
      {squares.map((square, i) => (
        <button key={i} onClick={() => play(i)}>{square}</button>
      ))}
    </div>
  );
}
