/* tracer's quiz questions, built in the page from the recorded columns.
 *
 * The step-by-step page (trace --html) carries questions written in Python
 * (tracer/renderers/quiz.py). The game page (trace play --html) cannot: it
 * would need them for every decision a game can reach, megabytes of text. So
 * its step-throughs build them here, from the same recorded rows the viewer
 * replays. Nothing is searched again: every answer is a recorded score, pick,
 * window, cut or cache hit. The questions are quiz.py's (same kinds, calls,
 * prompts, choices, answers and moments, in the same order, their prompts from
 * the same templates: a browser test holds the two to each other); each
 * explanation is the page's own story of the step that shows the answer (a
 * window's, where it came from). What a search asks beyond the value and the pick
 * comes from its page module (quizEntry, quizAfter).
 *
 * Loaded after viewer.js (it reads window.tracerRows and window.tracerViewer) and before
 * quiz.js, which calls window.tracerBuildQuiz(settings) when the page's quiz
 * data has no questions of its own.
 */
"use strict";
window.tracerBuildQuiz = function (settings) {
  const V = window.tracerViewer;
  const R = window.tracerRows;
  const P = R.rows;
  const byCodePoint = (a, b) => (a < b ? -1 : a > b ? 1 : 0);
  const spellings = (set) => [...set].sort(byCodePoint);

  // ---- the calls, in call order, down to a depth --------------------------------------

  /* Every call down to `depth` as {call, pid, depth, move, parent, children}, preorder;
   * `children` lists the test-plays' calls (filled for calls above `depth` only). */
  function callsDownTo(depth) {
    const found = [];
    const visit = (pid, call, level, move, parent) => {
      const node = { call, pid, depth: level, move, parent, children: [], score: P.score[pid] };
      found.push(node);
      if (level >= depth) return node;
      const moves = R.moves(pid);
      let next = call + 1;
      for (let j = 0; j < moves.length; j++) {
        const child = R.childOf(pid, j);
        node.children.push(visit(child, next, level + 1, moves[j], node));
        next += P.sizes[child];
      }
      return node;
    };
    visit(0, 1, 0, null, null);
    return found;
  }

  /* How many calls the search makes at each depth, counted over rows with their
   * multiplicity (a row met twice counts twice), as Trace.calls_by_depth does. */
  function callsPerDepth() {
    const counts = [];
    let level = new Map([[0, 1]]);
    while (level.size) {
      let total = 0;
      const below = new Map();
      for (const [pid, times] of level) {
        total += times;
        R.moves(pid).forEach((_, j) => {
          const child = R.childOf(pid, j);
          below.set(child, (below.get(child) || 0) + times);
        });
      }
      counts.push(total);
      level = below;
    }
    return counts;
  }

  /* The deepest level whose calls (about two questions each) fit in the limit. */
  function pageDepth(perDepth) {
    let total = 0, depth = 0;
    for (let d = 0; d < perDepth.length; d++) {
      total += 2 * perDepth[d];
      if (total > settings.limit && d > 1) break;
      depth = d;
    }
    return depth;
  }

  // ---- answers as a learner may type them ------------------------------------------

  const scoreChoice = (s) => ({ label: R.signed(s), accepts: spellings(new Set([R.signed(s), String(s)])) });
  function boundChoice(text) {
    const set = new Set([text, text.replace("∞", "inf"), text.replace("∞", "infinity")]);
    if (text.startsWith("+")) [...set].forEach((s) => set.add(s.slice(1)));
    return { label: text, accepts: spellings(set) };
  }
  const moveChoice = (move) => {
    const short = R.moveSlots(move).short;
    return { label: short, accepts: spellings(new Set([short.toLowerCase(), String(move)])) };
  };

  /* A score that is only a bound, as an answer: ≤ +2 (also typed ≤2, <= 2, <=+2). */
  function boundedChoice(score, sign) {
    const set = new Set();
    for (const mark of [sign, sign === "≤" ? "<=" : ">="]) {
      for (const space of ["", " "]) for (const n of [R.signed(score), String(score)]) set.add(mark + space + n);
    }
    return { label: `${sign} ${R.signed(score)}`, accepts: spellings(set) };
  }
  const BOUND_ORDER = { "≤": 0, "": 1, "≥": 2 };
  /* Every score a finished game gives or some call returns, and every bound a call returns
   * (alpha-beta's ≤ 2), lowest first. */
  function scoreChoices() {
    const all = new Map([...P.score, ...R.words.fixed].map((s) => [`${s}`, [s, ""]]));
    if (P.bound) P.bound.forEach((sign, pid) => { if (sign) all.set(`${sign}${P.score[pid]}`, [P.score[pid], sign]); });
    return [...all.values()].sort((a, b) => a[0] - b[0] || BOUND_ORDER[a[1]] - BOUND_ORDER[b[1]])
      .map(([s, sign]) => (sign ? boundedChoice(s, sign) : scoreChoice(s)));
  }

  // ---- the questions (renderers/quiz.py asks the same, with the same templates) ----------

  const who = (c) => {
    const slots = { call: c.call, player: R.player(c.pid), state: R.describe(c.pid) };
    return c.move === null ? R.text("quiz.who", slots) : R.text("quiz.who.played", { ...slots, ...R.moveSlots(c.move) });
  };
  const beginOf = (c, offset) => ["begin", c.call, offset];
  const endOf = (c, offset) => ["end", c.call, offset];
  const step = ([anchor, call, offset]) => (anchor === "begin" ? V.beginOf(call) : V.endOf(call)) + offset;
  const told = (moment) => V.narration(step(moment));
  const question = (kind, c, prompt, choices, answer, explanation, ask, reveal, alone) => ({
    kind, call: c.call, depth: c.depth, prompt, choices, answer, explanation, ask, reveal,
    ask_alone: alone ? beginOf(c, 0) : null, reveal_alone: alone ? endOf(c, 0) : null,
  });
  const kept = new Map();
  /* What a search's questions share, for the search's module to ask with. */
  const Q = Object.freeze({
    question, who, told, beginOf, endOf, boundChoice, scoreChoice,
    memo: (key, make) => { if (!kept.has(key)) kept.set(key, make()); return kept.get(key); },
  });

  function valueQuestion(c, scores) {
    const labels = scores.map((s) => s.label);
    const quick = R.search.answered(c.pid) !== null || R.terminal(c.pid);  // no test-plays to watch
    const ask = quick ? beginOf(c, 0) : endOf(c, -2);
    const reveal = quick ? endOf(c, 0) : endOf(c, -1);
    return question("value", c, R.text("quiz.value", { who: who(c) }), scores,
      labels.indexOf(R.scored(c.pid)), told(reveal), ask, reveal, true);
  }

  function pickQuestion(c) {
    const moves = c.children.map((child) => child.move);
    const prompt = R.text("quiz.pick", { call: c.call, player: R.player(c.pid), how: R.text(`quiz.how.${R.side(c.pid)}`) });
    return question("pick", c, prompt, moves.map(moveChoice), P.best[c.pid], told(endOf(c, -1)),
      endOf(c, -2), endOf(c, -1), false);
  }

  // ---- all of them -----------------------------------------------------------------

  /* A short, stable name for a question set: progress is saved under it. */
  function keyOf(items) {
    let h = 0x811c9dc5;
    const text = JSON.stringify(items.map((q) => [q.kind, q.call, q.prompt, q.answer]));
    for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
    return "built-" + h.toString(16).padStart(8, "0");
  }

  const perDepth = callsPerDepth();
  const depth = pageDepth(perDepth);
  const scores = scoreChoices();
  const items = [];
  for (const c of callsDownTo(depth)) {
    if (R.search.quizEntry) items.push(...R.search.quizEntry(c, Q));
    items.push(valueQuestion(c, scores));
    if (c.children.length > 1) items.push(pickQuestion(c));
    if (R.search.quizAfter && c.children.length) items.push(...R.search.quizAfter(c, Q));
  }
  return {
    key: keyOf(items),
    depth,
    complete: depth >= perDepth.length - 1,
    titles: settings.titles,
    kinds: settings.kinds,
    questions: items,
  };
};
