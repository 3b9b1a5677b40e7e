/* tracer's step-through page: Nim's module (heaps drawn as rows of objects, moves "take 2 from heap 3").
 *
 * Registers window.tracerPlugins.games.nim: `make(ctx)`, the game's part of a
 * step-through page (see viewer.js). A row's heaps come packed, `bits` bits a heap
 * with heap 1 lowest (NimWords.page_columns); a move is heap << bits | take, heap
 * counted from 0. The number of heaps, the packing and the loop order come from the
 * page data (NimWords.page_data); every word from the templates.
 */
"use strict";
(function () {
  const plugins = window.tracerPlugins = window.tracerPlugins || { games: {}, searches: {} };

  function make(ctx) {
    const G = ctx.data.game, P = ctx.rows;
    const field = 2 ** G.bits;
    const sizes = (packed) => {
      const found = [];
      for (let i = 0; i < G.heaps; i++) found.push(Math.floor(packed / field ** i) % field);
      return found;
    };
    const heapsOf = (pid) => sizes(P.heaps[pid]);
    const heapOf = (move) => Math.floor(move / field);
    const takeOf = (move) => move % field;
    /* The moves in the loop's order: heap by heap, taking 1 first (ascending) or the whole heap first. */
    function movesOf(pid) {
      const found = [];
      heapsOf(pid).forEach((size, heap) => {
        for (let k = 1; k <= size; k++) found.push(heap * field + (G.order === "ascending" ? k : size + 1 - k));
      });
      return found;
    }
    const words = (heaps) => ctx.text("nim.heaps", { sizes: heaps.join(" ") });
    const describe = (pid) => words(heapsOf(pid));
    const maximising = (pid) => P.max_to_move[pid] === 1;
    /* Who took the last object of a finished row: the player not to move there. */
    const tookLast = (pid) => ctx.constants[maximising(pid) ? "min" : "max"];
    return {
      maximising,
      player: (pid) => ctx.constants[maximising(pid) ? "max" : "min"],
      moves: (pid) => (P.terminal[pid] ? [] : movesOf(pid)),
      stepMoves: movesOf,
      describe,
      slots(pid) {
        const found = { state: describe(pid) };
        if (P.terminal[pid]) found.terminal = ctx.text("nim.over", { last: tookLast(pid) });
        return found;
      },
      codeSlots(pid, placed) {
        const heaps = heapsOf(pid);
        if (placed >= 0) heaps[heapOf(placed)] -= takeOf(placed);
        return { state: words(heaps) };
      },
      /* The heaps as rows of objects: those the move that made the row took hollow in red,
       * those the running test-play takes in red, an empty heap as a dash. */
      picture(pid, look) {
        const box = ctx.el("div", "nim-heaps");
        box.setAttribute("role", "img");
        box.setAttribute("aria-label", describe(pid));
        box.style.cssText = "display:grid;grid-template-columns:auto auto;column-gap:0.4em;line-height:1.15;"
          + "text-align:left";
        const red = "color:var(--played-fill)";
        heapsOf(pid).forEach((size, heap) => {
          const number = ctx.el("span", "nim-number", String(heap + 1));
          number.style.cssText = "color:var(--index-text);text-align:right";
          const row = ctx.el("span", "nim-row");
          row.style.whiteSpace = "nowrap";
          const testing = look.placed >= 0 && heapOf(look.placed) === heap ? takeOf(look.placed) : 0;
          const taken = look.played >= 0 && heapOf(look.played) === heap ? takeOf(look.played) : 0;
          const part = (glyph, count, style) => {
            if (!count) return;
            const span = ctx.el("span", "", Array(count).fill(glyph).join(" ") + " ");
            if (style) span.style.cssText = style;
            row.appendChild(span);
          };
          part("●", size - testing, "");
          part("●", testing, red);
          part("○", taken, red);
          if (!size && !taken) part("–", 1, "color:var(--index-text)");
          box.appendChild(number);
          box.appendChild(row);
        });
        return box;
      },
    };
  }

  plugins.games.nim = { make };
})();
