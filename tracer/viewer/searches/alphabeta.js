/* tracer's step-through page: alpha-beta's module (windows, their updates, cuts, pruned moves).
 *
 * Registers window.tracerPlugins.searches.alphabeta: `make(ctx)`, what the search
 * adds to a step-through page (see viewer.js): the window a call begins with, after
 * each test-play the cut or the window's change, the pruned moves on cards, chips,
 * the stack and the code panel, and the quiz's window and "searched or pruned"
 * questions. Nothing is searched again: a call's window is replayed from the window
 * it recorded on entry and its children's scores, with the rule of
 * tracer/search/alphabeta.py (`replay`); AlphaBetaWords.page_notes tells the same.
 */
"use strict";
(function () {
  const plugins = window.tracerPlugins = window.tracerPlugins || { games: {}, searches: {} };

  function make(ctx) {
    const S = ctx.data.search, P = ctx.rows, K = ctx.KINDS;
    const GE = S.cutoff !== "gt";
    const bound = (v, low) => (v === null ? (low ? "-∞" : "+∞") : ctx.signed(v));
    const inf = (v, low) => (v === null ? (low ? -Infinity : Infinity) : v);
    const fin = (v) => (Number.isFinite(v) ? v : null);
    /* The window after the first `done` test-plays of row pid: [alpha, beta, cut, best]. */
    function windowAfter(pid, done) {
      let a = inf(S.alpha[pid], true), b = inf(S.beta[pid], false);
      const max = ctx.side(pid) === "max";
      let best = max ? -Infinity : Infinity, cut = false;
      const m = ctx.moves(pid);
      for (let j = 0; j < done && j < m.length; j++) {
        const s = P.score[ctx.childOf(pid, j)];
        best = max ? Math.max(best, s) : Math.min(best, s);
        cut = max ? (GE ? best >= b : best > b) : (GE ? best <= a : best < a);
        if (cut) break;
        if (max) a = Math.max(a, best); else b = Math.min(b, best);
      }
      return [fin(a), fin(b), cut, best];
    }
    const windowText = (a, b) => ctx.text("ab.window", { alpha: bound(a, true), beta: bound(b, false) });
    const pruned = (pid) => S.pruned[pid];
    /* Why a call stopped after its first `done` test-plays (AlphaBetaWords.cut_words). */
    function cutWords(pid, done) {
      const [a, b, , best] = windowAfter(pid, done);
      const skipped = pruned(pid);
      const rest = skipped.length ? ctx.counted("ab.rest", skipped.length, { moves: ctx.movesList(skipped) })
        : ctx.text("ab.rest.last");
      return ctx.text(`ab.reason.${ctx.side(pid)}`, {
        best: ctx.signed(best), alpha: bound(a, true), beta: bound(b, false),
        opponent: ctx.player(ctx.childOf(pid, 0)), rest,
      });
    }
    /* Why a call did not cut after its first `done` test-plays although its best reached the
     * window's edge (cutoff gt only): AlphaBetaWords.no_cut_words; "" otherwise. */
    function noCutWords(pid, done) {
      const m = ctx.moves(pid);
      if (GE || !(done > 0 && done < m.length)) return "";
      const [a, b, cut, best] = windowAfter(pid, done);
      const max = ctx.side(pid) === "max";
      if (cut || best !== (max ? b : a)) return "";
      return ctx.text(`ab.nocut.${max ? "max" : "min"}`, {
        best: ctx.signed(best), alpha: bound(a, true), beta: bound(b, false), next: ctx.moveSlots(m[done]).short,
      });
    }
    const codeBound = (v, low) => (v === null ? ctx.text(low ? "ab.code.low" : "ab.code.high") : ctx.signed(v));

    return {
      windowAfter,
      skipped: pruned,
      notes(state) {
        const pid = state.frames[state.frames.length - 1].pid;
        if (state.kind === K.BEGIN) return [["ab.begin", { window: windowText(S.alpha[pid], S.beta[pid]) }]];
        if (state.kind !== K.SAVE) return [];
        const [a, b, cut] = windowAfter(pid, state.j + 1);
        const [a0, b0] = windowAfter(pid, state.j);
        if (cut) return [["ab.cut", { reason: cutWords(pid, state.j + 1) }]];
        const told = [];
        if (a !== a0) told.push(["ab.alpha", { before: bound(a0, true), after: bound(a, true) }]);
        else if (b !== b0) told.push(["ab.beta", { before: bound(b0, false), after: bound(b, false) }]);
        const noCut = noCutWords(pid, state.j + 1);
        if (noCut) told.push(["ab.nocut", { reason: noCut }]);
        return told;
      },
      frameLines(f, kind, plays) {
        const [a, b] = windowAfter(f.pid, f.done);
        const window = windowText(a, b);
        const lines = [{
          tag: "window",
          text: f.done ? ctx.text("ab.stack.window.from", { window, entry: windowText(S.alpha[f.pid], S.beta[f.pid]) })
            : ctx.text("ab.stack.window", { window }),
        }];
        if (pruned(f.pid).length && f.done === plays.length && kind >= K.CHOOSE) {
          lines.push({ tag: "pruned", text: ctx.text("ab.stack.pruned", { moves: ctx.movesList(pruned(f.pid)) }) });
        }
        return lines;
      },
      caption(pid, st) {
        if (!pruned(pid).length || st !== "done") return null;
        return { tag: "pruned", text: ctx.text("ab.caption", { tokens: ctx.tokens(pruned(pid)).join(", ") }) };
      },
      chip: (pid) => (pruned(pid).length ? { cls: "pruned", text: ctx.text("ab.chip", { moves: ctx.movesList(pruned(pid)) }) } : null),
      // What the quiz hides until a window question is answered.
      secrets: { alpha: ["#narration", "#stack .code[data-tag=window]"], beta: ["#narration", "#stack .code[data-tag=window]"] },

      // ---- the code panel --------------------------------------------------------------
      codeLines(state, ids) {
        if (state.kind !== K.SAVE) return ids;
        const pid = state.frames[state.frames.length - 1].pid;
        const max = ctx.side(pid) === "max";
        const tested = [...ids, "bestsofar", max ? "cutmax" : "cutmin"];
        return windowAfter(pid, state.j + 1)[2] ? tested : [...tested, max ? "alpha" : "beta"];
      },
      codeVars(state, where) {
        if (where !== "window") return [];
        const top = state.frames[state.frames.length - 1], pid = top.pid;
        const entry = [S.alpha[pid], S.beta[pid]];
        const pair = (a, b) => ({ alpha: codeBound(a, true), beta: codeBound(b, false) });
        const name = (key) => ctx.text(`ab.var.${key}.name`);
        if (state.kind === K.BEGIN || ctx.terminal(pid)) return [[name("window"), ctx.text("ab.var.window", pair(...entry))]];
        const done = state.kind === K.SAVE ? state.j + 1 : top.done;
        const [a, b, cut, best] = windowAfter(pid, done);
        const vars = [];
        if (state.kind === K.SAVE) vars.push([name("best"), ctx.signed(best)]);
        const moved = a !== entry[0] || b !== entry[1];
        const entrySlots = { entry_alpha: codeBound(entry[0], true), entry_beta: codeBound(entry[1], false) };
        vars.push([name("window"), ctx.text(moved ? "ab.var.window.from" : "ab.var.window", { ...pair(a, b), ...entrySlots })]);
        if (cut) {
          vars.push([name("pruned"), pruned(pid).length ? ctx.text("ab.var.pruned", { tokens: ctx.tokens(pruned(pid)).join(", ") })
            : ctx.text("ab.var.pruned.none")]);
        }
        return vars;
      },

      // ---- the quiz the game page builds (AlphaBetaWords.entry_questions, after_questions) --
      quizEntry(c, Q) {
        const texts = Q.memo("bounds", boundTexts);
        let why = ctx.text("quiz.window", { window: windowText(S.alpha[c.pid], S.beta[c.pid]) });
        if (c.parent) {
          const index = c.parent.children.indexOf(c);
          const [a0, b0] = windowAfter(c.parent.pid, 0);
          const [a, b] = windowAfter(c.parent.pid, index);
          why += " " + ctx.text(a !== a0 || b !== b0 ? "quiz.window.changed" : "quiz.window.same", { parent: c.parent.call });
        }
        return [["alpha", true], ["beta", false]].map(([kind, low]) =>
          Q.question(kind, c, ctx.text(`quiz.${kind}`, { who: Q.who(c) }), texts.map(Q.boundChoice),
            texts.indexOf(bound(S[kind][c.pid], low)), why, Q.beginOf(c, 0), Q.beginOf(c, 1), false));
      },
      quizAfter(c, Q) {
        const skipped = pruned(c.pid);
        const [searchedChoice, prunedChoice] = S.choices;
        const found = [];
        for (let i = 0; i < c.children.length; i++) {
          const child = c.children[i];
          const searched = i + 1 < c.children.length;
          if (!searched && !skipped.length) break;  // the loop ran out of test-plays
          const next = ctx.moveSlots(searched ? c.children[i + 1].move : skipped[0]).short;
          const prompt = ctx.text("quiz.next", { child: child.call, signed: ctx.scored(child.pid), call: c.call, next });
          found.push(Q.question("next", c, prompt, [searchedChoice, prunedChoice], searched ? 0 : 1,
            Q.told(Q.endOf(child, 1)), Q.endOf(child, 0), Q.endOf(child, 1), false));
        }
        return found;
      },
    };

    /* Every α and β the search recorded, as the log writes them, lowest first. */
    function boundTexts() {
      const texts = new Set(["-∞", "+∞"]);
      S.alpha.forEach((a) => texts.add(bound(a, true)));
      S.beta.forEach((b) => texts.add(bound(b, false)));
      const value = (t) => (t === "-∞" ? -Infinity : t === "+∞" ? Infinity : Number(t));
      return [...texts].sort((a, b) => value(a) - value(b));
    }
  }

  plugins.searches.alphabeta = { make };
})();
