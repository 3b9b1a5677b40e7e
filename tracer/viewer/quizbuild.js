/* tracer's quiz questions, built in the page from the recorded columns.
 *
 * The step-by-step page (trace --html) carries questions written in Python
 * (tracer/renderers/quiz.py). The game page (trace play --html) cannot: it
 * would need them for every decision a game can reach, megabytes of text. So
 * its step-throughs build them here, from the same recorded rows the viewer
 * replays. Nothing is searched again: every answer is a recorded score, pick,
 * window, cut or cache hit. The questions are quiz.py's (same kinds, calls,
 * prompts, choices, answers and moments, in the same order: a browser test
 * holds the two to each other); each explanation is the viewer's own
 * narration of the step that shows the answer (a window's, where it came from).
 *
 * Loaded after viewer.js (it reads window.tracerRows and window.tracerViewer) and before
 * quiz.js, which calls window.tracerBuildQuiz(settings) when the page's quiz
 * data has no questions of its own.
 */
"use strict";
window.tracerBuildQuiz = function (settings) {
  const V = window.tracerViewer;
  const R = window.tracerRows;
  const P = R.data.positions;
  const signed = (v) => (v > 0 ? "+" + v : String(v));
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

  const scoreChoice = (s) => ({ label: signed(s), accepts: spellings(new Set([signed(s), String(s)])) });
  function boundChoice(text) {
    const set = new Set([text, text.replace("∞", "inf"), text.replace("∞", "infinity")]);
    if (text.startsWith("+")) [...set].forEach((s) => set.add(s.slice(1)));
    return { label: text, accepts: spellings(set) };
  }
  const moveChoice = (move) => {
    const short = R.moveShort(move);
    return { label: short, accepts: spellings(new Set([short.toLowerCase(), String(move)])) };
  };
  const YES_NO = [{ label: "yes", accepts: ["y", "yes"] }, { label: "no", accepts: ["n", "no"] }];
  const SEARCHED_PRUNED = [{ label: "searched", accepts: ["s", "searched"] },
    { label: "pruned", accepts: ["p", "pruned"] }];

  /* Every score a finished game gives or some call returns, lowest first. */
  function scoreChoices() {
    const S = R.data.scores;
    const all = new Set(P.score);
    if (S && "draw" in S) [S.human_win, S.draw, S.ai_win].forEach((s) => all.add(s));
    return [...all].sort((a, b) => a - b).map(scoreChoice);
  }
  const boundText = (v, low) => (v === null ? (low ? "-∞" : "+∞") : signed(v));
  /* Every α and β the search recorded, as the log writes them, lowest first. */
  function boundTexts(W) {
    const texts = new Set(["-∞", "+∞"]);
    W.alpha.forEach((a) => texts.add(boundText(a, true)));
    W.beta.forEach((b) => texts.add(boundText(b, false)));
    const value = (t) => (t === "-∞" ? -Infinity : t === "+∞" ? Infinity : Number(t));
    return [...texts].sort((a, b) => value(a) - value(b));
  }

  // ---- the questions ---------------------------------------------------------------

  const who = (c) => `call #${c.call} (${c.move === null ? "" : R.moveShort(c.move) + " played: "}` +
    `${R.mover(c.pid)} to move on ${R.describe(c.pid)})`;
  const beginOf = (c, offset) => ["begin", c.call, offset];
  const endOf = (c, offset) => ["end", c.call, offset];
  const step = ([anchor, call, offset]) => (anchor === "begin" ? V.beginOf(call) : V.endOf(call)) + offset;
  const told = (moment) => V.narration(step(moment));
  const question = (kind, c, prompt, choices, answer, explanation, ask, reveal, alone) => ({
    kind, call: c.call, depth: c.depth, prompt, choices, answer, explanation, ask, reveal,
    ask_alone: alone ? beginOf(c, 0) : null, reveal_alone: alone ? endOf(c, 0) : null,
  });

  function valueQuestion(c, scores) {
    const labels = scores.map((s) => s.label);
    const quick = R.hitFrom(c.pid) !== null || R.terminal(c.pid);  // no test-plays to watch
    const ask = quick ? beginOf(c, 0) : endOf(c, -2);
    const reveal = quick ? endOf(c, 0) : endOf(c, -1);
    return question("value", c, `What score does ${who(c)} return?`, scores,
      labels.indexOf(signed(c.score)), told(reveal), ask, reveal, true);
  }

  function pickQuestion(c) {
    const moves = c.children.map((child) => child.move);
    const how = R.maximising(c.pid) ? "highest" : "lowest";
    return question("pick", c, `Step 16: which test-play does call #${c.call} pick? ` +
      `${R.mover(c.pid)} takes the first with the ${how} score.`, moves.map(moveChoice),
    P.best[c.pid], told(endOf(c, -1)), endOf(c, -2), endOf(c, -1), false);
  }

  function windowQuestions(c, W, texts) {
    let why = `Called with the window α = ${boundText(W.alpha[c.pid], true)}, ` +
      `β = ${boundText(W.beta[c.pid], false)}.`;
    if (c.parent) {
      const index = c.parent.children.indexOf(c);
      const [a0, b0] = R.windowAfter(c.parent.pid, 0);
      const [a, b] = R.windowAfter(c.parent.pid, index);
      why += a !== a0 || b !== b0
        ? ` Call #${c.parent.call}'s window after its earlier test-plays.`
        : ` Call #${c.parent.call}'s own window, unchanged so far.`;
    }
    return [["alpha", true, "α"], ["beta", false, "β"]].map(([kind, low, name]) =>
      question(kind, c, `With what ${name} is ${who(c)} called?`, texts.map(boundChoice),
        texts.indexOf(boundText(W[kind][c.pid], low)), why, beginOf(c, 0), beginOf(c, 1), false));
  }

  function nextQuestions(c, W) {
    const pruned = W.pruned[c.pid];
    const found = [];
    for (let i = 0; i < c.children.length; i++) {
      const child = c.children[i];
      const searched = i + 1 < c.children.length;
      if (!searched && !pruned.length) break;  // the loop ran out of test-plays
      const next = R.moveShort(searched ? c.children[i + 1].move : pruned[0]);
      found.push(question("next", c, `Call #${child.call} returned ${signed(child.score)}. ` +
        `Is call #${c.call}'s next test-play, ${next}, searched or pruned?`, SEARCHED_PRUNED,
      searched ? 0 : 1, told(endOf(child, 1)), endOf(child, 0), endOf(child, 1), false));
    }
    return found;
  }

  function seenQuestion(c) {
    const hit = R.hitFrom(c.pid) !== null;
    const why = hit ? told(beginOf(c, 1))
      : "No earlier call met this position at this depth: it is computed here and stored.";
    return question("seen", c, `Has the position of ${who(c)} been met before?`, YES_NO,
      hit ? 0 : 1, why, beginOf(c, 0), beginOf(c, 1), false);
  }

  // ---- all of them -----------------------------------------------------------------

  /* A short, stable name for a question set: progress is saved under it. */
  function keyOf(items) {
    let h = 0x811c9dc5;
    const text = JSON.stringify(items.map((q) => [q.kind, q.call, q.prompt, q.answer]));
    for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
    return "built-" + h.toString(16).padStart(8, "0");
  }

  const W = R.data.variant || {};
  const windows = Boolean(W.alpha);
  const perDepth = callsPerDepth();
  const depth = pageDepth(perDepth);
  const scores = scoreChoices();
  const texts = windows ? boundTexts(W) : [];
  const items = [];
  for (const c of callsDownTo(depth)) {
    if (windows) items.push(...windowQuestions(c, W, texts));
    if (W.cached_from) items.push(seenQuestion(c));
    items.push(valueQuestion(c, scores));
    if (c.children.length > 1) items.push(pickQuestion(c));
    if (windows && c.children.length) items.push(...nextQuestions(c, W));
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
