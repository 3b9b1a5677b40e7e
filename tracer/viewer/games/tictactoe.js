/* tracer's step-through page: tic-tac-toe's module (boards drawn, cells named, rows decoded).
 *
 * Registers window.tracerPlugins.games.tictactoe: `codec(size)`, the packed board
 * as Python's page columns hold it (the game page decodes its graphs with it too),
 * and `make(ctx)`, the game's part of a step-through page (see viewer.js, which
 * calls it with its helpers). The board's size, lines and the AI's mark come from
 * the page data (TicTacToeWords.page_data); every word comes from the templates.
 */
"use strict";
(function () {
  const plugins = window.tracerPlugins = window.tracerPlugins || { games: {}, searches: {} };

  /* Boards of size × size cells packed into one number: X's cells in the low bits, O's
   * above them (bit i = cell i, row-major), as TicTacToeWords.page_columns writes them. */
  function codec(size) {
    const cells = size * size;
    const split = 2 ** cells;
    const xOf = (board) => board % split;
    const oOf = (board) => Math.floor(board / split);
    const empties = new Map();  // occupied cells -> the empty ones, ascending (the guide's step 8)
    return {
      size,
      cells,
      /* "X", "O" or "." for each cell. */
      marks(board) {
        const x = xOf(board), o = oOf(board), found = [];
        for (let i = 0; i < cells; i++) found.push((x >> i) & 1 ? "X" : (o >> i) & 1 ? "O" : ".");
        return found;
      },
      emptyCells(board) {
        const occupied = xOf(board) | oOf(board);
        let found = empties.get(occupied);
        if (!found) {
          found = [];
          for (let i = 0; i < cells; i++) if (!((occupied >> i) & 1)) found.push(i);
          empties.set(occupied, found);
        }
        return found;
      },
      /* The board in one line, rows split by "/" (Board.compact in Python). */
      compact(board) {
        const marks = this.marks(board), rows = [];
        for (let r = 0; r < size; r++) rows.push(marks.slice(r * size, (r + 1) * size).join(""));
        return rows.join("/");
      },
    };
  }

  function make(ctx) {
    const G = ctx.data.game, P = ctx.rows;
    const board = codec(G.size);
    const human = G.ai === "X" ? "O" : "X";
    const rank = G.order ? Object.fromEntries(G.order.map((cell, i) => [cell, i])) : null;
    const mark = (pid) => (P.x_to_move[pid] ? "X" : "O");
    const cells = (pid) => board.marks(P.boards[pid]);
    /* Every line the winner of a finished board holds (a board can have two). */
    function lines(pid) {
      const kind = ctx.terminal(pid) ? ctx.terminalKind(pid) : null;
      const winner = kind === "win" ? G.ai : kind === "loss" ? human : null;
      if (!winner) return [];
      const marks = cells(pid);
      return G.lines.filter((line) => line.every((i) => marks[i] === winner));
    }
    /* The board as the guide's array: ["X", 1, "O", ...] (an empty cell holds its index). */
    const guideArray = (marks) => "[" + marks.map((m, i) => (m === "." ? String(i) : `"${m}"`)).join(", ") + "]";
    return {
      maximising: (pid) => mark(pid) === G.ai,
      player: mark,
      // Only when the rows carry no edge moves: every empty cell, ascending, is test-played.
      moves: (pid) => (P.terminal[pid] ? [] : board.emptyCells(P.boards[pid])),
      stepMoves(pid) {
        const empty = board.emptyCells(P.boards[pid]);
        return rank ? empty.slice().sort((a, b) => rank[a] - rank[b]) : empty;
      },
      describe: (pid) => board.compact(P.boards[pid]),
      slots(pid) {
        const found = { state: board.compact(P.boards[pid]) };
        const held = lines(pid);
        if (held.length) found.lines = held.map((line) => line.join(", ")).join(ctx.text("lines.join"));
        return found;
      },
      codeSlots(pid, placed) {
        const marks = cells(pid);
        if (placed >= 0) marks[placed] = mark(pid);
        return { array: guideArray(marks) };
      },
      /* The board as the SVG tree draws it: the cell just played in red, empty cells showing
       * their index in light grey, a winning line in the outcome's colour. */
      picture(pid, look) {
        const marks = cells(pid);
        if (look.placed >= 0) marks[look.placed] = mark(pid);
        const held = new Set(look.finished ? lines(pid).flat() : []);
        const kind = look.finished ? ctx.terminalKind(pid) : "";
        const grid = ctx.el("div", "grid");
        grid.style.setProperty("--size", G.size);
        marks.forEach((m, i) => {
          const cell = ctx.el("span", "cell");
          if (i === look.played && m !== ".") { cell.classList.add("played"); cell.textContent = m; }
          else if (m === ".") { cell.classList.add("index"); cell.textContent = String(i); }
          else {
            cell.textContent = m;
            if (held.has(i)) cell.classList.add("line", kind);
          }
          grid.appendChild(cell);
        });
        return grid;
      },
    };
  }

  plugins.games.tictactoe = { codec, make };
})();
