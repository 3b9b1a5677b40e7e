/* tracer's step-through page: memoisation's module (cache hits and the calls they came from).
 *
 * Registers window.tracerPlugins.searches.memo: `make(ctx)`, what the search adds
 * to a step-through page (see viewer.js): a call answered from the cache tells only
 * that (MemoWords.page_notes tells the same), its card and stack frame say which
 * call computed the answer, the code panel runs the cache's lines, and the quiz
 * asks whether a position was met before.
 */
"use strict";
(function () {
  const plugins = window.tracerPlugins = window.tracerPlugins || { games: {}, searches: {} };

  function make(ctx) {
    const S = ctx.data.search, K = ctx.KINDS;
    const source = (pid) => (S.cached_from ? S.cached_from[pid] : null);
    const hit = (pid) => source(pid) !== null;
    return {
      answered: source,
      answerMove: (pid) => (S.answer_move ? S.answer_move[pid] : null),
      notes(state) {
        const pid = state.frames[state.frames.length - 1].pid;
        if (!hit(pid) || state.kind === K.BEGIN) return [];
        // First the lookup finds the answer, then the call returns it: two steps, two sentences.
        const key = state.kind === K.EMPTY ? "memo.hit" : "memo.hit.return";
        return [[key, { source: source(pid), returned: ctx.returned(pid) }]];
      },
      frameLines: (f, kind) => (hit(f.pid) && kind >= K.CHECK
        ? [{ tag: "cache", text: ctx.text("memo.stack", { source: source(f.pid) }) }] : []),
      caption: (pid) => (hit(pid) ? { tag: "cache", text: ctx.text("memo.caption", { source: source(pid) }) } : null),
      cardClass: (pid) => (hit(pid) ? "hit" : ""),
      // What the quiz hides until "seen before?" is answered.
      secrets: { seen: ["#narration", "#rows .caption[data-tag=cache]", "#stack .code[data-tag=cache]"] },

      // ---- the code panel --------------------------------------------------------------
      codeLines(state, ids) {
        const pid = state.frames[state.frames.length - 1].pid;
        if (hit(pid) && state.kind >= K.EMPTY) return ["cache"];
        if (state.kind === K.EMPTY) return ["cache", ...ids];
        if (state.kind === K.RETURN) return ["store", ...ids];
        return ids;
      },
      codeVars(state, where) {
        const pid = state.frames[state.frames.length - 1].pid;
        if (where !== "entry" || !hit(pid) || state.kind < K.EMPTY) return [];
        return [[ctx.text("memo.var.name"), ctx.text("memo.var", { source: source(pid) })]];
      },

      // ---- the quiz the game page builds (MemoWords.entry_questions) -----------------------
      quizEntry(c, Q) {
        const why = hit(c.pid) ? Q.told(Q.beginOf(c, 1)) : ctx.text("quiz.seen.no");
        return [Q.question("seen", c, ctx.text("quiz.seen", { who: Q.who(c) }), S.choices, hit(c.pid) ? 0 : 1,
          why, Q.beginOf(c, 0), Q.beginOf(c, 1), false)];
      },
    };
  }

  plugins.searches.memo = { make };
})();
