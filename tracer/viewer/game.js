/* tracer's game page: tic-tac-toe against the moves tracer recorded.
 *
 * The page never searches. It carries, for each setting it offers, the position
 * graph tracer's search recorded from the empty board (the viewer's columns, see
 * tracer/play/page.py). A game is a walk down one graph: each move goes from a
 * position row to the child row for that cell. On the AI's turn it plays the
 * row's chosen test-play (the `best` column), says why from the row's children,
 * and can open the step-by-step viewer on the row's subtree, which is exactly
 * the recursion that decision ran.
 *
 * With alpha-beta chosen, the board still walks the minimax graph, but each AI
 * move comes from alpha-beta recorded from that board: the page's `decisions`
 * for the AI's mark and scores map the board's state to its search's first row
 * in one shared graph, and the step-through is that row's subtree, with its
 * windows and pruned test-plays.
 */
"use strict";
(function () {
  const D = JSON.parse(document.getElementById("game-data").textContent);
  const VIEWER_PAGE = JSON.parse(document.getElementById("viewer-page").textContent);
  const $ = (id) => document.getElementById(id);
  const cellButtons = Array.from(document.querySelectorAll("#board [data-cell]"));
  const COLUMN_NAMES = ["boards", "x_to_move", "terminal", "score", "best", "sizes", "line"];

  // ---- the recorded graphs -------------------------------------------------------

  const EMPTY_OF = [];  // occupied bits -> empty cells, ascending
  for (let bits = 0; bits < 512; bits++) {
    const cells = [];
    for (let i = 0; i < 9; i++) if (!((bits >> i) & 1)) cells.push(i);
    EMPTY_OF.push(cells);
  }
  function columnsOf(graph) {
    if (!graph.P) {
      graph.P = {};
      for (const [name, index] of Object.entries(graph.positions)) graph.P[name] = D.columns[index];
    }
    return graph.P;
  }
  const movesOf = (P, pid) => (P.terminal[pid] ? [] : EMPTY_OF[(P.boards[pid] | (P.boards[pid] >> 9)) & 511]);
  // A call's test-plays: from its edges when the graph has them (alpha-beta prunes some).
  const playsOf = (P, pid) => (P.edge_move
    ? P.edge_move.slice(P.first_edge[pid], P.first_edge[pid] + P.edge_count[pid]) : movesOf(P, pid));
  const childOf = (P, pid, j) => P.edge_child[P.first_edge[pid] + j];
  const stateOf = (P, pid) => P.boards[pid] | (P.x_to_move[pid] << 18);
  const markOf = (P, pid) => (P.x_to_move[pid] ? "X" : "O");
  const other = (mark) => (mark === "X" ? "O" : "X");
  function cellsOf(P, pid) {
    const b = P.boards[pid];
    const cells = [];
    for (let i = 0; i < 9; i++) cells.push((b >> i) & 1 ? "X" : (b >> (9 + i)) & 1 ? "O" : "");
    return cells;
  }
  function findGraph(setting) {
    const found = D.graphs.find((g) => ["first", "ai", "scores", "search"].every((k) => g[k] === setting[k]));
    if (!found) throw new Error(`no recorded game for ${JSON.stringify(setting)}`);
    return found;
  }
  function findDecisions(setting) {
    const found = D.decisions.find((g) => ["ai", "scores", "search"].every((k) => g[k] === setting[k]));
    if (!found) throw new Error(`no recorded decisions for ${JSON.stringify(setting)}`);
    return found;
  }

  // ---- words -----------------------------------------------------------------------

  const signed = (v) => (v > 0 ? "+" + v : String(v));
  const cellWords = (cell) => `cell ${cell} (${D.cell_names[cell]})`;
  const plural = (n, word) => `${n.toLocaleString("en")} ${word}${n === 1 ? "" : "s"}`;

  /* The decision's reason in the words of `trace play` (tracer/play/match.py, Decision.reason). */
  function reason(decision) {
    const P = columnsOf(decision.graph), pid = decision.pid;
    const plays = playsOf(P, pid).map((cell, j) => ({ cell, score: P.score[childOf(P, pid, j)] }));
    const best = Math.max(...plays.map((p) => p.score));
    let why = `max is ${signed(best)}`;
    if (plays.filter((p) => p.score === best).length > 1) why += `, first at cell ${decision.cell}`;
    const listed = plays.map((p) => `${p.cell} → ${signed(p.score)}`).join(", ");
    return `${decision.mark} plays ${cellWords(decision.cell)}: test-plays ${listed}; ${why} ` +
      `(${plural(P.sizes[pid], "call")}${searchNote(decision)})`;
  }

  /* What alpha-beta did differently, as `trace play` says it (tracer/renderers/variants.py,
   * search_summary): the test-plays it pruned over every call of the decision's search, a
   * row reached by several calls counted for each ("" for the guide's minimax). */
  function searchNote(decision) {
    const V = decision.graph.variant;
    if (!V) return "";
    const P = columnsOf(decision.graph);
    let pruned = 0;
    // Every test-play adds one mark, so the rows one level down are the calls one level down.
    let level = new Map([[decision.pid, 1]]);
    while (level.size) {
      const below = new Map();
      for (const [pid, calls] of level) {
        pruned += V.pruned[pid].length * calls;
        playsOf(P, pid).forEach((_, j) => {
          const child = childOf(P, pid, j);
          below.set(child, (below.get(child) || 0) + calls);
        });
      }
      level = below;
    }
    return `, alpha-beta (cutoff ${V.cutoff}): ${plural(pruned, "test-play")} pruned`;
  }

  // ---- the game --------------------------------------------------------------------

  let game = null;

  function settings() {
    return { ai: $("ai-mark").value, scores: $("scores").value, search: $("search").value };
  }

  function newGame(aiOpens) {
    const s = settings();
    const human = other(s.ai);
    const graph = findGraph({ ...s, search: "minimax", first: aiOpens ? s.ai : human });
    const decisions = s.search === "minimax" ? null : findDecisions(s);
    game = { graph, P: columnsOf(graph), decisions, ai: s.ai, human, aiOpens, pid: 0, moves: [] };
    $("moves").replaceChildren();
    $("settings-note").textContent = "";
    if (aiOpens) aiMove();
    draw();
  }

  const over = () => game.P.terminal[game.pid] !== 0;
  const humanToMove = () => !over() && markOf(game.P, game.pid) === game.human;

  /* Go from the current row to the child row of `cell`. */
  function advance(cell) {
    const j = movesOf(game.P, game.pid).indexOf(cell);
    const mark = markOf(game.P, game.pid);
    const from = game.pid;
    game.pid = childOf(game.P, from, j);
    const move = { number: game.moves.length + 1, mark, cell, from };
    game.moves.push(move);
    return move;
  }

  /* The graph and row whose recorded search decides the current board. */
  function decider() {
    if (!game.decisions) return [game.graph, game.pid];
    const pid = game.decisions.roots[stateOf(game.P, game.pid)];
    if (pid === undefined) throw new Error("no recorded decision for this board");
    return [game.decisions, pid];
  }

  function aiMove() {
    const [graph, pid] = decider();
    const P = columnsOf(graph);
    const cell = playsOf(P, pid)[P.best[pid]];
    const move = advance(cell);
    move.decision = { graph, pid, mark: game.ai, cell, number: move.number };
    addMoveItem(move);
  }

  function humanPlay(cell) {
    if (over()) { say("The game is over: press Play Game or New Game for another."); return; }
    if (!humanToMove()) return;
    if (cellsOf(game.P, game.pid)[cell]) {
      say(`Cell ${cell} is taken: choose an empty cell.`);
      return;
    }
    addMoveItem(advance(cell));
    if (!over()) aiMove();
    draw();
  }

  // ---- drawing ---------------------------------------------------------------------

  const say = (text) => { $("status").textContent = text; };

  function addMoveItem(move) {
    const item = document.createElement("li");
    item.dataset.move = move.number;
    const label = document.createElement("b");
    label.textContent = `Move ${move.number}: `;
    item.appendChild(label);
    const text = document.createElement("span");
    if (move.decision) {
      text.className = "reason";
      text.textContent = reason(move.decision);
      item.appendChild(text);
      const open = document.createElement("button");
      open.type = "button";
      open.className = "step-through";
      open.textContent = "Step through";
      open.setAttribute("aria-label", `Step through move ${move.number}: how ${move.mark} chose cell ${move.cell}`);
      open.addEventListener("click", () => openSteps(move.decision));
      item.appendChild(document.createTextNode(" "));
      item.appendChild(open);
      item.classList.add("ai");
    } else {
      text.textContent = `you (${move.mark}) play ${cellWords(move.cell)}.`;
      item.appendChild(text);
    }
    $("moves").appendChild(item);
  }

  function draw() {
    const P = game.P, pid = game.pid;
    const cells = cellsOf(P, pid);
    const code = P.terminal[pid];
    const winner = code ? D.terminal_names[code] : null;
    const line = P.line[pid] >= 0 ? D.lines[P.line[pid]] : [];
    const last = game.moves.length ? game.moves[game.moves.length - 1].cell : -1;
    cellButtons.forEach((button, i) => {
      const inLine = line.includes(i);
      button.textContent = cells[i];
      button.className = cells[i] ? `mark-${cells[i]}` : "empty";
      button.classList.toggle("win", inLine);
      button.classList.toggle("draw", winner === "draw");
      button.classList.toggle("last", i === last && !winner);
      button.setAttribute("aria-disabled", String(Boolean(cells[i]) || Boolean(winner)));
      button.setAttribute("aria-label", `cell ${i}, ${D.cell_names[i]}: ${cells[i] || "empty"}` +
        (inLine ? ", winning line" : ""));
    });
    drawStrike(line);
    const status = $("status");
    $("board").classList.toggle("over", Boolean(winner));
    if (winner) status.dataset.outcome = winner;
    else delete status.dataset.outcome;
    status.className = winner === "draw" ? "draw" : winner ? "win" : "";
    say(statusText(winner, line));
  }

  function statusText(winner, line) {
    const who = (mark) => (mark === game.ai ? `The AI (${mark})` : `You (${mark})`);
    if (winner === "draw") return "A draw: the board is full and nobody has three in a row.";
    if (winner) return `${who(winner)} won: three in a row on cells ${line.join(", ")}.`;
    if (!game.moves.length) {
      return `You are ${game.human}: click a cell to open, or press Play Game to let the AI (${game.ai}) open.`;
    }
    const last = game.moves[game.moves.length - 1];
    const before = last.decision ? `The AI (${game.ai}) played cell ${last.cell}. ` : "";
    return `${before}Your move (${game.human}).`;
  }

  /* The winning line, struck through: the win shows without colour too. */
  function drawStrike(line) {
    const svg = $("strike");
    svg.classList.toggle("shown", line.length > 0);
    if (!line.length) return;
    const at = (i) => [(i % 3) + 0.5, Math.floor(i / 3) + 0.5];
    const [a, b] = [at(line[0]), at(line[2])];
    const [dx, dy] = [(b[0] - a[0]) * 0.17, (b[1] - a[1]) * 0.17];
    const stroke = svg.querySelector("line");
    stroke.setAttribute("x1", a[0] - dx); stroke.setAttribute("y1", a[1] - dy);
    stroke.setAttribute("x2", b[0] + dx); stroke.setAttribute("y2", b[1] + dy);
  }

  // ---- the step-through: the viewer's own page, on the decision's subtree -------------

  /* The subtree of row `root` as a graph of its own, root first, with the viewer's
   * data keys (tracer/renderers/html.py, viewer_data). */
  function subtree(graph, root) {
    const P = columnsOf(graph);
    const ids = new Map([[root, 0]]);
    const order = [root];
    for (let k = 0; k < order.length; k++) {
      const pid = order[k];
      const n = playsOf(P, pid).length;
      for (let j = 0; j < n; j++) {
        const child = childOf(P, pid, j);
        if (!ids.has(child)) { ids.set(child, order.length); order.push(child); }
      }
    }
    const names = P.edge_count ? [...COLUMN_NAMES, "edge_count"] : COLUMN_NAMES;
    const cols = { first_edge: [], edge_child: [] };
    if (P.edge_move) cols.edge_move = [];
    names.forEach((name) => { cols[name] = []; });
    for (const pid of order) {
      names.forEach((name) => cols[name].push(P[name][pid]));
      cols.first_edge.push(cols.edge_child.length);
      const n = playsOf(P, pid).length;
      for (let j = 0; j < n; j++) {
        cols.edge_child.push(ids.get(childOf(P, pid, j)));
        if (P.edge_move) cols.edge_move.push(P.edge_move[P.first_edge[pid] + j]);
      }
    }
    return { cols, order };
  }

  /* The graph's per-row search facts (windows, pruned moves) for the subtree's rows. */
  function variantOf(graph, order) {
    const V = graph.variant;
    const sliced = { ...V };
    ["alpha", "beta", "pruned"].forEach((name) => {
      if (V[name]) sliced[name] = order.map((pid) => V[name][pid]);
    });
    return sliced;
  }

  function viewerData(decision) {
    const graph = decision.graph, P = columnsOf(graph), pid = decision.pid;
    const { cols, order } = subtree(graph, pid);
    return {
      ...(graph.variant ? { variant: variantOf(graph, order) } : {}),
      board: cellsOf(P, pid).map((c) => c || ".").join(""),
      to_move: decision.mark,
      ai: graph.ai,
      human: other(graph.ai),
      scores: graph.scheme,
      calls: P.sizes[pid],
      result: { index: decision.cell, score: P.score[pid] },
      start_call: 1,
      lines: D.lines,
      cell_names: D.cell_names,
      terminal_names: D.terminal_names,
      positions: cols,
    };
  }

  const escapeHtml = (text) => text.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
  const scriptJson = (value) => JSON.stringify(value).replace(/</g, "\\u003c");

  function openSteps(decision) {
    const data = viewerData(decision);
    const s = data.scores;
    const board = data.board.replace(/(...)(?=.)/g, "$1/");
    const heading = `Move ${decision.number}: ${decision.mark} chose cell ${decision.cell} · ${board} · ` +
      `${data.ai} is the AI (max), ${data.human} the human (min) · scores: ${data.human} wins ` +
      `${signed(s.human_win)}, ${data.ai} wins ${signed(s.ai_win)}, draw ${signed(s.draw)}` +
      (data.variant ? ` · alpha-beta (cutoff ${data.variant.cutoff === "gt" ? ">" : "≥"})` : "");
    const title = `Move ${decision.number}: how ${decision.mark} chose cell ${decision.cell} ` +
      `(${plural(data.calls, "call")})`;
    // The frame's document is about:srcdoc, but relative links resolve against this
    // page's address unless told otherwise: the base keeps the viewer's #step=N links
    // and its address updates inside the frame.
    const page = VIEWER_PAGE
      .replace("<!--@title@-->", () => escapeHtml(title))
      .replace("<!--@heading@-->", () => escapeHtml(heading))
      .replace("/*@data@*/", () => scriptJson(data))
      .replace("<head>", () => "<head><base href=\"about:srcdoc\">");
    $("steps-title").textContent = title;
    const frame = $("steps-frame");
    frame.title = `Step-through of move ${decision.number}`;
    frame.srcdoc = page;
    $("steps").showModal();
  }

  $("steps-frame").addEventListener("load", () => {
    const frame = $("steps-frame");
    if (!frame.srcdoc) return;
    // Escape inside the viewer closes the dialog too, and its keys work at once.
    frame.contentDocument.addEventListener("keydown", (event) => {
      if (event.key === "Escape") $("steps").close();
    });
    frame.contentWindow.focus();
  });
  $("close-steps").addEventListener("click", () => $("steps").close());
  $("steps").addEventListener("close", () => { $("steps-frame").removeAttribute("srcdoc"); });

  // ---- controls --------------------------------------------------------------------

  $("play-game").addEventListener("click", () => newGame(true));
  $("new-game").addEventListener("click", () => newGame(false));
  cellButtons.forEach((button) => button.addEventListener("click", () => humanPlay(Number(button.dataset.cell))));

  // The command line's --ai and --scores choose what the page starts with.
  if (D.initial) {
    $("ai-mark").value = D.initial.ai;
    $("scores").value = D.initial.scores;
  }

  ["ai-mark", "scores", "search"].forEach((id) => $(id).addEventListener("change", () => {
    if (!game.moves.length) { newGame(game.aiOpens); return; }
    $("settings-note").textContent = "The new setting applies from the next game (Play Game or New Game).";
  }));

  // Arrow keys move between cells (one cell is in the tab order at a time).
  let focused = 4;
  function focusCell(i) {
    focused = i;
    cellButtons.forEach((b, k) => { b.tabIndex = k === i ? 0 : -1; });
    cellButtons[i].focus();
  }
  cellButtons.forEach((b, k) => { b.tabIndex = k === focused ? 0 : -1; });
  cellButtons.forEach((b, k) => b.addEventListener("focus", () => { if (focused !== k) focusCell(k); }));
  const STEPS = { ArrowLeft: [0, -1], ArrowRight: [0, 1], ArrowUp: [-1, 0], ArrowDown: [1, 0] };
  $("board").addEventListener("keydown", (event) => {
    const step = STEPS[event.key];
    if (!step) return;
    event.preventDefault();
    const row = (Math.floor(focused / 3) + step[0] + 3) % 3;
    const col = ((focused % 3) + step[1] + 3) % 3;
    focusCell(row * 3 + col);
  });
  // Digits play a cell from anywhere on the page (not while a menu or the dialog has the keys).
  document.addEventListener("keydown", (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey || $("steps").open) return;
    if (event.target.closest && event.target.closest("select, input")) return;
    if (!/^[0-8]$/.test(event.key)) return;
    event.preventDefault();
    const cell = Number(event.key);
    humanPlay(cell);
    focusCell(cell);
  });

  newGame(false);

  // For tests and benchmarks: read-only facts about the game in progress.
  window.tracerGame = Object.freeze({
    board: () => cellsOf(game.P, game.pid).map((c) => c || ".").join(""),
    moves: () => game.moves.map((m) => m.cell),
  });
})();
