/* tracer's code panel: the algorithm beside the replay, the running line highlighted.
 *
 * The code is tracer's own rendition of minimax as the guide builds it, written as
 * plain Python-like pseudocode with the guide's variable names; each line carries the
 * guide's step number. viewer.js announces every step with a "tracer-step" event
 * (detail: the state it located: kind, frames, j); this file reads the same trace data
 * to show the running call's variables, and walks step 16's loop over
 * allTestPlayInfos one comparison at a time.
 */
"use strict";
(function () {
  const panel = document.getElementById("code-panel");
  if (!panel) return;
  const D = JSON.parse(document.getElementById("trace-data").textContent);
  if (D.game === "tree") {  // a textbook tree has no board: the panel's code is tic-tac-toe's
    document.getElementById("code-section").style.display = "none";
    return;
  }
  const P = D.positions;
  const S = D.scores;
  const AI = D.ai, HUMAN = D.human;
  const BEGIN = 0, EMPTY = 1, CHECK = 2, PLACE = 3, SAVE = 4, CHOOSE = 5, RETURN = 6;

  // [id, guide step, text]. Scores are this trace's own scheme.
  const sc = (v) => (v > 0 ? "+" + v : String(v));
  const LINES = [
    ["def", "7/11", "def minimax(currBdSt, currMark):"],
    ["empty", "8", "    availCellsIndexes = empty cells of currBdSt"],
    ["human", "9", `    if ${HUMAN} (human) has three in a row: return {score: ${S.human_win}}`],
    ["ai", "9", `    if ${AI} (AI) has three in a row: return {score: ${S.ai_win}}`],
    ["full", "9", `    if availCellsIndexes is empty: return {score: ${S.draw}}`],
    ["infos", "10", "    allTestPlayInfos = []"],
    ["for", "10/13", "    for cell in availCellsIndexes:"],
    ["current", "11", "        currentTestPlayInfo = {index: cell}"],
    ["place", "11", "        currBdSt[cell] = currMark"],
    ["recurse", "11", "        result = minimax(currBdSt, the other mark)"],
    ["score", "12", "        currentTestPlayInfo.score = result.score"],
    ["reset", "12", "        currBdSt[cell] = cell   # the cell is empty again"],
    ["push", "12", "        allTestPlayInfos.append(currentTestPlayInfo)"],
    ["best", "15", "    bestTestPlay = null"],
    ["start", "16", `    bestScore = -infinity if currMark is ${AI} else +infinity`],
    ["loop", "16", "    for i in 0 .. len(allTestPlayInfos) - 1:"],
    ["if", "16", `        if allTestPlayInfos[i].score beats bestScore:  # > for ${AI}, < for ${HUMAN}`],
    ["keep", "16", "            bestScore = allTestPlayInfos[i].score; bestTestPlay = i"],
    ["return", "17", "    return allTestPlayInfos[bestTestPlay]"],
    ["blank", "", ""],
    ["first", "7/24", `bestPlayInfo = minimax(the board, "${AI}")`],
    ["use", "25", `play ${AI} on bestPlayInfo.index`],
  ];

  const codeEl = document.createElement("ol");
  codeEl.className = "code-lines";
  // It scrolls on a small screen: a keyboard must be able to reach it to scroll it.
  codeEl.tabIndex = 0;
  codeEl.setAttribute("aria-label", "the algorithm, the running lines highlighted");
  const lineEls = {};
  for (const [id, step, text] of LINES) {
    const li = document.createElement("li");
    li.dataset.line = id;
    const tag = document.createElement("span");
    tag.className = "step-tag";
    tag.textContent = step;
    const body = document.createElement("code");
    body.textContent = text;
    li.append(tag, body);
    codeEl.appendChild(li);
    lineEls[id] = li;
  }
  const varsEl = document.createElement("dl");
  varsEl.className = "vars";
  const subEl = document.createElement("div");
  subEl.className = "substeps";
  panel.append(varsEl, subEl, codeEl);

  // ---- reading the trace (as viewer.js does) -------------------------------------
  const markOf = (pid) => (P.x_to_move[pid] ? "X" : "O");
  const cellsOf = (pid) => {
    const b = P.boards[pid];
    const cells = [];
    for (let i = 0; i < 9; i++) cells.push((b >> i) & 1 ? "X" : (b >> (9 + i)) & 1 ? "O" : ".");
    return cells;
  };
  const emptyCells = (pid) => cellsOf(pid).map((m, i) => (m === "." ? i : -1)).filter((i) => i >= 0);
  const moves = (pid) => (P.terminal[pid] ? [] : emptyCells(pid));
  const childOf = (pid, j) => P.edge_child[P.first_edge[pid] + j];
  const plays = (pid) => moves(pid).map((cell, j) => ({ cell, score: P.score[childOf(pid, j)] }));
  const info = (p) => `{index: ${p.cell}, score: ${p.score}}`;
  const returned = (pid) => (P.best[pid] < 0 ? `{score: ${P.score[pid]}}`
    : `{index: ${moves(pid)[P.best[pid]]}, score: ${P.score[pid]}}`);
  const guideArray = (cells) => "[" + cells.map((m, i) => (m === "." ? String(i) : `"${m}"`)).join(", ") + "]";

  /* Step 16 one comparison at a time: bestScore and bestTestPlay after each i. */
  function comparisons(pid) {
    const max = markOf(pid) === AI;
    let bestScore = max ? -Infinity : Infinity, bestTestPlay = null;
    return plays(pid).map((p, i) => {
      const beats = max ? p.score > bestScore : p.score < bestScore;
      if (beats) { bestScore = p.score; bestTestPlay = i; }
      return { i, score: p.score, beats, bestScore, bestTestPlay };
    });
  }

  let last = null;
  let sub = -1;  // which comparison of step 16 is shown (-1: the loop has not started)

  function highlight(state) {
    const frames = state.frames;
    const top = frames[frames.length - 1];
    const pid = top.pid;
    const code = D.terminal_names[P.terminal[pid]];
    switch (state.kind) {
      case BEGIN: return [top.call === 1 ? "first" : "def"];
      case EMPTY: return ["empty"];
      case CHECK:
        if (code === null) return ["infos", "for"];
        return [code === "draw" ? "full" : code === HUMAN ? "human" : "ai"];
      case PLACE: return ["for", "current", "place", "recurse"];
      case SAVE: return ["score", "reset", "push"];
      case CHOOSE:
        if (sub < 0) return ["best", "start"];
        return comparisons(pid)[sub].beats ? ["loop", "if", "keep"] : ["loop", "if"];
      default: return top.call === 1 ? ["return", "first", "use"] : ["return"];
    }
  }

  function variables(state) {
    const frames = state.frames;
    const top = frames[frames.length - 1];
    const pid = top.pid;
    const mark = markOf(pid);
    const cells = cellsOf(pid);
    const all = plays(pid);
    const vars = [];
    if (state.kind === PLACE) cells[all[state.j].cell] = mark;
    vars.push(["currBdSt", guideArray(cells)]);
    vars.push(["currMark", `"${mark}" (${mark === AI ? "the AI, max" : "the human, min"})`]);
    if (state.kind >= EMPTY) vars.push(["availCellsIndexes", "[" + emptyCells(pid).join(", ") + "]"]);
    const going = !P.terminal[pid] && state.kind >= CHECK;
    if (going) {
      const done = all.slice(0, top.done).map(info);
      vars.push(["allTestPlayInfos", "[" + done.join(", ") + "]"]);
    }
    if (state.kind === PLACE) vars.push(["currentTestPlayInfo", `{index: ${all[state.j].cell}}`]);
    if (state.kind === SAVE) {
      vars.push(["result", `{score: ${all[state.j].score}}`]);
      vars.push(["currentTestPlayInfo", info(all[state.j])]);
    }
    if (going && state.kind >= CHOOSE) {
      const steps = comparisons(pid);
      const at = state.kind === RETURN ? steps[steps.length - 1] : sub >= 0 ? steps[sub] : null;
      if (state.kind === CHOOSE && sub >= 0) vars.push(["i", String(sub)]);
      const infinity = mark === AI ? "-Infinity" : "+Infinity";
      vars.push(["bestScore", at ? sc(at.bestScore) : infinity]);
      vars.push(["bestTestPlay", at && at.bestTestPlay !== null ? String(at.bestTestPlay) : "null"]);
    }
    if (state.kind === RETURN || (P.terminal[pid] && state.kind === CHECK)) {
      vars.push(["returns", returned(pid)]);
    }
    const done = top.call === 1 && (state.kind === RETURN || (P.terminal[pid] && state.kind === CHECK));
    vars.push(["bestPlayInfo", done ? returned(0) : "not yet: call #1 is still running"]);
    return vars;
  }

  function drawSubsteps(state) {
    subEl.textContent = "";
    if (state.kind !== CHOOSE) return;
    const top = state.frames[state.frames.length - 1];
    const steps = comparisons(top.pid);
    const mark = markOf(top.pid);
    const head = document.createElement("div");
    head.className = "sub-head";
    const back = document.createElement("button");
    back.type = "button"; back.textContent = "◀ i"; back.id = "sub-prev";
    back.disabled = sub < 0;
    back.onclick = () => { sub -= 1; update(last); };
    const next = document.createElement("button");
    next.type = "button"; next.textContent = "i ▶"; next.id = "sub-next";
    next.disabled = sub >= steps.length - 1;
    next.onclick = () => { sub += 1; update(last); };
    const words = document.createElement("span");
    words.textContent = sub < 0 ? `step 16's loop: ${steps.length} comparison${steps.length === 1 ? "" : "s"} to make`
      : `step 16's loop, i = ${sub} of ${steps.length - 1}`;
    head.append(back, next, words);
    const table = document.createElement("ol");
    table.className = "sub-list";
    steps.forEach((s, i) => {
      const li = document.createElement("li");
      const cmp = mark === AI ? ">" : "<";
      const before = i === 0 ? (mark === AI ? "-Infinity" : "+Infinity") : sc(steps[i - 1].bestScore);
      li.textContent = `i = ${i}: ${sc(s.score)} ${cmp} ${before}? ` +
        (s.beats ? `yes: bestScore = ${sc(s.score)}, bestTestPlay = ${i}` : "no: keep");
      if (i === sub) li.className = "now";
      else if (i > sub) li.className = "later";
      table.appendChild(li);
    });
    subEl.append(head, table);
  }

  function update(state) {
    if (!state) return;
    if (!last || last.n !== state.n) sub = -1;
    last = state;
    const on = new Set(highlight(state));
    for (const [id] of LINES) lineEls[id].classList.toggle("running", on.has(id));
    varsEl.textContent = "";
    for (const [name, value] of variables(state)) {
      const dt = document.createElement("dt");
      dt.textContent = name;
      const dd = document.createElement("dd");
      dd.textContent = value;
      varsEl.append(dt, dd);
    }
    drawSubsteps(state);
    const first = codeEl.querySelector(".running");
    // Keep the running line in view inside the panel (never scroll the page itself).
    if (first) {
      const top = first.offsetTop, bottom = top + first.offsetHeight;
      if (top < codeEl.scrollTop || bottom > codeEl.scrollTop + codeEl.clientHeight) {
        codeEl.scrollTop = Math.max(0, top - codeEl.clientHeight / 3);
      }
    }
  }

  document.addEventListener("tracer-step", (event) => update(event.detail));
})();
