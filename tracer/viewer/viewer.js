/* tracer's step-by-step viewer: replays one recorded minimax trace, event by event.
 *
 * The page holds the trace's position columns (one row per distinct board and
 * mark to move, as tracer/trace.py stores them) and never runs minimax itself.
 * Every step ("event") is found in the call tree by walking down from the
 * root, skipping whole subtrees by their sizes and event counts, just as
 * Trace.call(n) finds a call in Python: O(depth x branching) per step.
 *
 * The events of one call, in order (the guide's step numbers in brackets):
 *   BEGIN (7 for the first call, 11 for the others), EMPTY (8), CHECK (9);
 *   then, if the board is not over, for each empty cell: PLACE (11), the
 *   child call's own events, SAVE (12); then CHOOSE (15-16) and RETURN (17).
 * A finished board returns at CHECK, so its call has three events.
 */
"use strict";
(function () {
  const D = JSON.parse(document.getElementById("trace-data").textContent);
  const P = D.positions;
  // A textbook tree (D.game === "tree") has nodes instead of boards: MAX and MIN stand
  // for the AI and the human, a move is the child it leads to, and a leaf has a value.
  const TREE = D.game === "tree";
  const AI = D.ai;
  const HUMAN = D.human;
  const S = D.scores;

  const BEGIN = 0, EMPTY = 1, CHECK = 2, PLACE = 3, SAVE = 4, CHOOSE = 5, RETURN = 6;
  const KIND_NAMES = ["begin", "empty", "check", "place", "save", "choose", "return"];

  // ---- reading calls out of the position columns ----------------------------------

  const EMPTY_OF = [];  // occupied bits -> empty cells, ascending (the guide's step 8)
  for (let bits = 0; bits < 512; bits++) {
    const cells = [];
    for (let i = 0; i < 9; i++) if (!((bits >> i) & 1)) cells.push(i);
    EMPTY_OF.push(cells);
  }
  const occupied = (pid) => (P.boards[pid] | (P.boards[pid] >> 9)) & 511;
  const emptyCells = (pid) => EMPTY_OF[occupied(pid)];
  // A variant's page carries each row's test-plays (loop order, cut short by pruning,
  // none for a cache hit); the guide's are the empty cells, ascending.
  const MOVES = P.edge_move ? P.first_edge.map((start, pid) =>
    P.edge_move.slice(start, start + P.edge_count[pid])) : null;
  const moves = MOVES ? (pid) => MOVES[pid] : (pid) => (P.terminal[pid] ? [] : emptyCells(pid));
  const childOf = (pid, j) => P.edge_child[P.first_edge[pid] + j];
  const markOf = TREE ? (pid) => (P.max_to_move[pid] ? "MAX" : "MIN") : (pid) => (P.x_to_move[pid] ? "X" : "O");
  const other = TREE ? (mark) => (mark === "MAX" ? "MIN" : "MAX") : (mark) => (mark === "X" ? "O" : "X");
  const label = (node) => D.labels[node];
  const boardCells = (pid) => {
    const b = P.boards[pid];
    const cells = [];
    for (let i = 0; i < 9; i++) cells.push((b >> i) & 1 ? "X" : (b >> (9 + i)) & 1 ? "O" : ".");
    return cells;
  };
  const winningLines = (pid) => {
    const cells = cellsOf(pid), name = D.terminal_names[P.terminal[pid]];
    return D.lines.filter((l) => l.every((i) => cells[i] === name));
  };
  const bitCount = (v) => { let n = 0; while (v) { n += v & 1; v >>>= 1; } return n; };

  // Events per position's subtree, children first (a child always has one more mark).
  const EV = new Float64Array(P.terminal.length);
  const byMarks = TREE
    ? P.depth.map((d, pid) => pid).sort((a, b) => P.depth[b] - P.depth[a])
    : P.boards.map((b, pid) => pid).sort((a, b) => bitCount(P.boards[b]) - bitCount(P.boards[a]));
  for (const pid of byMarks) {
    let events = 3;
    const m = moves(pid);
    if (m.length) {
      events += 2;
      for (let j = 0; j < m.length; j++) events += EV[childOf(pid, j)] + 2;
    }
    EV[pid] = events;
  }
  const TOTAL = EV[0];

  /* The state at event n (0-based): the active frames from call 1 down, the kind of
   * event and, for PLACE and SAVE, which test-play. Each frame: pid, call, depth, the
   * move that reached it, the test-plays saved so far (done) and the one in progress
   * (active, -1 if none). */
  function locate(n) {
    const frames = [];
    let pid = 0, call = 1, move = -1, base = 0, lastBegun = 1;
    for (;;) {
      const frame = { pid, call, move, depth: frames.length, done: 0, active: -1 };
      frames.push(frame);
      lastBegun = call;
      const offset = n - base;
      if (offset < 3) return { n, kind: offset, frames, j: -1, lastBegun };
      const m = moves(pid);
      let at = base + 3, c = call + 1, descended = false;
      for (let j = 0; j < m.length; j++) {
        const ch = childOf(pid, j);
        frame.done = j;
        if (n === at) {
          frame.active = j;
          return { n, kind: PLACE, frames, j, lastBegun };
        }
        const save = at + EV[ch] + 1;
        if (n < save) {
          frame.active = j;
          pid = ch; call = c; move = m[j]; base = at + 1;
          descended = true;
          break;
        }
        lastBegun = c + P.sizes[ch] - 1;
        if (n === save) {
          frame.done = j + 1;
          return { n, kind: SAVE, frames, j, lastBegun };
        }
        at = save + 1;
        c += P.sizes[ch];
      }
      if (!descended) {
        frame.done = m.length;
        return { n, kind: n === at ? CHOOSE : RETURN, frames, j: -1, lastBegun };
      }
    }
  }

  /* The event at which call k begins. */
  function beginOf(k) {
    let pid = 0, call = 1, base = 0;
    while (call !== k) {
      const m = moves(pid);
      let at = base + 3, c = call + 1;
      for (let j = 0; j < m.length; j++) {
        const ch = childOf(pid, j);
        if (k < c + P.sizes[ch]) { pid = ch; call = c; base = at + 1; break; }
        at += EV[ch] + 2;
        c += P.sizes[ch];
      }
    }
    return base;
  }

  /* The test-plays of a frame's call: cell, child position and call number of each. */
  function testPlays(frame) {
    const m = moves(frame.pid);
    const plays = [];
    let c = frame.call + 1;
    for (let j = 0; j < m.length; j++) {
      const ch = childOf(frame.pid, j);
      plays.push({ cell: m[j], pid: ch, call: c });
      c += P.sizes[ch];
    }
    return plays;
  }

  // ---- words ------------------------------------------------------------------------

  const signed = (v) => (v > 0 ? "+" + v : String(v));
  const returned = (pid) => {
    const best = P.best[pid];
    if (TREE) return best < 0 ? `{value: ${P.score[pid]}}` : `{child: ${label(moves(pid)[best])}, value: ${P.score[pid]}}`;
    return best < 0 ? `{score: ${P.score[pid]}}` : `{index: ${moves(pid)[best]}, score: ${P.score[pid]}}`;
  };
  const info = TREE ? (node, score) => `{child: ${label(node)}, value: ${score}}`
    : (cell, score) => `{index: ${cell}, score: ${score}}`;
  const role = (mark) => (TREE ? (mark === AI ? "the maximiser" : "the minimiser")
    : mark === AI ? "the AI, maximiser" : "the human, minimiser");
  const cellWords = TREE ? (node) => `node ${label(node)}` : (cell) => `cell ${cell} (${D.cell_names[cell]})`;
  const moveShort = TREE ? (node) => label(node) : (cell) => `cell ${cell}`;
  function outcome(score) {  // what a score predicts, for colours: as drawing.value_outcome
    if (TREE) return "value";
    if (S.per_move) return score > S.draw ? "win" : score < S.draw ? "loss" : "draw";  // depth-aware
    if (score >= S.ai_win) return "win";
    if (score <= S.human_win) return "loss";
    return "draw";
  }
  function meaning(score) {
    if (TREE) return `value ${score} for MAX`;
    const o = outcome(score);
    return o === "win" ? `${AI} (AI) wins` : o === "loss" ? `${HUMAN} (human) wins` : "a draw";
  }
  function terminalKind(pid) {  // 'win' / 'loss' / 'draw' for a finished board, else null
    const name = D.terminal_names[P.terminal[pid]];
    if (name === null) return null;
    if (TREE) return "leaf";
    if (name === "draw") return "draw";
    return name === AI ? "win" : "loss";
  }
  function footer(pid) {  // the score line under a finished board, as in the SVG tree
    const name = D.terminal_names[P.terminal[pid]];
    if (TREE && name !== null) return `leaf: ${P.score[pid]}`;
    if (name === "draw") return `draw: ${signed(P.score[pid])}`;
    if (name !== null) return `${name} wins: ${signed(P.score[pid])}`;
    return `${markOf(pid) === AI ? "max" : "min"} = ${signed(P.score[pid])}`;
  }
  // Markup is made only from this file's own templates: a value put into one is
  // escaped unless it is itself Markup made here, so no text read from a trace can
  // become markup (a label, a name or a number is always shown as text).
  class Markup { constructor(text) { this.text = text; } }
  const ESCAPES = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
  const escapeText = (value) => String(value).replace(/[&<>"']/g, (c) => ESCAPES[c]);
  const piece = (value) => (value instanceof Markup ? value.text : escapeText(value));
  function html(strings, ...values) {
    let text = strings[0];
    values.forEach((value, i) => { text += piece(value) + strings[i + 1]; });
    return new Markup(text);
  }
  /* Markup of several parts, in order (strings among them are escaped). */
  const cat = (...parts) => new Markup(parts.map(piece).join(""));
  function setMarkup(node, markup) {
    if (!(markup instanceof Markup)) throw new TypeError("the viewer writes markup only from its templates");
    node.innerHTML = markup.text;
  }
  const code = (text) => html`<code>${text}</code>`;
  /* How the first call's mover wins, as the log says it: at once, or forced along the line. */
  function winWords(mark) {
    let pid = 0, length = 0;
    while (!P.terminal[pid]) {
      if (!(P.best[pid] >= 0)) return "can force a win";  // a cache hit: its line is elsewhere
      pid = childOf(pid, P.best[pid]);
      length += 1;
    }
    if (length === 1) return "wins at once";
    return `can force a win: on the chosen line the game ends after ${length} moves ` +
      `(${Math.ceil(length / 2)} by ${mark})`;
  }
  /* The figures of the figures page (trace --figures DIR) that this step belongs to:
   * [file stem, label] pairs, numbered as the guide numbers its figures. */
  // A textbook tree's series has only the test-plays and the overview (no board to show).
  const BOARD_ONLY = ["tested-cell", "after-test-play", "final-board"];
  function figuresOf(state) {
    const all = boardFiguresOf(state);
    return TREE ? all.filter(([name]) => !BOARD_ONLY.includes(name)) : all;
  }
  function boardFiguresOf(state) {
    const root = state.frames[0];
    const playFigure = (k) => [`test-play-${k + 1}`, k < 3 ? `figure ${6 + k}` : `test-play ${k + 1}`];
    if (state.frames.length > 1) return [playFigure(root.active)];
    if (P.terminal[0] || state.kind >= CHOOSE) {
      const done = state.kind === RETURN || (P.terminal[0] && state.kind === CHECK);
      return done && !P.terminal[0] ? [["overview", "figure 9"], ["final-board", "figure 10"]]
        : [["overview", "figure 9"]];
    }
    if (state.kind === PLACE && state.j === 0) return [["after-test-play", "figure 5"], playFigure(0)];
    if (state.kind === PLACE || state.kind === SAVE) return [playFigure(state.j)];
    return [["tested-cell", "figure 4"]];
  }
  const list = (cells) => "[" + cells.join(", ") + "]";

  // ---- what a variant search adds (alpha-beta windows and cuts, memo cache hits) ----
  const V = D.variant || null;  // {algorithm, cutoff, alpha, beta, pruned, cached_from}
  const AB = V && V.algorithm === "alphabeta";
  const bound = (v, low) => (v === null ? (low ? "-∞" : "+∞") : signed(v));
  const inf = (v, low) => (v === null ? (low ? -Infinity : Infinity) : v);
  /* The window after the first `done` test-plays of row pid: [alpha, beta, cut?]. */
  function windowAfter(pid, done) {
    let a = inf(V.alpha[pid], true), b = inf(V.beta[pid], false);
    const max = markOf(pid) === AI;
    let best = max ? -Infinity : Infinity, cut = false;
    const m = moves(pid);
    for (let j = 0; j < done && j < m.length; j++) {
      const s = P.score[childOf(pid, j)];
      best = max ? Math.max(best, s) : Math.min(best, s);
      const ge = V.cutoff !== "gt";
      cut = max ? (ge ? best >= b : best > b) : (ge ? best <= a : best < a);
      if (cut) break;
      if (max) a = Math.max(a, best); else b = Math.min(b, best);
    }
    const fin = (v) => (Number.isFinite(v) ? v : null);
    return [fin(a), fin(b), cut, best];
  }
  const windowText = (a, b) => `α = ${bound(a, true)}, β = ${bound(b, false)}`;
  const hitFrom = (pid) => (V && V.cached_from ? V.cached_from[pid] : null);
  function prunedText(pid) {
    const moves = V.pruned[pid];
    if (TREE) return moves.map(moveShort).join(" and ");  // a tree's nodes by their labels
    return `cell${moves.length === 1 ? "" : "s"} ${moves.join(" and ")}`;
  }
  /* Narration a variant adds to a step ("" for the guide's minimax). */
  function variantNote(state) {
    if (!V) return "";
    const top = state.frames[state.frames.length - 1];
    const pid = top.pid;
    if (hitFrom(pid) !== null && state.kind >= EMPTY) {
      return cat(html` <b>Cache hit:</b> call #${hitFrom(pid)} already computed this position, so this call `,
        html`returns its ${code(`{score: ${P.score[pid]}}`)} from the cache without test-playing.`);
    }
    if (!AB) return "";
    if (state.kind === BEGIN) return html` It is called with the window ${code(windowText(V.alpha[pid], V.beta[pid]))}.`;
    if (state.kind === SAVE) {
      const [a, b, cut, best] = windowAfter(pid, state.j + 1);
      const [a0, b0] = windowAfter(pid, state.j);
      if (cut) {
        const max = markOf(pid) === AI;
        const ge = V.cutoff !== "gt";
        const test = max ? `best ${signed(best)} ${ge ? "≥" : ">"} β = ${bound(b, false)}`
          : `best ${signed(best)} ${ge ? "≤" : "<"} α = ${bound(a, true)}`;
        const rest = V.pruned[pid].length
          ? `so ${prunedText(pid)} ${V.pruned[pid].length === 1 ? "is" : "are"} not test-played (pruned)`
          : "(it was the last test-play anyway)";
        return html` <b>Cut:</b> ${test}: ${other(markOf(pid))} would never let the game reach here, ${rest}.`;
      }
      if (a !== a0) return html` α rises: ${code(`α = ${bound(a0, true)} → ${bound(a, true)}`)}.`;
      if (b !== b0) return html` β falls: ${code(`β = ${bound(b0, false)} → ${bound(b, false)}`)}.`;
    }
    return "";
  }

  function guideStep(state) {
    const top = state.frames[state.frames.length - 1];
    switch (state.kind) {
      case BEGIN: return top.call === 1 ? "7" : "11";
      case EMPTY: return "8";
      case CHECK: return P.terminal[top.pid] ? "9" : "9–10";
      case PLACE: return "11";
      case SAVE: return "12";
      case CHOOSE: return "15–16";
      default: return top.call === 1 ? "17 (and 24–25)" : "17";
    }
  }
  const KIND_TITLES = ["a call begins", "the empty cells", "the terminal check",
    "a test-play", "a score is saved", "the best test-play", "the return"];

  function narrate(state) {
    return TREE ? narrateTree(state) : narrateBoard(state);
  }

  /* The same events told for a textbook tree: nodes, children, leaves and values. */
  function narrateTree(state) {
    const frames = state.frames;
    const top = frames[frames.length - 1];
    const parent = frames[frames.length - 2];
    const C = `Call #${top.call}`;
    const mark = markOf(top.pid);
    const node = label(P.node[top.pid]);
    const kids = D.children[P.node[top.pid]].map(label);
    switch (state.kind) {
      case BEGIN:
        if (!parent) return cat(html`<b>Call #1 begins:</b> minimax is invoked on the root, node ${node}, `,
          `with ${mark} (${role(mark)}) to move. What it returns will be the answer.`);
        return cat(html`<b>${C} begins:</b> call #${parent.call} tries the move to node ${node} and runs `,
          `minimax on it, with ${mark} (${role(mark)}) to move. Call #${parent.call} waits.`);
      case EMPTY:
        return kids.length ? html`${C} lists the children of ${node}: ${code(list(kids))}.`
          : html`Node ${node} has no children: it is a leaf.`;
      case CHECK:
        if (P.terminal[top.pid]) return cat(html`${node} is a leaf worth <b>${P.score[top.pid]}</b>. ${C} `,
          html`returns ${code(returned(top.pid))} without trying anything.`);
        return cat(`${node} is not a leaf, so ${C} tries each child in turn and keeps the `,
          `${mark === AI ? "largest" : "smallest"} value.`);
      case PLACE: {
        const plays = testPlays(top);
        return cat(`${C} tries child ${label(plays[state.j].cell)} (${state.j + 1} of ${kids.length}): `,
          `minimax is called on it (that will be call #${plays[state.j].call}).`);
      }
      case SAVE: {
        const plays = testPlays(top);
        const play = plays[state.j];
        return cat(html`Call #${play.call} returned ${code(returned(play.pid))}. ${C} saves `,
          html`${code(info(play.cell, P.score[play.pid]))}.`, state.j + 1 < plays.length
            ? ` Next: child ${label(plays[state.j + 1].cell)}.` : " That was the last child it tries.");
      }
      case CHOOSE: {
        const plays = testPlays(top);
        const best = P.best[top.pid];
        return cat(html`The loop is over. ${mark} takes the <b>${mark === AI ? "largest" : "smallest"}</b> `,
          `of ${plays.map((p) => P.score[p.pid]).join(", ")}: ${P.score[top.pid]}, first at `,
          `child ${label(plays[best].cell)}.`);
      }
      default:
        if (!parent) return cat(html`<b>${C} returns ${code(returned(top.pid))}</b>: ${mark} moves to `,
          `node ${label(moves(top.pid)[P.best[top.pid]])}, backed-up value ${P.score[top.pid]}. `,
          `The search made ${D.calls.toLocaleString("en")} calls.`);
        return cat(html`${C} returns ${code(returned(top.pid))} to call #${parent.call}: node ${node} `,
          `is worth ${P.score[top.pid]} with best play below it.`);
    }
  }

  function narrateBoard(state) {
    const frames = state.frames;
    const top = frames[frames.length - 1];
    const parent = frames[frames.length - 2];
    const c = `call #${top.call}`;
    const C = `Call #${top.call}`;
    const mark = markOf(top.pid);
    switch (state.kind) {
      case BEGIN:
        if (!parent) {
          return cat(html`<b>Call #1 begins:</b> minimax is invoked for the first time, with the board `,
            `below and ${mark} (${role(mark)}) to move. What it returns will be the answer.`);
        }
        return cat(html`<b>${C} begins:</b> call #${parent.call} put ${other(mark)} on `,
          `${cellWords(top.move)} and now runs minimax on that board, with ${mark} `,
          `(${role(mark)}) to move. This is the recursion: call #${parent.call} waits.`);
      case EMPTY: {
        const cells = emptyCells(top.pid);
        return cat(html`${C} lists the empty cells of its board: ${code("availCellsIndexes = " + list(cells))}`,
          cells.length ? "." : ": none, the board is full.");
      }
      case CHECK: {
        const name = D.terminal_names[P.terminal[top.pid]];
        if (name === "draw") {
          return cat(html`Nobody has three in a row and no cell is empty: <b>a draw</b>. ${C} stops here `,
            html`and returns ${code(returned(top.pid))}.`);
        }
        if (name !== null) {
          const line = winningLines(top.pid).map((l) => l.join(", ")).join(" and on cells ");
          return cat(`${name} (${name === AI ? "the AI" : "the human"}) has three in a row on cells `,
            html`${line}: <b>the game is over</b> on this board. ${C} stops here and returns `,
            html`${code(returned(top.pid))} without test-playing anything.`);
        }
        const n = moves(top.pid).length;
        return cat(`Nobody has won and ${n} cell${n === 1 ? " is" : "s are"} empty, so the game goes on. `,
          html`${C} starts an empty ${code("allTestPlayInfos")} and will test-play ${mark} on `,
          n === 1 ? "that cell." : "each empty cell in turn.");
      }
      case PLACE: {
        const plays = testPlays(top);
        const cell = plays[state.j].cell;
        return cat(`${C} test-plays ${mark} on ${cellWords(cell)}, shown in red: test-play `,
          `${state.j + 1} of ${plays.length}. To see where that move leads, it calls minimax on `,
          `the new board with ${other(mark)} to move (that will be call #${plays[state.j].call}).`);
      }
      case SAVE: {
        const plays = testPlays(top);
        const play = plays[state.j];
        const score = P.score[play.pid];
        const next = state.j + 1 < plays.length
          ? ` The loop moves on to cell ${plays[state.j + 1].cell} (step 13).`
          : AB && V.pruned[top.pid].length ? ""  // alpha-beta: the cut is told next
          : " That was its last empty cell, so the loop ends (step 14).";
        return cat(html`Call #${play.call} returned ${code(returned(play.pid))}. ${C} saves `,
          html`${code(info(play.cell, score))} in ${code("allTestPlayInfos")} (score ${signed(score)}: `,
          `${meaning(score)}) and takes its ${mark} back off cell ${play.cell}.`, next);
      }
      case CHOOSE: {
        const plays = testPlays(top);
        const scores = plays.map((p) => signed(P.score[p.pid])).join(", ");
        const best = P.best[top.pid];
        const max = mark === AI;
        return cat(html`The loop is over. ${mark} is ${role(mark)}, so ${c} takes the `,
          html`<b>${max ? "highest" : "lowest"}</b> score of ${scores}: ${signed(P.score[top.pid])}. `,
          `The first test-play with it is cell ${plays[best].cell}, so `,
          html`${code("bestTestPlay = " + best)}.`);
      }
      default: {
        const value = code(returned(top.pid));
        if (!parent) {
          const o = outcome(P.score[top.pid]);
          let verdict = o === "draw" ? "draws" : (o === "win") === (mark === AI) ? "wins" : "loses against best play";
          if (verdict === "wins") verdict = winWords(mark);
          const saved = testPlays(top).map((p) => info(p.cell, P.score[p.pid]));
          const scores = testPlays(top).map((p) => signed(P.score[p.pid])).join(", ");
          return cat(html`<b>${C} returns ${value}</b>: this is ${code("bestPlayInfo")}, the answer `,
            html`(steps 24–25). ${code("allTestPlayInfos = " + list(saved))}; ${mark === AI ? "max" : "min"}`,
            html`(${scores}) = ${signed(P.score[top.pid])}, first at ${code("bestTestPlay = " + P.best[top.pid])}. `,
            `${mark} plays ${cellWords(moves(top.pid)[P.best[top.pid]])} and ${verdict} `,
            `(score ${signed(P.score[top.pid])}). The search made ${D.calls.toLocaleString("en")} calls.`);
        }
        return cat(html`${C} returns ${value} to call #${parent.call}: with best play from here, `,
          `${meaning(P.score[top.pid])}. Call #${parent.call} saves it next (step 12).`);
      }
    }
  }

  // ---- drawing ----------------------------------------------------------------------

  const el = (tag, cls, text) => {
    const node = document.createElement(tag);
    if (cls) node.className = cls;
    if (text !== undefined) node.textContent = text;
    return node;
  };

  /* A 3x3 board as in the SVG tree: the played cell in red, empty cells show their
   * index in light grey, a winning line in the outcome's colour. */
  function grid(cells, played, line, kind) {
    if (TREE) return nodePicture(cells);
    const g = el("div", "grid");
    for (let i = 0; i < 9; i++) {
      const mark = cells[i];
      const cell = el("span", "cell");
      if (i === played) { cell.classList.add("played"); cell.textContent = mark; }
      else if (mark === ".") { cell.classList.add("index"); cell.textContent = String(i); }
      else {
        cell.textContent = mark;
        if (line && line.includes(i)) cell.classList.add("line", kind || "");
      }
      g.appendChild(cell);
    }
    return g;
  }
  // Every line the winner holds (a board can have two), as one list of cells.
  const lineOf = (pid) => (TREE ? null : P.line[pid] >= 0 ? winningLines(pid).flat() : null);

  /* A textbook tree's node: ▲ MAX, ▼ MIN or ■ leaf, its label and (for a leaf) its value. */
  function nodePicture(pid) {
    const node = P.node[pid];
    const leaf = P.terminal[pid] !== 0;
    const g = el("div", "tree-node " + (leaf ? "leaf" : markOf(pid).toLowerCase()));
    g.appendChild(el("span", "glyph", leaf ? "■" : P.max_to_move[pid] ? "▲" : "▼"));
    g.appendChild(el("span", "label", label(node) + (leaf ? ` = ${P.score[pid]}` : "")));
    return g;
  }
  const cellsOf = TREE ? (pid) => pid : boardCells;

  /* One card of the tree. state: done | path | current | placed | future. */
  function card(play, state, parentMark) {
    const pid = play.pid;
    const node = el("button", "card " + state);
    node.type = "button";
    node.dataset.call = play.call;
    node.title = `call #${play.call}: go to its first step`;
    const finished = state === "done" || (state === "current" && play.finished);
    const kind = finished ? terminalKind(pid) : null;
    if (kind) node.classList.add(kind);
    else if (state === "done" && P.sizes[pid] > 1) node.classList.add("summary", outcome(P.score[pid]));
    const title = `#${play.call}`;
    node.appendChild(el("span", "title", title));
    node.appendChild(grid(cellsOf(pid), play.cell, finished ? lineOf(pid) : null, kind));
    let foot = "";
    if (finished) foot = footer(pid);
    else if (state === "placed") foot = `${parentMark} ${TREE ? "tries" : "test-plays"} ${TREE ? label(play.cell) : play.cell}`;
    else if (state === "path") foot = "waiting";
    else if (state === "current") foot = "running";
    else if (state === "future") foot = "later";
    node.appendChild(el("span", "foot", foot));
    // What the arrow into this card says: the move and, once known, the score sent back.
    if (play.cell >= 0) {
      const move = TREE ? "" : `${parentMark} on ${play.cell}`;
      const back = finished || state === "done" ? `↑ ${signed(P.score[pid])}` : "";
      if (move || back) node.dataset.edge = move && back ? `${move} ${back}` : move || back;
    }
    if (hitFrom(pid) !== null) {
      node.classList.add("hit");
      node.appendChild(el("span", "caption", `cache hit: #${hitFrom(pid)}`));
    } else if (AB && V.pruned[pid].length && state === "done") {
      node.appendChild(el("span", "caption", `pruned ${V.pruned[pid].map(TREE ? moveShort : String).join(", ")}`));
    }
    if (state === "done" && P.sizes[pid] > 1) {
      node.appendChild(el("span", "caption", `${P.sizes[pid].toLocaleString("en")} calls`));
    } else if (state === "future" && P.sizes[pid] > 1) {
      node.appendChild(el("span", "caption", `${P.sizes[pid].toLocaleString("en")} calls`));
    }
    return node;
  }

  const rowsEl = document.getElementById("rows");
  const edgesEl = document.getElementById("edges");
  const treeEl = document.getElementById("tree");

  function drawTree(state) {
    const frames = state.frames;
    const top = frames[frames.length - 1];
    const rows = [];
    const root = { pid: 0, call: 1, cell: -1 };
    const endOfCall = state.kind === RETURN || (state.kind === CHECK && P.terminal[top.pid]);
    rows.push({ parent: null, cards: [[root, frames.length === 1 ? "current" : "path"]] });
    for (let d = 1; d < frames.length; d++) {
      const f = frames[d - 1];
      const cards = testPlays(f).map((play, j) => {
        if (j < f.done) return [play, "done"];
        if (j === f.active) return [play, d === frames.length - 1 ? "current" : "path"];
        return [play, "future"];
      });
      rows.push({ parent: f, cards, mark: markOf(f.pid) });
    }
    if (!P.terminal[top.pid] && state.kind >= CHECK && moves(top.pid).length) {  // not a cache hit
      const cards = testPlays(top).map((play, j) => {
        if (j < top.done) return [play, "done"];
        if (j === top.active) return [play, "placed"];
        return [play, "future"];
      });
      rows.push({ parent: top, cards, mark: markOf(top.pid) });
    }
    // Rows that look the same as on the previous step are kept as they are: most
    // steps change one or two rows, and an untouched row costs the browser nothing.
    const best = (state.kind === CHOOSE || state.kind === RETURN) ? P.best[top.pid] : -1;
    rows.forEach((row, d) => {
      row.cards.forEach(([play, st]) => { if (st === "current") play.finished = endOfCall; });
      const key = (d > 0 && d < rows.length - 3 ? "c" : "") + row.cards.map(([play, st], j) =>
        `${play.call}${st}${play.finished ? "f" : ""}${row.parent === top && j === best ? "b" : ""}`).join();
      const old = rowsEl.children[d];
      if (old && old.dataset.key === key) return;
      const line = el("div", "row");
      line.dataset.key = key;
      const label = el("span", "depth", `depth ${d}`);
      label.appendChild(el("small", "", `${markOf(row.cards[0][0].pid)} to move`));
      line.appendChild(label);
      const cardsEl = el("div", "cards");
      const compact = d > 0 && d < rows.length - 3;
      if (compact) line.classList.add("compact");
      let before = null, after = null;
      row.cards.forEach(([play, st], j) => {
        if (compact && st === "done") { before = tally(before, play, "done"); return; }
        if (compact && st === "future") { after = tally(after, play, "future"); return; }
        if (before) { cardsEl.appendChild(chip(before)); before = null; }
        const c = card(play, st, row.mark);
        if (row.parent === top && j === best) c.classList.add("best");
        cardsEl.appendChild(c);
      });
      if (before) cardsEl.appendChild(chip(before));
      if (after) cardsEl.appendChild(chip(after));
      if (AB && row.parent && V.pruned[row.parent.pid].length && row.parent.done === row.cards.length) {
        cardsEl.appendChild(el("span", "chip pruned", `${prunedText(row.parent.pid)}: not searched (pruned)`));
      }
      line.appendChild(cardsEl);
      if (old) rowsEl.replaceChild(line, old);
      else rowsEl.appendChild(line);
    });
    while (rowsEl.children.length > rows.length) rowsEl.lastElementChild.remove();
    document.getElementById("tree-count").textContent =
      `(calls begun: ${state.lastBegun.toLocaleString("en")} of ${D.calls.toLocaleString("en")})`;
    return () => drawEdges(rows, best, top);
  }

  /* Far above the running call, finished and later test-plays are summed up in one chip. */
  function tally(sum, play, kind) {
    sum = sum || { kind, plays: 0, calls: 0, scores: [] };
    sum.plays += 1;
    sum.calls += P.sizes[play.pid];
    sum.scores.push(signed(P.score[play.pid]));
    return sum;
  }
  function chip(sum) {
    const node = el("span", "chip " + sum.kind);
    const plays = `${sum.plays} test-play${sum.plays === 1 ? "" : "s"}`;
    const calls = `${sum.calls.toLocaleString("en")} call${sum.calls === 1 ? "" : "s"}`;
    node.textContent = sum.kind === "done"
      ? `${plays} done: ${sum.scores.join(", ")} (${calls})` : `${plays} later (${calls})`;
    return node;
  }

  /* Scroll a panel just enough to show a box (from a rectangle read earlier). */
  function reveal(panel, panelBox, box) {
    if (!box) return;
    if (box.bottom > panelBox.bottom) panel.scrollTop += box.bottom - panelBox.bottom + 8;
    else if (box.top < panelBox.top) panel.scrollTop -= panelBox.top - box.top + 8;
    if (box.right > panelBox.right) panel.scrollLeft += box.right - panelBox.right + 8;
    else if (box.left < panelBox.left) panel.scrollLeft -= panelBox.left - box.left + 8;
  }

  /* Lines from each row's running card to the cards below it. All positions are read
   * before anything is written, so the browser lays the page out only once. */
  function drawEdges(rows, best, top) {
    const box = treeEl.getBoundingClientRect();
    const dx = treeEl.scrollLeft - box.left, dy = treeEl.scrollTop - box.top;
    const rowEls = rowsEl.children;
    const lines = [];
    for (let d = 1; d < rowEls.length; d++) {
      const from = rowEls[d - 1].querySelector(".card.path, .card.current");
      if (!from) continue;
      const a = from.getBoundingClientRect();
      const x1 = a.left + a.width / 2 + dx, y1 = a.bottom + dy;
      const cards = rowEls[d].children[1].children;
      for (let j = 0; j < cards.length; j++) {
        const to = cards[j];
        const b = to.getBoundingClientRect();
        let cls = "edge";
        const c = to.classList;
        if (c.contains("path") || c.contains("current") || c.contains("placed")) cls += " on-path";
        else if (c.contains("future")) cls += " future";
        if (rows[d].parent === top && best >= 0) cls += j === best ? " picked" : " rejected";
        const x2 = b.left + b.width / 2 + dx, y2 = b.top + dy;
        lines.push(html`<line class="${cls}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}"/>`);
        if (to.dataset.edge) {
          // Just above the card it leads to, where neighbouring labels cannot overlap.
          lines.push(html`<text class="edge-label" x="${x2}" y="${y2 - 5}">${to.dataset.edge}</text>`);
        }
      }
    }
    const width = treeEl.scrollWidth, height = treeEl.scrollHeight;
    const focus = rowsEl.querySelector(".card.placed") || rowsEl.querySelector(".card.current");
    const focusBox = focus && focus.getBoundingClientRect();
    const running = stackEl.lastElementChild;
    const stackBox = stackEl.getBoundingClientRect();
    const runningBox = running && running.getBoundingClientRect();
    // Only writes from here on.
    edgesEl.setAttribute("width", width);
    edgesEl.setAttribute("height", height);
    setMarkup(edgesEl, cat(...lines));
    reveal(treeEl, box, focusBox);
    reveal(stackEl, stackBox, runningBox);
  }

  const stackEl = document.getElementById("stack");
  function drawStack(state) {
    const frames = state.frames;
    frames.forEach((f, d) => {
      const innermost = d === frames.length - 1;
      const kind = innermost ? state.kind : PLACE;  // callers are all inside a test-play
      const mark = markOf(f.pid);
      const plays = testPlays(f);
      const terminalHere = P.terminal[f.pid] && kind >= CHECK;
      const lines = [];
      if (kind >= EMPTY) {
        lines.push(TREE ? `children = ${list(D.children[P.node[f.pid]].map(label))}`
          : `availCellsIndexes = ${list(emptyCells(f.pid))}`);
      }
      if (terminalHere) lines.push(`return ${returned(f.pid)}`);
      if (AB && kind >= BEGIN) {
        const [a, b] = windowAfter(f.pid, f.done);
        lines.push(`window ${windowText(a, b)}` + (f.done ? ` (called with ${windowText(V.alpha[f.pid], V.beta[f.pid])})` : ""));
        if (V.pruned[f.pid].length && f.done === plays.length && kind >= CHOOSE) lines.push(`pruned: ${prunedText(f.pid)}`);
      }
      if (hitFrom(f.pid) !== null && kind >= CHECK) lines.push(`cache hit: the answer of call #${hitFrom(f.pid)}`);
      if (!P.terminal[f.pid] && kind >= CHECK && hitFrom(f.pid) === null) {
        const k = plays.length + (AB ? V.pruned[f.pid].length : 0);  // pruned ones too
        if (f.active >= 0) {
          const who = innermost ? "calling next" : `waiting for call #${plays[f.active].call}`;
          lines.push(`loop i = ${f.active}: ${moveShort(plays[f.active].cell)}, test-play ${f.active + 1} of ${k} (${who})`);
        } else if (kind === CHECK) lines.push(`loop: ${k} test-play${k === 1 ? "" : "s"} to do`);
        else if (kind === SAVE) lines.push(`loop i = ${state.j}: ${moveShort(plays[state.j].cell)} saved, ${f.done} of ${k} done`);
        else lines.push(`loop finished: ${k} of ${k} done`);
        const saved = plays.slice(0, f.done).map((p) => info(p.cell, P.score[p.pid]));
        lines.push(`allTestPlayInfos = [${saved.join(", ")}]`);
        if (kind >= CHOOSE) lines.push(`bestTestPlay = ${P.best[f.pid]}`);
        if (kind === RETURN) lines.push(`return ${returned(f.pid)}`);
      }
      const key = `${f.call}|${f.active}|${innermost}|${kind}|${lines.join("|")}`;
      const old = stackEl.children[d];
      if (old && old.dataset.key === key) return;  // unchanged since the last step
      const item = el("li", "frame" + (innermost ? " running" : ""));
      item.dataset.call = f.call;
      item.dataset.key = key;
      // currBdSt as the guide's figures 4-5 show it: the loop's test-play in red.
      const cells = cellsOf(f.pid);
      if (f.active >= 0 && !TREE) cells[plays[f.active].cell] = mark;
      item.appendChild(grid(cells, f.active >= 0 ? plays[f.active].cell : -1,
        terminalHere ? lineOf(f.pid) : null, terminalHere ? terminalKind(f.pid) : null));
      const text = el("div", "lines");
      const head = el("div", "head");
      const call = code(TREE ? `minimax(${label(P.node[f.pid])})` : `minimax(currBdSt, "${mark}")`);
      setMarkup(head, html`<b>#${f.call}</b> ${call} <span class="quiet">${mark === AI ? "max" : "min"} · depth ${f.depth}</span>`);
      text.appendChild(head);
      lines.forEach((line, i) => {
        const row = el("div", "code", line);
        if (innermost && i === lines.length - 1 && kind !== BEGIN) row.classList.add("newest");
        text.appendChild(row);
      });
      item.appendChild(text);
      if (old) stackEl.replaceChild(item, old);
      else stackEl.appendChild(item);
    });
    while (stackEl.children.length > frames.length) stackEl.lastElementChild.remove();
  }

  // ---- controls ---------------------------------------------------------------------

  const $ = (id) => document.getElementById(id);
  const slider = $("slider"), where = $("where"), playButton = $("play"), speed = $("speed");
  const story = $("story"), link = $("link"), callInput = $("call-input");
  slider.max = TOTAL;
  callInput.max = D.calls;
  let current = -1;
  let state = null;

  /* What the story panel says at a step, as markup. */
  function narrationAt(state) {
    const top = state.frames[state.frames.length - 1];
    const hit = V && hitFrom(top.pid) !== null && state.kind >= EMPTY;  // memo: no steps 8-16
    return cat(hit ? "" : narrate(state), variantNote(state));
  }
  const textOf = (markup) => {
    const box = document.createElement("template");
    setMarkup(box, markup);
    return box.content.textContent;
  };

  const FIGURE_TIP = "The matching figure on the figures page (trace --figures DIR, beside this page)";
  const figureLink = (name, label) =>
    html` <a class="figure-link" href="index.html#${name}" title="${FIGURE_TIP}">${label}</a>`;

  function render() {
    state = locate(current);
    const top = state.frames[state.frames.length - 1];
    story.dataset.step = current + 1;
    story.dataset.kind = KIND_NAMES[state.kind];
    story.dataset.call = top.call;
    setMarkup($("badge"), cat(html`<span class="step">Guide step ${guideStep(state)}</span> `,
      html`<span class="what">${KIND_TITLES[state.kind]} · call #${top.call}</span>`,
      ...figuresOf(state).map(([name, label]) => figureLink(name, label))));
    setMarkup($("narration"), narrationAt(state));
    const finishTree = drawTree(state);
    drawStack(state);
    slider.value = current + 1;
    where.textContent = `Step ${(current + 1).toLocaleString("en")} of ${TOTAL.toLocaleString("en")} · ` +
      `call #${top.call} of ${D.calls.toLocaleString("en")} · depth ${top.depth}`;
    link.href = `#step=${current + 1}`;
    $("prev").disabled = $("first").disabled = current === 0;
    $("next").disabled = $("last").disabled = current === TOTAL - 1;
    $("prev-call").disabled = current === 0;
    $("next-call").disabled = state.lastBegun >= D.calls;
    finishTree();  // the one moment the page is measured: after every change is made
    scheduleHash();
    // The code panel (codepanel.js) follows along.
    document.dispatchEvent(new CustomEvent("tracer-step", { detail: state }));
  }

  function go(n) {
    n = Math.max(0, Math.min(TOTAL - 1, Math.floor(n)));
    if (Number.isNaN(n) || n === current) return;
    current = n;
    render();
  }
  const nextCall = () => { if (state.lastBegun < D.calls) go(beginOf(state.lastBegun + 1)); };
  const prevCall = () => {
    const begun = beginOf(state.lastBegun);
    go(current > begun ? begun : state.lastBegun > 1 ? beginOf(state.lastBegun - 1) : 0);
  };

  // The fragment (#step=37 or #call=5) names a step; it is rewritten at most a few
  // times a second, since browsers throttle rapid history updates.
  let hashTimer = 0;
  let lastHash = location.hash;  // the address as the page last wrote or followed it
  function scheduleHash() {
    if (hashTimer) return;
    hashTimer = setTimeout(() => {
      hashTimer = 0;
      // An address followed since, whose hashchange has not run yet, wins.
      if (location.hash !== lastHash) return;
      lastHash = `#step=${current + 1}`;
      if (location.hash !== lastHash) history.replaceState(null, "", lastHash);
    }, 250);
  }
  function fromHash() {
    const m = /^#(step|call)=(\d+)$/.exec(location.hash);
    if (!m) return null;
    const value = Number(m[2]);
    if (m[1] === "step") return value - 1;
    return value >= 1 && value <= D.calls ? beginOf(value) : null;
  }
  window.addEventListener("hashchange", () => {
    if (location.hash === lastHash) return;
    lastHash = location.hash;
    const n = fromHash();
    if (n !== null) go(n);
  });

  let timer = 0;
  function setPlaying(on) {
    clearInterval(timer);
    timer = 0;
    playButton.textContent = on ? "❚❚ pause" : "▶ play";
    playButton.classList.toggle("playing", on);
    if (!on) return;
    const perSecond = Number(speed.value);
    const interval = Math.max(16, 1000 / perSecond);
    const stride = Math.max(1, Math.round((perSecond * interval) / 1000));
    timer = setInterval(() => {
      if (current >= TOTAL - 1) { setPlaying(false); return; }
      go(current + stride);
    }, interval);
  }
  const togglePlay = () => setPlaying(!timer && current < TOTAL - 1);

  $("first").onclick = () => go(0);
  $("last").onclick = () => go(TOTAL - 1);
  $("prev").onclick = () => go(current - 1);
  $("next").onclick = () => go(current + 1);
  $("prev-call").onclick = prevCall;
  $("next-call").onclick = nextCall;
  playButton.onclick = togglePlay;
  speed.onchange = () => { if (timer) setPlaying(true); };
  slider.oninput = () => go(Number(slider.value) - 1);
  rowsEl.addEventListener("click", (event) => {
    const target = event.target.closest(".card");
    if (target) go(beginOf(Number(target.dataset.call)));
  });
  $("jump").onsubmit = (event) => {
    event.preventDefault();
    const k = Number(callInput.value);
    if (!Number.isInteger(k) || k < 1 || k > D.calls) {
      callInput.setCustomValidity(`Calls run from 1 to ${D.calls.toLocaleString("en")}.`);
      callInput.reportValidity();
      return;
    }
    callInput.setCustomValidity("");
    go(beginOf(k));
  };
  callInput.oninput = () => callInput.setCustomValidity("");

  // On a narrow (phone) screen the page scrolls as a whole: ↑ and ↓ are left to scroll it.
  const narrow = window.matchMedia("(max-width: 700px)");
  document.addEventListener("keydown", (event) => {
    if (event.target === callInput || event.target === speed) return;
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const key = event.key;
    let handled = true;
    if (key === "ArrowRight") event.shiftKey ? nextCall() : go(current + 1);
    else if (key === "ArrowLeft") event.shiftKey ? prevCall() : go(current - 1);
    else if ((key === "ArrowDown" || key === "ArrowUp") && narrow.matches) handled = false;
    else if (key === "ArrowDown") nextCall();
    else if (key === "ArrowUp") prevCall();
    else if ((key === " " || key === "Spacebar") && event.target.closest("button, a, select, summary")) {
      handled = false;  // a focused control: the browser presses it
    } else if (key === " " || key === "Spacebar") togglePlay();
    else if (key === "Home") go(0);
    else if (key === "End") go(TOTAL - 1);
    else handled = false;
    if (handled) event.preventDefault();
  });
  window.addEventListener("resize", () => { if (state) render(); });

  // Legend labels name the marks of this trace (a tree: the node shapes).
  if (TREE) {
    for (const [kind, text] of [["played", "▲ MAX node, ▼ MIN node"], ["win", "■ leaf, with its value for MAX"]]) {
      const swatch = $("legend").querySelector(".sw." + kind);
      swatch.nextSibling.textContent = text;
      swatch.remove();  // the shapes say it: no colour to explain
    }
    for (const kind of ["loss", "draw", "index"]) $("legend").querySelector(".sw." + kind).parentNode.remove();
  } else {
    $("legend").querySelector(".sw.win").nextSibling.textContent = `${AI} (AI) wins: ${signed(S.ai_win)}`;
    $("legend").querySelector(".sw.loss").nextSibling.textContent = `${HUMAN} (human) wins: ${signed(S.human_win)}`;
    $("legend").querySelector(".sw.draw").nextSibling.textContent = `draw: ${signed(S.draw)}`;
  }

  // The heading names the search (the page's title already does, from Python).
  if (AB) $("heading").previousElementSibling.textContent = `Alpha-beta (cutoff ${V.cutoff}), step by step`;
  else if (V && V.cached_from) $("heading").previousElementSibling.textContent = "Memoised minimax, step by step";

  if (V) {  // the variant's own symbols
    const add = (cls, text) => {
      const span = el("span");
      span.appendChild(el("i", "sw " + cls));
      span.appendChild(document.createTextNode(text));
      $("legend").appendChild(span);
    };
    if (AB) add("pruned", `test-plays cut off (pruned), not searched; α/β: the window (cutoff ${V.cutoff})`);
    if (V.cached_from) add("hit", "cache hit: answered with an earlier call's score");
  }

  // What the code panel (codepanel.js) and the quiz (quizbuild.js) read of the rows:
  // they ask these functions rather than decode the columns a second time.
  const ROWS = Object.freeze({
    data: D, moves, childOf, mover: markOf, moveShort, hitFrom,
    maximising: (pid) => markOf(pid) === AI,
    terminal: (pid) => D.terminal_names[P.terminal[pid]] !== null,
    cells: TREE ? null : boardCells,
    label: TREE ? (pid) => label(P.node[pid]) : null,
    childLabels: TREE ? (pid) => D.children[P.node[pid]].map(label) : null,
    emptyCells: TREE ? null : emptyCells,
    windowAfter: AB ? windowAfter : null,
    pruned: (pid) => (AB ? V.pruned[pid] : []),
    describe: TREE ? (pid) => `${D.terminal_names[P.terminal[pid]] !== null ? "leaf" : "node"} ${label(P.node[pid])}`
      : (pid) => boardCells(pid).join("").replace(/(...)(?=.)/g, "$1/"),
  });
  window.tracerRows = ROWS;

  const start = fromHash();
  go(start !== null ? start : beginOf(D.start_call));

  // For benchmarks and tests: read-only facts and the same moves the buttons make.
  window.tracerViewer = Object.freeze({
    total: TOTAL,
    go: (step) => go(step - 1),
    step: () => current + 1,
    beginOf: (call) => beginOf(call) + 1,
    // The last step of a call: its return (or its terminal check).
    endOf: (call) => { const b = beginOf(call); return b + EV[locate(b).frames.at(-1).pid]; },
    // What the story panel says at a step, as text (quizbuild.js explains answers with it).
    narration: (step) => textOf(narrationAt(locate(step - 1))),
  });
})();
