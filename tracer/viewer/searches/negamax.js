/* tracer's step-through page: negamax's module (each call's score for the side to move).
 *
 * Registers window.tracerPlugins.searches.negamax: `make(ctx)`, what the search adds
 * to a step-through page (see viewer.js): a finished game's score for the side to
 * move in it, each returned score negated for the caller, and the pick as the max of
 * the negated scores; a returned call's card and stack frame say its score for its
 * mover, and the code panel shows negamax's pick. The rows keep the maximiser's
 * scores; negamax's own value per row is the search's `mover_score`, and where a
 * score is negated follows from who moves (NegamaxWords.page_notes tells the same).
 */
"use strict";
(function () {
  const plugins = window.tracerPlugins = window.tracerPlugins || { games: {}, searches: {} };

  function make(ctx) {
    const S = ctx.data.search, P = ctx.rows, K = ctx.KINDS;
    const mover = (pid) => S.mover_score[pid];
    const flips = (parent, child) => ctx.side(parent) !== ctx.side(child);
    /* Row pid's test-plays' returned scores, as its mover sees them (negamax's -child). */
    const negated = (pid, done) => ctx.moves(pid).slice(0, done).map((_, j) => {
      const child = ctx.childOf(pid, j);
      return flips(pid, child) ? -mover(child) : mover(child);
    });
    const topOf = (state) => state.frames[state.frames.length - 1];

    function saveNote(pid, child) {
      const m = mover(child);
      return [flips(pid, child) ? "negamax.save.negated" : "negamax.save.same", {
        player: ctx.player(pid), child_player: ctx.player(child), mover: ctx.signed(m), negated: ctx.signed(-m),
      }];
    }

    return {
      notes(state) {
        const pid = topOf(state).pid;
        if (state.kind === K.CHECK && ctx.terminal(pid)) {
          const score = P.score[pid];
          const m = mover(pid);
          return [[m !== score ? "negamax.over.negated" : "negamax.over.same",
            { player: ctx.player(pid), signed: ctx.signed(score), mover: ctx.signed(m) }]];
        }
        if (state.kind === K.SAVE) return [saveNote(pid, ctx.childOf(pid, state.j))];
        if (state.kind === K.CHOOSE) {
          return [["negamax.choose", {
            player: ctx.player(pid), values: negated(pid, ctx.moves(pid).length).map(ctx.signed).join(", "),
            best: ctx.signed(mover(pid)), signed: ctx.signed(P.score[pid]),
          }]];
        }
        return [];
      },
      // A call that has returned: its score for its mover, beside the maximiser's on the card.
      caption: (pid, st) => (st === "done"
        ? { tag: "negamax", text: ctx.text("negamax.caption", { player: ctx.player(pid), mover: ctx.signed(mover(pid)) }) }
        : null),
      frameLines: (f, kind) => (kind === K.RETURN || (ctx.terminal(f.pid) && kind >= K.CHECK)
        ? [{ tag: "negamax", text: ctx.text("negamax.stack", { player: ctx.player(f.pid), mover: ctx.signed(mover(f.pid)) }) }]
        : []),
      // What the quiz hides until "the score for the side to move" is answered.
      secrets: { mover: ["#narration", "#rows .caption[data-tag=negamax]", "#stack .code[data-tag=negamax]"] },

      // ---- the code panel: negamax's pick, over the scores for the side to move ---------------
      pickScores: (pid) => negated(pid, ctx.moves(pid).length),
      codeLines(state, ids) {
        const pid = topOf(state).pid;
        if (state.kind === K.BEGIN) return [...ids, "color"];
        if (state.kind === K.RETURN && !ctx.terminal(pid)) return ["mover", ...ids];
        return ids;
      },
      codeVars(state, where) {
        const top = topOf(state), pid = top.pid;
        if (where === "entry") return [[ctx.text("negamax.var.color.name"), ctx.side(pid) === "max" ? "+1" : "-1"]];
        if (where !== "window" || ctx.terminal(pid) || state.kind < K.SAVE) return [];
        const done = state.kind === K.SAVE ? state.j + 1 : top.done;
        return [[ctx.text("negamax.var.name"), ctx.text("negamax.var", { values: negated(pid, done).map(ctx.signed).join(", ") })]];
      },
    };
  }

  plugins.searches.negamax = { make };
})();
