/* tracer's game page: tic-tac-toe against the moves tracer recorded.
 *
 * The page never searches. It carries, for each setting it offers, the position
 * graph tracer's search recorded from the empty board (the viewer's columns, see
 * tracer/play/page.py), decoded with the tic-tac-toe module's codec
 * (games/tictactoe.js). A game is a walk down one graph: each move goes from a
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
 *
 * Every sentence is a template the words plug-ins wrote (D.words, filled by
 * phrases.js); Python's play.match.Decision.reason fills the same ones.
 */
"use strict";
/* The page's data: JSON, deflated and in base64 (tracer/play/page.py), inflated here. */
async function readGameData() {
  const packed = atob(document.getElementById("game-data").textContent.trim());
  const bytes = Uint8Array.from(packed, (c) => c.charCodeAt(0));
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate"));
  return JSON.parse(await new Response(stream).text());
}

(async function () {
  const D = await readGameData();
  const VIEWER_PAGE = JSON.parse(document.getElementById("viewer-page").textContent);
  const $ = (id) => document.getElementById(id);
  const cellButtons = Array.from(document.querySelectorAll("#board [data-cell]"));
  const COLUMN_NAMES = ["boards", "x_to_move", "terminal", "score", "best", "sizes"];
  const BOARD = window.tracerPlugins.games.tictactoe.codec(D.game.size);
  const W = D.words;

  // ---- the words of one setting ------------------------------------------------------

  /* The game's words for the AI's mark and scores, and the search's. */
  function wordsOf(ai, scores, searchName) {
    const setting = W.settings.find((s) => s.ai === ai && s.scores === scores);
    const game = { ...W.game, constants: setting.constants, values: setting.values, fixed: setting.fixed,
      terminals: setting.terminals };
    return { game, search: W.searches[searchName] };
  }
  /* The filler of one setting's templates (phrases.js). */
  function phrasesOf(words) {
    return window.tracerPhrases.phrases({ ...words.game.phrases, ...words.search.phrases },
      { ...words.game.constants, ...words.search.constants });
  }

  // ---- the recorded graphs -------------------------------------------------------

  function columnsOf(graph) {
    if (!graph.P) {
      graph.P = {};
      for (const [name, index] of Object.entries(graph.positions)) graph.P[name] = D.columns[index];
    }
    return graph.P;
  }
  const movesOf = (P, pid) => (P.terminal[pid] ? [] : BOARD.emptyCells(P.boards[pid]));
  // A call's test-plays: from its edges when the graph has them (alpha-beta prunes some).
  const playsOf = (P, pid) => (P.edge_move
    ? P.edge_move.slice(P.first_edge[pid], P.first_edge[pid] + P.edge_count[pid]) : movesOf(P, pid));
  const childOf = (P, pid, j) => P.edge_child[P.first_edge[pid] + j];
  // A state as Python packs it (tracer/games/tictactoe/game.py): the board, then who moves.
  const stateOf = (P, pid) => P.boards[pid] + P.x_to_move[pid] * 2 ** (2 * BOARD.cells);
  const markOf = (P, pid) => (P.x_to_move[pid] ? "X" : "O");
  const other = (mark) => (mark === "X" ? "O" : "X");
  const cellsOf = (P, pid) => BOARD.marks(P.boards[pid]).map((m) => (m === "." ? "" : m));
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
  /* The first line of three a finished board holds, or none. */
  function lineOf(P, pid) {
    const winner = D.terminal_names[P.terminal[pid]];
    if (winner !== "X" && winner !== "O") return [];
    const cells = cellsOf(P, pid);
    return D.lines.find((line) => line.every((i) => cells[i] === winner)) || [];
  }

  // ---- the game --------------------------------------------------------------------

  let game = null;
  let say = null;  // the current setting's phrases

  function settings() {
    return { ai: $("ai-mark").value, scores: $("scores").value, search: $("search").value };
  }

  function newGame(aiOpens) {
    const s = settings();
    const human = other(s.ai);
    const graph = findGraph({ ...s, search: "minimax", first: aiOpens ? s.ai : human });
    const decisions = s.search === "minimax" ? null : findDecisions(s);
    const words = wordsOf(s.ai, s.scores, s.search);
    say = phrasesOf(words);
    game = { graph, P: columnsOf(graph), decisions, words, ai: s.ai, human, aiOpens, pid: 0, moves: [] };
    $("moves").replaceChildren();
    $("settings-note").textContent = "";
    if (aiOpens) aiMove();
    draw();
  }

  const over = () => game.P.terminal[game.pid] !== 0;
  const humanToMove = () => !over() && markOf(game.P, game.pid) === game.human;
  const moveWords = (cell) => ({ name: W.game.moves.name[cell], short: W.game.moves.short[cell], token: W.game.moves.token[cell] });

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
    move.decision = { graph, pid, mark: game.ai, cell, number: move.number, words: game.words, say };
    addMoveItem(move);
  }

  function humanPlay(cell) {
    if (over()) { status(say.text("play.status.over")); return; }
    if (!humanToMove()) return;
    if (cellsOf(game.P, game.pid)[cell]) {
      status(say.text("play.status.taken", moveWords(cell)));
      return;
    }
    addMoveItem(advance(cell));
    if (!over()) aiMove();
    draw();
  }

  /* The decision's reason, as Decision.reason writes it. */
  function reason(decision) {
    const P = columnsOf(decision.graph), pid = decision.pid, t = decision.say;
    const plays = playsOf(P, pid).map((cell, j) => ({ cell, pid: childOf(P, pid, j), score: P.score[childOf(P, pid, j)] }));
    const best = Math.max(...plays.map((p) => p.score));
    const signed = (v) => (v > 0 ? "+" + v : String(v));
    let why = t.text("play.why", { best: signed(best) });
    if (plays.filter((p) => p.score === best).length > 1) why += t.text("play.first_at", moveWords(decision.cell));
    // A score alpha-beta's cut left only a bound is listed as one (5 → ≤ 0).
    const bounded = (p) => (P.bound && P.bound[p.pid] ? `${P.bound[p.pid]} ${signed(p.score)}` : signed(p.score));
    const listed = plays.map((p) => t.text("play.test_play", { ...moveWords(p.cell), signed: bounded(p) })).join(", ");
    const calls = t.counted("count.call", P.sizes[pid], { count: P.sizes[pid].toLocaleString("en") });
    // What the search's summary counts below this decision (alpha-beta: pruned test-plays).
    const counted = decision.graph.summaries ? decision.graph.summaries[pid] : undefined;
    const note = counted === undefined ? ""
      : t.text("play.note", { summary: t.counted("summary", counted, { count: counted.toLocaleString("en") }) });
    return t.text("play.reason", { player: decision.mark, ...moveWords(decision.cell), plays: listed, why, calls, note });
  }

  // ---- drawing ---------------------------------------------------------------------

  const status = (words) => { $("status").textContent = words; };

  function addMoveItem(move) {
    const item = document.createElement("li");
    item.dataset.move = move.number;
    const label = document.createElement("b");
    label.textContent = say.text("play.move", { number: move.number });
    item.appendChild(label);
    const words = document.createElement("span");
    if (move.decision) {
      words.className = "reason";
      words.textContent = reason(move.decision);
      item.appendChild(words);
      const open = document.createElement("button");
      open.type = "button";
      open.className = "step-through";
      open.textContent = say.text("play.step_through");
      open.setAttribute("aria-label", say.text("play.step_through.label", { number: move.number, player: move.mark, ...moveWords(move.cell) }));
      open.addEventListener("click", () => openSteps(move.decision));
      item.appendChild(document.createTextNode(" "));
      item.appendChild(open);
      item.classList.add("ai");
    } else {
      words.textContent = say.text("play.human", { player: move.mark, ...moveWords(move.cell) });
      item.appendChild(words);
    }
    $("moves").appendChild(item);
  }

  function draw() {
    const P = game.P, pid = game.pid;
    const cells = cellsOf(P, pid);
    const winner = P.terminal[pid] ? D.terminal_names[P.terminal[pid]] : null;
    const line = lineOf(P, pid);
    const last = game.moves.length ? game.moves[game.moves.length - 1].cell : -1;
    cellButtons.forEach((button, i) => {
      const inLine = line.includes(i);
      button.textContent = cells[i];
      button.className = cells[i] ? `mark-${cells[i]}` : "empty";
      button.classList.toggle("win", inLine);
      button.classList.toggle("draw", winner === "draw");
      button.classList.toggle("last", i === last && !winner);
      button.setAttribute("aria-disabled", String(Boolean(cells[i]) || Boolean(winner)));
      const content = cells[i] || say.text("play.cell.empty");
      button.setAttribute("aria-label", say.text(inLine ? "play.cell.line" : "play.cell", { ...moveWords(i), content }));
    });
    drawStrike(line);
    const node = $("status");
    $("board").classList.toggle("over", Boolean(winner));
    if (winner) node.dataset.outcome = winner;
    else delete node.dataset.outcome;
    node.className = winner === "draw" ? "draw" : winner ? "win" : "";
    status(statusText(winner, line));
  }

  function statusText(winner, line) {
    if (winner === "draw") return say.text("play.status.draw");
    if (winner) return say.text(winner === game.ai ? "play.status.win" : "play.status.loss", { cells: line.join(", ") });
    if (!game.moves.length) return say.text("play.status.start");
    const last = game.moves[game.moves.length - 1];
    return last.decision ? say.text("play.status.ai_moved", moveWords(last.cell)) : say.text("play.status.your_move");
  }

  /* The winning line, struck through: the win shows without colour too. */
  function drawStrike(line) {
    const svg = $("strike");
    svg.classList.toggle("shown", line.length > 0);
    if (!line.length) return;
    const at = (i) => [(i % BOARD.size) + 0.5, Math.floor(i / BOARD.size) + 0.5];
    const [a, b] = [at(line[0]), at(line[line.length - 1])];
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
    // Which scores are only bounds (alpha-beta's cuts) go with their rows, so the step-through
    // writes them as bounds too.
    const names = [...COLUMN_NAMES, ...(P.edge_count ? ["edge_count"] : []), ...(P.bound ? ["bound"] : [])];
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

  /* The search's per-row facts (windows, pruned moves) for the subtree's rows. */
  function searchOf(graph, order, words) {
    const V = graph.variant || {};
    const sliced = { module: words.search.module };
    for (const [name, value] of Object.entries(V)) {
      if (name !== "algorithm" && name !== "per_row") sliced[name] = V.per_row.includes(name) ? order.map((pid) => value[pid]) : value;
    }
    return sliced;
  }

  function viewerData(decision) {
    const graph = decision.graph, P = columnsOf(graph), pid = decision.pid;
    const { cols, order } = subtree(graph, pid);
    return {
      game: { ...D.game, ai: decision.mark },
      search: searchOf(graph, order, decision.words),
      words: decision.words,
      figures: [],
      calls: P.sizes[pid],
      result: { index: decision.cell, score: P.score[pid] },
      start_call: 1,
      positions: cols,
    };
  }

  const escapeHtml = window.tracerPhrases.escapeText;
  const scriptJson = (value) => JSON.stringify(value).replace(/</g, "\\u003c");

  function openSteps(decision) {
    const data = viewerData(decision);
    const t = decision.say;
    const slots = { number: decision.number, player: decision.mark, ...moveWords(decision.cell),
      state: BOARD.compact(columnsOf(decision.graph).boards[decision.pid]), search: t.text("play.search"),
      calls: t.counted("count.call", data.calls, { count: data.calls.toLocaleString("en") }) };
    const title = t.text("play.steps.title", slots);
    // The frame's document is about:srcdoc, but relative links resolve against this
    // page's address unless told otherwise: the base keeps the viewer's #step=N links
    // and its address updates inside the frame.
    const page = VIEWER_PAGE
      .replace("<!--@title@-->", () => escapeHtml(title))
      .replace("<!--@h1@-->", () => escapeHtml(t.text("page.h1")))
      .replace("<!--@heading@-->", () => escapeHtml(t.text("play.steps.heading", slots)))
      .replace("/*@data@*/", () => scriptJson(data))
      .replace("<head>", () => "<head><base href=\"about:srcdoc\">");
    $("steps-title").textContent = title;
    const frame = $("steps-frame");
    frame.title = t.text("play.steps.frame", slots);
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
  // Disabled in the page until its data is read (a moment after the page shows).
  $("play-game").disabled = $("new-game").disabled = false;
  performance.mark("tracer-game-ready");  // for benchmarks/game_bench.py
  cellButtons.forEach((button) => button.addEventListener("click", () => humanPlay(Number(button.dataset.cell))));

  // The command line's --ai and --scores choose what the page starts with.
  if (D.initial) {
    $("ai-mark").value = D.initial.ai;
    $("scores").value = D.initial.scores;
  }

  ["ai-mark", "scores", "search"].forEach((id) => $(id).addEventListener("change", () => {
    if (!game.moves.length) { newGame(game.aiOpens); return; }
    $("settings-note").textContent = say.text("play.settings_later");
  }));

  // Arrow keys move between cells (one cell is in the tab order at a time).
  let focused = Math.floor(BOARD.cells / 2);
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
    const n = BOARD.size;
    const row = (Math.floor(focused / n) + step[0] + n) % n;
    const col = ((focused % n) + step[1] + n) % n;
    focusCell(row * n + col);
  });
  // Digits play a cell from anywhere on the page (not while a menu or the dialog has the keys).
  document.addEventListener("keydown", (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey || $("steps").open) return;
    if (event.target.closest && event.target.closest("select, input")) return;
    if (!/^[0-9]$/.test(event.key) || Number(event.key) >= BOARD.cells) return;
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
