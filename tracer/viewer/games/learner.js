/* tracer's step-through page: a learner's recorded search (trace check --html), its boards drawn.
 *
 * Registers window.tracerPlugins.games.learner: `make(ctx)`, the game's part of a
 * step-through page (see viewer.js). A learner's call may be made on a board the
 * guide's search never makes (a mark not taken back, the wrong player's mark, a
 * cell tried twice), so every board is drawn from its own row, never worked out
 * from its caller's board and a cell; what a test-play changed is the difference
 * between the two boards, shown in red. The rows' words (each board in one line,
 * what a call's check found, what it test-played, the empty cells, its cells) are
 * written by LearnerWords.page_rows in Python.
 */
"use strict";
(function () {
  const plugins = window.tracerPlugins = window.tracerPlugins || { games: {}, searches: {} };

  function make(ctx) {
    const G = ctx.data.game, P = ctx.rows, R = ctx.words.rows;
    const human = G.ai === "X" ? "O" : "X";
    const mark = (pid) => (P.x_to_move[pid] ? "X" : "O");
    const cells = (pid) => (R.cells[pid] === null ? null : R.cells[pid].split(""));
    /* The cells whose mark differs from the caller's board: what the test-play changed. */
    function changed(pid, from) {
      const mine = cells(pid), theirs = from === null || from === undefined ? null : cells(from);
      if (!mine || !theirs) return new Set();
      return new Set(mine.map((m, i) => (m !== theirs[i] && m !== "." ? i : -1)).filter((i) => i >= 0));
    }
    /* The lines of three the winner of a finished call's board holds. */
    function lines(pid) {
      const kind = ctx.terminal(pid) ? ctx.terminalKind(pid) : null;
      const winner = kind === "win" ? G.ai : kind === "loss" ? human : null;
      const marks = cells(pid);
      if (!winner || !marks) return [];
      return G.lines.filter((line) => line.every((i) => marks[i] === winner));
    }
    function grid(pid, red, held, kind) {
      const marks = cells(pid);
      if (!marks) return ctx.el("div", "worded", R.state[pid]);
      const node = ctx.el("div", "grid");
      node.style.setProperty("--size", G.size);
      marks.forEach((m, i) => {
        const cell = ctx.el("span", "cell");
        if (m === ".") { cell.classList.add("index"); cell.textContent = String(i); }
        else {
          cell.textContent = m;
          if (red.has(i)) cell.classList.add("played");
          else if (held.has(i)) cell.classList.add("line", kind);
        }
        node.appendChild(cell);
      });
      return node;
    }
    return {
      maximising: (pid) => mark(pid) === G.ai,
      player: mark,
      stepMoves: (pid) => R.moves[pid],
      describe: (pid) => R.state[pid],
      slots: (pid) => ({ state: R.state[pid], terminal: R.terminal[pid], going: R.going[pid], tried: R.tried[pid] }),
      codeSlots: (pid) => ({ state: R.state[pid] }),
      /* A call's own board. look.from: its caller's row (a card), whose board it is compared
       * with; look.placed: a test-play in progress (the stack), drawn as the board that
       * test-play's call was given. */
      picture(pid, look) {
        if (look.placed !== undefined && look.placed >= 0) {
          const child = ctx.childOf(pid, ctx.moves(pid).indexOf(look.placed));
          return grid(child, changed(child, pid), new Set(), "");
        }
        const held = new Set(look.finished ? lines(pid).flat() : []);
        return grid(pid, changed(pid, look.from), held, look.finished ? ctx.terminalKind(pid) : "");
      },
    };
  }

  plugins.games.learner = { make };
})();
