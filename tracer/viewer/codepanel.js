/* tracer's code panel: the algorithm beside the replay, the running line highlighted.
 *
 * The code is tracer's own rendition of minimax as the guide builds it, written as
 * plain Python-like pseudocode with the guide's variable names; each line carries the
 * guide's step number. A variant search shows its own lines too: alpha-beta's window
 * and cut (tagged αβ), memo's cache (tagged memo), a loop order other than the
 * guide's, scores that count the moves. viewer.js announces every step with a
 * "tracer-step" event (detail: the state it located: kind, frames, j); this file
 * reads the rows through window.tracerRows (set by viewer.js before its first step)
 * to show the running call's variables, and walks step 16's loop over
 * allTestPlayInfos one comparison at a time.
 */
"use strict";
(function () {
  const panel = document.getElementById("code-panel");
  if (!panel) return;
  const D = JSON.parse(document.getElementById("trace-data").textContent);
  // A textbook tree (D.game === "tree") has nodes and values instead of boards and scores.
  const TREE = D.game === "tree";
  const P = D.positions;
  const S = D.scores;
  const V = D.variant || {};
  const AB = V.algorithm === "alphabeta", MEMO = V.algorithm === "memo";
  const AI = D.ai, HUMAN = D.human;
  const BEGIN = 0, EMPTY = 1, CHECK = 2, PLACE = 3, SAVE = 4, CHOOSE = 5, RETURN = 6;
  const VALUE = TREE ? "value" : "score";
  const BEST = TREE ? "bestValue" : "bestScore";

  const sc = (v) => (v > 0 ? "+" + v : String(v));
  const GE = V.cutoff !== "gt";
  const scoreText = (outcome) => {  // a depth-aware scheme: each move costs a win one point
    if (!S.per_move || outcome === "draw") return String(S[outcome]);
    return outcome === "ai_win" ? `${S.ai_win} - depth` : `${S.human_win} + depth`;
  };
  const windowArgs = AB ? ", α, β" : "";

  /* Alpha-beta's lines after a test-play is saved; `who` names the mover's variable. */
  const windowLines = (who) => (AB ? [
    ["bestsofar", "αβ", `        bestSoFar = best ${VALUE} saved (max if ${AI}, min if ${HUMAN})`],
    ["cutmax", "αβ", `        if ${who} is ${AI} and bestSoFar ${GE ? "≥" : ">"} β: break  # cut: prune the rest`],
    ["cutmin", "αβ", `        if ${who} is ${HUMAN} and bestSoFar ${GE ? "≤" : "<"} α: break  # cut: prune the rest`],
    ["alpha", "αβ", `        if ${who} is ${AI}: α = max(α, bestSoFar)`],
    ["beta", "αβ", `        if ${who} is ${HUMAN}: β = min(β, bestSoFar)`],
  ] : []);
  /* Steps 15 to 17: the pick, the same for boards and trees but for the words. */
  const pickLines = (who, key) => [
    ["best", "15", "    bestTestPlay = null"],
    ["start", "16", `    ${BEST} = -infinity if ${who} is ${AI} else +infinity`],
    ["loop", "16", "    for i in 0 .. len(allTestPlayInfos) - 1:"],
    ["if", "16", `        if allTestPlayInfos[i].${VALUE} beats ${BEST}:  # > for ${AI}, < for ${HUMAN}`],
    ["keep", "16", `            ${BEST} = allTestPlayInfos[i].${VALUE}; bestTestPlay = i`],
    ...(MEMO ? [["store", "memo", `    cache[${key}, depth] = allTestPlayInfos[bestTestPlay]`]] : []),
    ["return", "17", "    return allTestPlayInfos[bestTestPlay]"],
    ["blank", "", ""],
  ];

  // [id, guide step, text]. Scores are this trace's own scheme.
  const BOARD_LINES = () => [
    ["def", "7/11", `def minimax(currBdSt, currMark${windowArgs}):`],
    ...(MEMO ? [["cache", "memo", "    if (currBdSt, depth) in cache: return cache[currBdSt, depth]"]] : []),
    ["empty", "8", "    availCellsIndexes = empty cells of currBdSt"],
    ...(V.order ? [["order", "8", `        # in the loop's order: ${V.order.join(", ")}`]] : []),
    ["human", "9", `    if ${HUMAN} (human) has three in a row: return {score: ${scoreText("human_win")}}`],
    ["ai", "9", `    if ${AI} (AI) has three in a row: return {score: ${scoreText("ai_win")}}`],
    ["full", "9", `    if availCellsIndexes is empty: return {score: ${scoreText("draw")}}`],
    ["infos", "10", "    allTestPlayInfos = []"],
    ["for", "10/13", "    for cell in availCellsIndexes:"],
    ["current", "11", "        currentTestPlayInfo = {index: cell}"],
    ["place", "11", "        currBdSt[cell] = currMark"],
    ["recurse", "11", `        result = minimax(currBdSt, the other mark${windowArgs})`],
    ["score", "12", "        currentTestPlayInfo.score = result.score"],
    ["reset", "12", "        currBdSt[cell] = cell   # the cell is empty again"],
    ["push", "12", "        allTestPlayInfos.append(currentTestPlayInfo)"],
    ...windowLines("currMark"),
    ...pickLines("currMark", "currBdSt"),
    ["first", "7/24", `bestPlayInfo = minimax(the board, "${AI}"${AB ? ", -infinity, +infinity" : ""})`],
    ["use", "25", `play ${AI} on bestPlayInfo.index`],
  ];
  // A textbook tree: the same algorithm over a node's children, its steps numbered as the guide's.
  const TREE_LINES = () => [
    ["def", "7/11", `def minimax(node, player${windowArgs}):`],
    ...(MEMO ? [["cache", "memo", "    if (node, depth) in cache: return cache[node, depth]"]] : []),
    ["empty", "8", "    children = the children of node"],
    ["leaf", "9", "    if node is a leaf: return {value: its value}"],
    ["infos", "10", "    allTestPlayInfos = []"],
    ["for", "10/13", "    for child in children:"],
    ["recurse", "11", `        result = minimax(child, the other player${windowArgs})`],
    ["push", "12", "        allTestPlayInfos.append({child: child, value: result.value})"],
    ...windowLines("player"),
    ...pickLines("player", "node"),
    ["first", "7/24", `bestPlayInfo = minimax(the root, "${D.root_player}"${AB ? ", -infinity, +infinity" : ""})`],
    ["use", "25", `${D.root_player} moves to bestPlayInfo.child`],
  ];
  const LINES = TREE ? TREE_LINES() : BOARD_LINES();

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

  // ---- reading the trace through viewer.js's rows -------------------------------
  const R = () => window.tracerRows;
  const markOf = (pid) => R().mover(pid);
  const childOf = (pid, j) => R().childOf(pid, j);
  // The test-plays a call made, in its loop order (alpha-beta stops at a cut; a cache hit makes none).
  const plays = (pid) => R().moves(pid).map((cell, j) => ({ cell, score: P.score[childOf(pid, j)] }));
  const hit = (pid) => R().hitFrom(pid) !== null;
  // A test-play's info and a call's return, as the guide writes them (a tree: child and value).
  const info = TREE ? (p) => `{child: ${R().moveShort(p.cell)}, value: ${p.score}}`
    : (p) => `{index: ${p.cell}, score: ${p.score}}`;
  const returned = (pid) => (P.best[pid] < 0 ? `{${VALUE}: ${P.score[pid]}}`
    : info({ cell: R().moves(pid)[P.best[pid]], score: P.score[pid] }));
  const guideArray = (cells) => "[" + cells.map((m, i) => (m === "." ? String(i) : `"${m}"`)).join(", ") + "]";
  const bound = (v, low) => (v === null ? (low ? "-infinity" : "+infinity") : sc(v));

  /* Step 16 one comparison at a time: the best score (value) and bestTestPlay after each i. */
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

  /* The empty cells in the loop's order (the guide's: ascending). */
  function availCells(pid) {
    const cells = R().emptyCells(pid).slice();
    if (V.order) cells.sort((a, b) => V.order.indexOf(a) - V.order.indexOf(b));
    return cells;
  }

  /* Alpha-beta, after the first `done` test-plays of row pid: {alpha, beta, cut, best}. */
  function windowOf(pid, done) {
    const [alpha, beta, cut, best] = R().windowAfter(pid, done);
    return { alpha, beta, cut, best };
  }

  function highlight(state) {
    const frames = state.frames;
    const top = frames[frames.length - 1];
    const pid = top.pid;
    const code = D.terminal_names[P.terminal[pid]];
    if (MEMO && state.kind >= EMPTY && hit(pid)) return ["cache"];
    switch (state.kind) {
      case BEGIN: return [top.call === 1 ? "first" : "def"];
      case EMPTY: return [...(MEMO ? ["cache"] : []), "empty", ...(V.order ? ["order"] : [])];
      case CHECK:
        if (code === null) return ["infos", "for"];
        if (TREE) return ["leaf"];
        return [code === "draw" ? "full" : code === HUMAN ? "human" : "ai"];
      case PLACE: return TREE ? ["for", "recurse"] : ["for", "current", "place", "recurse"];
      case SAVE: {
        const saved = TREE ? ["push"] : ["score", "reset", "push"];
        if (!AB) return saved;
        const max = markOf(pid) === AI;
        const tested = [...saved, "bestsofar", max ? "cutmax" : "cutmin"];
        return windowOf(pid, state.j + 1).cut ? tested : [...tested, max ? "alpha" : "beta"];
      }
      case CHOOSE:
        if (sub < 0) return ["best", "start"];
        return comparisons(pid)[sub].beats ? ["loop", "if", "keep"] : ["loop", "if"];
      default: {
        const back = MEMO ? ["store", "return"] : ["return"];
        return top.call === 1 ? [...back, "first", "use"] : back;
      }
    }
  }

  /* Alpha-beta's lines: the window on entry and as it stands, what a cut pruned. */
  function windowVariables(state, top) {
    const pid = top.pid;
    const entry = [V.alpha[pid], V.beta[pid]];
    if (state.kind === BEGIN || P.terminal[pid]) return [["α, β", `${bound(entry[0], true)}, ${bound(entry[1], false)}`]];
    const done = state.kind === SAVE ? state.j + 1 : top.done;
    const now = windowOf(pid, done);
    const vars = [];
    if (state.kind === SAVE) vars.push(["bestSoFar", sc(now.best)]);
    vars.push(["α, β", `${bound(now.alpha, true)}, ${bound(now.beta, false)}` +
      (now.alpha !== entry[0] || now.beta !== entry[1]
        ? ` (called with ${bound(entry[0], true)}, ${bound(entry[1], false)})` : "")]);
    const pruned = R().pruned(pid).map(TREE ? R().moveShort : String);
    if (now.cut) vars.push(["pruned", pruned.length ? "[" + pruned.join(", ") + "]" : "none left"]);
    return vars;
  }

  /* The call's own arguments and what it lists at step 8. */
  function boardVariables(state, pid, all, cached) {
    const mark = markOf(pid);
    const cells = R().cells(pid).slice();
    if (state.kind === PLACE) cells[all[state.j].cell] = mark;
    const vars = [["currBdSt", guideArray(cells)],
      ["currMark", `"${mark}" (${mark === AI ? "the AI, max" : "the human, min"})`]];
    if (cached) vars.push(["cache", `hit: call #${R().hitFrom(pid)} scored this board at this depth`]);
    if (state.kind >= EMPTY && !cached) vars.push(["availCellsIndexes", "[" + availCells(pid).join(", ") + "]"]);
    return vars;
  }
  function treeVariables(state, pid, cached) {
    const player = markOf(pid);
    const vars = [["node", R().label(pid)],
      ["player", `"${player}" (${player === AI ? "the maximiser" : "the minimiser"})`]];
    if (cached) vars.push(["cache", `hit: call #${R().hitFrom(pid)} valued this node at this depth`]);
    if (state.kind >= EMPTY && !cached) vars.push(["children", "[" + R().childLabels(pid).join(", ") + "]"]);
    return vars;
  }

  function variables(state) {
    const frames = state.frames;
    const top = frames[frames.length - 1];
    const pid = top.pid;
    const mark = markOf(pid);
    const all = plays(pid);
    const cached = MEMO && hit(pid) && state.kind >= EMPTY;
    const vars = TREE ? treeVariables(state, pid, cached) : boardVariables(state, pid, all, cached);
    if (AB) vars.push(...windowVariables(state, top));
    const going = !P.terminal[pid] && !cached && state.kind >= CHECK;
    if (going) {
      const done = all.slice(0, top.done).map(info);
      vars.push(["allTestPlayInfos", "[" + done.join(", ") + "]"]);
    }
    if (state.kind === PLACE) {
      vars.push(TREE ? ["child", R().moveShort(all[state.j].cell)] : ["currentTestPlayInfo", `{index: ${all[state.j].cell}}`]);
    }
    if (state.kind === SAVE) {
      vars.push(["result", `{${VALUE}: ${all[state.j].score}}`]);
      if (!TREE) vars.push(["currentTestPlayInfo", info(all[state.j])]);
    }
    if (going && state.kind >= CHOOSE) {
      const steps = comparisons(pid);
      const at = state.kind === RETURN ? steps[steps.length - 1] : sub >= 0 ? steps[sub] : null;
      if (state.kind === CHOOSE && sub >= 0) vars.push(["i", String(sub)]);
      const infinity = mark === AI ? "-Infinity" : "+Infinity";
      vars.push([BEST, at ? sc(at.bestScore) : infinity]);
      vars.push(["bestTestPlay", at && at.bestTestPlay !== null ? String(at.bestTestPlay) : "null"]);
    }
    const over = state.kind === RETURN || ((P.terminal[pid] || cached) && state.kind === CHECK);
    if (over) vars.push(["returns", returned(pid)]);
    const done = top.call === 1 && over;
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
        (s.beats ? `yes: ${BEST} = ${sc(s.score)}, bestTestPlay = ${i}` : "no: keep");
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
