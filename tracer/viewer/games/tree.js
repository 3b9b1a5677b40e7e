/* tracer's step-through page: a textbook tree's module (nodes by their labels, MAX and MIN).
 *
 * Registers window.tracerPlugins.games.tree: `make(ctx)`, the game's part of a
 * step-through page (see viewer.js). A node is drawn as its shape (▲ MAX, ▼ MIN,
 * ■ leaf) and label; the labels and children come from the page data
 * (TreeWords.page_data), every word from the templates.
 */
"use strict";
(function () {
  const plugins = window.tracerPlugins = window.tracerPlugins || { games: {}, searches: {} };

  function make(ctx) {
    const G = ctx.data.game, P = ctx.rows;
    const label = (pid) => G.labels[P.node[pid]];
    const describe = (pid) => ctx.text(P.terminal[pid] ? "tree.leaf" : "tree.node", { label: label(pid) });
    return {
      maximising: (pid) => P.max_to_move[pid] === 1,
      player: (pid) => ctx.constants[P.max_to_move[pid] ? "max" : "min"],
      moves: (pid) => G.children[P.node[pid]],
      stepMoves: (pid) => G.children[P.node[pid]],
      describe,
      slots: (pid) => ({ label: label(pid), state: describe(pid) }),
      codeSlots: (pid) => ({ label: label(pid) }),
      picture(pid) {
        const leaf = P.terminal[pid] !== 0;
        const node = ctx.el("div", "tree-node " + (leaf ? "leaf" : P.max_to_move[pid] ? "max" : "min"));
        node.appendChild(ctx.el("span", "glyph", leaf ? "■" : P.max_to_move[pid] ? "▲" : "▼"));
        node.appendChild(ctx.el("span", "label", label(pid) + (leaf ? ` = ${P.score[pid]}` : "")));
        return node;
      },
    };
  }

  plugins.games.tree = { make };
})();
