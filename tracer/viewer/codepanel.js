/* tracer's code panel: the algorithm beside the replay, the running lines highlighted.
 *
 * The lines are the game's plug-in's rendition of the guide's minimax, with the
 * guide's variable names and step numbers (GameWords.code_lines), and the search's
 * own lines put in at their places or instead of the lines they name
 * (SearchWords.code_parts: alpha-beta's window and cut, memo's cache); each is a
 * template the words plug-ins wrote. viewer.js
 * announces every step with a "tracer-step" event (detail: the state it located:
 * kind, frames, j); this file reads the rows and the words through
 * window.tracerRows (set by viewer.js before its first step) to show the running
 * call's variables, and walks step 16's loop one comparison at a time.
 */
"use strict";
(function () {
  const panel = document.getElementById("code-panel");
  if (!panel) return;
  let R = null, K = null, LINES = [], lineEls = {}, codeEl = null, varsEl = null, subEl = null, off = false;

  /* The panel, made on the first step (viewer.js has then set window.tracerRows). */
  function build() {
    R = window.tracerRows;
    K = R.KINDS;
    const code = R.data.words;
    // A search whose code tracer did not record (a learner's program): a line says why.
    if (code.search.without_code) {
      panel.appendChild(R.el("p", "quiet", code.search.without_code));
      off = true;
      return;
    }
    LINES = [];
    // A search's lines go in at its places (@entry, ...), or instead of a line it names.
    const theirs = code.search.code;
    for (const line of code.game.code) {
      if (Object.prototype.hasOwnProperty.call(theirs, line[0])) theirs[line[0]].forEach((l) => LINES.push(l));
      else if (!line[0].startsWith("@")) LINES.push(line);
    }
    codeEl = R.el("ol", "code-lines");
    // It scrolls on a small screen: a keyboard must be able to reach it to scroll it.
    codeEl.tabIndex = 0;
    codeEl.setAttribute("aria-label", R.text("code.aria"));
    for (const [id, step, template] of LINES) {
      const li = R.el("li");
      li.dataset.line = id;
      const text = R.el("code", "", R.fill(template));
      // The indent becomes a margin, so a long line wraps under its own text, a little
      // further in, and never breaks at its leading spaces.
      const first = text.firstChild;
      const indent = first && first.nodeType === Node.TEXT_NODE ? first.data.length - first.data.trimStart().length : 0;
      if (indent) first.data = first.data.trimStart();
      text.style.setProperty("--indent", indent + "ch");
      li.append(R.el("span", "step-tag", step), text);
      codeEl.appendChild(li);
      lineEls[id] = li;
    }
    varsEl = R.el("dl", "vars");
    varsEl.tabIndex = 0;  // it scrolls when the panel is short: the keyboard reaches it too
    varsEl.setAttribute("aria-label", "Variables");
    subEl = R.el("div", "substeps");
    panel.append(varsEl, subEl, codeEl);
  }

  const topOf = (state) => state.frames[state.frames.length - 1];
  /* The test-plays a call made, in its loop order, with the score each returned. */
  const plays = (frame) => R.testPlays(frame).map((p) => ({ ...p, score: R.rows.score[p.pid] }));
  const answered = (pid) => R.search.answered(pid) !== null;

  /* Which way step 16 compares: the mover's side, or "max" for a search that compares scores
   * of its own (search.pickScores: each score as the side to move sees it). */
  const pickSide = (pid) => (R.search.pickScores ? "max" : R.side(pid));
  /* Step 16 one comparison at a time: the best score (value) and bestTestPlay after each i. */
  function comparisons(frame) {
    const max = pickSide(frame.pid) === "max";
    const scores = R.search.pickScores ? R.search.pickScores(frame.pid) : plays(frame).map((p) => p.score);
    let best = max ? -Infinity : Infinity, bestTestPlay = null;
    return scores.map((score, i) => {
      const beats = max ? score > best : score < best;
      if (beats) { best = score; bestTestPlay = i; }
      return { i, score, beats, best, bestTestPlay };
    });
  }

  let last = null;
  let sub = -1;  // which comparison of step 16 is shown (-1: the loop has not started)

  /* The lines running at a step: the guide's, as this game's code names them, then the search's. */
  function highlight(state) {
    const top = topOf(state);
    let ids;
    switch (state.kind) {
      case K.BEGIN: ids = [top.call === 1 ? "first" : "def"]; break;
      case K.EMPTY: ids = ["empty", "order"]; break;
      case K.CHECK:
        ids = R.terminal(top.pid) ? [R.data.words.game.code_terminal[R.terminalKind(top.pid)]] : ["infos", "for"];
        break;
      case K.PLACE: ids = ["for", "current", "place", "recurse"]; break;
      case K.SAVE: ids = ["score", "reset", "push"]; break;
      case K.CHOOSE:
        ids = sub < 0 ? ["best", "start"] : comparisons(top)[sub].beats ? ["loop", "if", "keep"] : ["loop", "if"];
        break;
      default: ids = top.call === 1 ? ["return", "first", "use"] : ["return"];
    }
    ids = ids.filter((id) => id in lineEls);
    return R.search.codeLines ? R.search.codeLines(state, ids) : ids;
  }

  /* The running call's variables, named as this game's code names them. */
  function variables(state) {
    const top = topOf(state), pid = top.pid;
    const all = plays(top);
    const slots = { ...R.callSlots(top), role_code: R.text(`role.code.${R.side(pid)}`) };
    const v = (id, more) => [R.text(`var.${id}.name`), R.text(`var.${id}`, { ...slots, ...more })];
    const searchVars = (where) => (R.search.codeVars ? R.search.codeVars(state, where) : []);
    const cached = answered(pid) && state.kind >= K.EMPTY;
    const placed = state.kind === K.PLACE ? all[state.j].cell : -1;
    const vars = [v("state", R.game.codeSlots(pid, placed)), v("player"), ...searchVars("entry")];
    if (state.kind >= K.EMPTY && !cached) vars.push(v("moves", { moves: R.tokens(R.game.stepMoves(pid)).join(", ") }));
    vars.push(...searchVars("window"));
    const going = !R.terminal(pid) && !cached && state.kind >= K.CHECK;
    if (going) vars.push(v("infos", { infos: all.slice(0, top.done).map((p) => R.returned(p.pid, p.cell)).join(", ") }));
    if (state.kind === K.PLACE) vars.push(v("placed", R.moveSlots(placed)));
    if (state.kind === K.SAVE) {
      const p = all[state.j];
      vars.push(v("result", { score: p.score }));
      if (R.has("var.saved.name")) vars.push(v("saved", { info: R.returned(p.pid, p.cell) }));
    }
    if (going && state.kind >= K.CHOOSE) {
      const steps = comparisons(top);
      const at = state.kind === K.RETURN ? steps[steps.length - 1] : sub >= 0 ? steps[sub] : null;
      if (state.kind === K.CHOOSE && sub >= 0) vars.push([R.text("var.i.name"), String(sub)]);
      vars.push([R.text("var.best.name"), at ? R.signed(at.best) : R.text(`code.start.${pickSide(pid)}`)]);
      vars.push([R.text("var.best_play.name"), at && at.bestTestPlay !== null ? String(at.bestTestPlay) : R.text("code.null")]);
    }
    const over = state.kind === K.RETURN || ((R.terminal(pid) || cached) && state.kind === K.CHECK);
    if (over) vars.push([R.text("var.returns.name"), R.returned(pid)]);
    const done = top.call === 1 && over;
    vars.push([R.text("var.answer.name"), done ? R.returned(0) : R.text("var.answer.pending")]);
    return vars;
  }

  function drawSubsteps(state) {
    subEl.textContent = "";
    if (state.kind !== K.CHOOSE) return;
    const top = topOf(state);
    const steps = comparisons(top);
    const s = pickSide(top.pid);
    const head = R.el("div", "sub-head");
    const back = R.el("button", "", R.text("sub.prev"));
    back.type = "button"; back.id = "sub-prev";
    back.disabled = sub < 0;
    back.onclick = () => { sub -= 1; update(last); };
    const next = R.el("button", "", R.text("sub.next"));
    next.type = "button"; next.id = "sub-next";
    next.disabled = sub >= steps.length - 1;
    next.onclick = () => { sub += 1; update(last); };
    const words = sub < 0 ? R.counted("sub.todo", steps.length) : R.text("sub.at", { i: sub, last: steps.length - 1 });
    head.append(back, next, R.el("span", "", words));
    const table = R.el("ol", "sub-list");
    steps.forEach((c, i) => {
      const before = i === 0 ? R.text(`code.start.${s}`) : R.signed(steps[i - 1].best);
      const item = R.el("li", i === sub ? "now" : i > sub ? "later" : "", R.text(c.beats ? "sub.yes" : "sub.no", {
        i, score: R.signed(c.score), cmp: R.text(`sub.cmp.${s}`), before, best_var: R.text("var.best.name"),
      }));
      table.appendChild(item);
    });
    subEl.append(head, table);
  }

  function update(state) {
    if (!state || off) return;
    if (!codeEl) build();
    if (off) return;
    if (!last || last.n !== state.n) sub = -1;
    last = state;
    const on = new Set(highlight(state));
    for (const [id] of LINES) lineEls[id].classList.toggle("running", on.has(id));
    varsEl.textContent = "";
    for (const [name, value] of variables(state)) varsEl.append(R.el("dt", "", name), R.el("dd", "", value));
    drawSubsteps(state);
    const first = codeEl.querySelector(".running");
    // Keep the running line in view inside the panel (never scroll the page itself).
    if (first) {
      const top = first.offsetTop, bottom = top + first.offsetHeight;
      if (top < codeEl.scrollTop || bottom > codeEl.scrollTop + codeEl.clientHeight) {
        // A third of the way down, unless its end would then be cut: a wrapped line shows whole.
        const room = codeEl.clientHeight;
        codeEl.scrollTop = Math.max(0, Math.min(top, Math.max(top - room / 3, bottom - room)));
      }
    }
  }

  document.addEventListener("tracer-step", (event) => update(event.detail));
})();
