/* tracer's step-through page, the core: replays one recorded trace, step by step.
 *
 * The page holds the trace's rows (one per distinct position a search met, as
 * tracer/trace.py stores them) and never searches. Every step is found in the
 * call tree by walking down from the root, skipping whole subtrees by their sizes
 * and step counts, as Trace.call(n) finds a call in Python.
 *
 * The steps of one call, in order (the guide's step numbers in brackets):
 *   BEGIN (7 for the first call, 11 for the others), EMPTY (8), CHECK (9);
 *   then, if the game goes on, for each test-play: PLACE (11), the child call's
 *   own steps, SAVE (12); then CHOOSE (15-16) and RETURN (17).
 * A finished game returns at CHECK, so its call has three steps.
 *
 * This file knows no game and no search. What a game draws and names comes from
 * the game's module (tracer/viewer/games/NAME.js), what a search adds from the
 * search's (tracer/viewer/searches/NAME.js); each registers itself in
 * window.tracerPlugins before this file runs, and the page data names the two it
 * uses. A game with no module is drawn in words from rows its Python plug-in
 * wrote. Every sentence is a template the Python words plug-ins wrote
 * (D.words): this file only picks the template and fills its slots with values
 * read from the rows, escaping each one. tracer/renderers/steps.py tells the
 * same steps with the same templates; a browser test holds the two equal.
 */
"use strict";
(function () {
  const D = JSON.parse(document.getElementById("trace-data").textContent);
  const P = D.positions;
  const PLUGINS = window.tracerPlugins || { games: {}, searches: {} };

  const BEGIN = 0, EMPTY = 1, CHECK = 2, PLACE = 3, SAVE = 4, CHOOSE = 5, RETURN = 6;
  const KIND_NAMES = ["begin", "empty", "check", "place", "save", "choose", "return"];

  // ---- the words plug-ins' templates (phrases.js fills them, escaping every value) -------

  const { html, cat, setMarkup } = window.tracerPhrases;
  const WG = D.words.game, WS = D.words.search;
  const PHRASES = Object.assign({}, WG.phrases, WS.phrases);
  const CONSTANTS = Object.assign({}, WG.constants, WS.constants);
  const WORDS = window.tracerPhrases.phrases(PHRASES, CONSTANTS);
  const { say, text, fill, has, counted, listed } = WORDS;
  const number = (n) => n.toLocaleString("en");
  const signed = (v) => (v > 0 ? "+" + v : String(v));

  // ---- the rows -----------------------------------------------------------------------

  const MOVE_WORDS = WG.moves;
  /* A move's words: its name, short name and token (cell 4 (centre), cell 4, 4). */
  const moveSlots = (move, prefix = "") => ({
    [prefix + "name"]: MOVE_WORDS.name[move], [prefix + "short"]: MOVE_WORDS.short[move],
    [prefix + "token"]: MOVE_WORDS.token[move],
  });
  const tokens = (moves) => moves.map((m) => MOVE_WORDS.token[m]);
  /* Moves as a sentence lists them (cells 5 and 8). */
  const movesList = (moves) => counted("moves", moves.length, { moves: listed(tokens(moves)) });

  let game = null, search = null;  // the plug-ins, made below
  // A search's rows carry each call's test-plays (in loop order, cut short by pruning,
  // none for a cache hit); the guide's minimax leaves them to the game's module.
  const EDGES = P.edge_move ? P.first_edge.map((start, pid) => P.edge_move.slice(start, start + P.edge_count[pid]))
    : null;
  const moves = EDGES ? (pid) => EDGES[pid] : (pid) => game.moves(pid);
  const childOf = (pid, j) => P.edge_child[P.first_edge[pid] + j];
  const terminal = (pid) => P.terminal[pid] !== 0;
  const terminalKind = (pid) => WG.terminals.kinds[P.terminal[pid]];
  const valueKind = (score) => WG.values[score] || "value";
  const side = (pid) => (game.maximising(pid) ? "max" : "min");

  /* The test-plays of a frame's call: move, child row and call number of each. */
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
  /* How many test-plays a call's loop has: those made and those its search skipped. */
  const loopCount = (pid) => moves(pid).length + search.skipped(pid).length;
  /* What row pid returns ({index: 4, score: 1}); with a move: the info its caller saves. */
  function returned(pid, move) {
    if (move === undefined) {
      const own = search.returnedText(pid);  // a learner's program: its value, as it wrote it
      if (own !== null) return own;
      const best = P.best[pid];
      // A call answered from elsewhere (a cache hit) returns that call's answer, move and all.
      move = best < 0 ? search.answerMove(pid) : moves(pid)[best];
      if (move === null || move === undefined) return text("returned.none", { score: P.score[pid] });
    }
    // A call that ended without a score (a learner's call that raised) has none to list.
    const foot = search.foot ? search.foot(pid) : null;
    if (foot) return text("returned.unscored", { foot, ...moveSlots(move) });
    return text("returned.move", { score: P.score[pid], ...moveSlots(move) });
  }
  /* "≤"/"≥" when row pid's score is only a bound on the true value (an alpha-beta cut below
   * it), else "": such a score is written as a bound and never read as an outcome. */
  const boundOf = (pid) => (P.bound ? P.bound[pid] || "" : "");
  /* Row pid's score as the page writes it: +1, or ≤ +1 when it is only a bound. */
  const scored = (pid) => (boundOf(pid) ? `${boundOf(pid)} ${signed(P.score[pid])}` : signed(P.score[pid]));
  /* What row pid's score predicts (a win for X), or, for a bound, only what it bounds. */
  function meaning(pid) {
    const bound = boundOf(pid), score = P.score[pid];
    if (bound) return text(bound === "≤" ? "meaning.at_most" : "meaning.at_least", { score, signed: signed(score) });
    return text(`meaning.${valueKind(score)}`, { score });
  }

  // ---- the plug-ins -------------------------------------------------------------------

  const el = (tag, cls, words) => {
    const node = document.createElement(tag);
    if (cls) node.className = cls;
    if (words !== undefined) node.textContent = words;
    return node;
  };
  /* What the game and the search modules may use of the core. */
  const ctx = Object.freeze({
    data: D, rows: P, words: WG, constants: CONSTANTS, say, text, fill, has, counted, listed, signed, number,
    moveSlots, tokens, movesList, el, html, cat, moves, childOf, terminal, terminalKind, valueKind,
    returned, testPlays, boundOf, scored, player: (pid) => game.player(pid), side, KINDS: { BEGIN, EMPTY, CHECK, PLACE, SAVE, CHOOSE, RETURN },
  });

  /* A game with no module: its states in words, from the rows its Python plug-in wrote. */
  function wordedGame() {
    const R = WG.rows;
    return {
      maximising: (pid) => P.max_to_move[pid] === 1,
      player: (pid) => CONSTANTS[P.max_to_move[pid] ? "max" : "min"],
      stepMoves: (pid) => R.moves[pid],
      slots: (pid) => ({ state: R.describe[pid], terminal: R.terminal[pid] }),
      codeSlots: (pid) => ({ state: R.describe[pid] }),
      describe: (pid) => R.describe[pid],
      picture: (pid) => el("div", "worded", R.describe[pid]),
    };
  }
  /* A search with no module: the guide's steps, nothing added. */
  const plainSearch = () => ({
    answered: () => null,
    answerMove: () => null,
    returnedText: () => null,
    halts: () => false,
    untold: () => false,
    foot: () => null,
    skipped: () => [],
    notes: () => [],
    frameLines: () => [],
    caption: () => null,
    cardClass: () => "",
    chip: () => null,
  });
  const gameModule = D.game.module ? PLUGINS.games[D.game.module] : null;
  const searchModule = D.search.module ? PLUGINS.searches[D.search.module] : null;
  if (D.game.module && !gameModule) throw new Error(`the page has no module for the game ${D.game.module}`);
  if (D.search.module && !searchModule) throw new Error(`the page has no module for the search ${D.search.module}`);
  game = Object.assign(gameModule ? {} : wordedGame(), gameModule ? gameModule.make(ctx) : {});
  search = Object.assign(plainSearch(), searchModule ? searchModule.make(ctx) : {});

  // ---- finding a step -----------------------------------------------------------------

  // Steps per row's subtree, children first (a child's subtree is always smaller).
  const EV = new Float64Array(P.terminal.length);
  const bySize = Array.from(P.sizes.keys()).sort((a, b) => P.sizes[a] - P.sizes[b]);
  for (const pid of bySize) {
    let events = 3;
    const m = moves(pid);
    if (m.length) {
      events += 2;
      for (let j = 0; j < m.length; j++) events += EV[childOf(pid, j)] + 2;
    }
    EV[pid] = events;
  }
  const TOTAL = EV[0];

  /* The state at step n (0-based): the active frames from call 1 down, the kind of
   * step and, for PLACE and SAVE, which test-play. Each frame: pid, call, depth, the
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

  /* The step at which call k begins. */
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

  // ---- the story: which template, with which values (renderers/steps.py does the same) ----

  /* What every sentence about a running call may name: the call, its mover, the row's own. */
  function callSlots(frame) {
    const s = side(frame.pid);
    return {
      call: frame.call, player: game.player(frame.pid), role: text(`role.${s}`), keeps: text(`keeps.${s}`),
      how: text(`how.${s}`), ...game.slots(frame.pid),
    };
  }

  /* Step 16's pick: the scores compared, the best, the first test-play with it. */
  function choiceSlots(pid, plays) {
    const scores = plays.map((p) => P.score[p.pid]);
    const best = P.best[pid];
    return {
      scores: plays.map((p) => scored(p.pid)).join(", "), best: scored(pid),
      values: plays.map((p) => (boundOf(p.pid) ? `${boundOf(p.pid)} ${P.score[p.pid]}` : String(P.score[p.pid]))).join(", "),
      score: P.score[pid], index: best, returned: returned(pid), ...moveSlots(moves(pid)[best]),
      value: boundOf(pid) ? `${boundOf(pid)} ${P.score[pid]}` : String(P.score[pid]),
      over: text(search.skipped(pid).length ? "loop.cut" : "loop.over"),
    };
  }

  /* How the first call's mover fares: a draw, a loss, a win at once or forced along the line. */
  function verdict() {
    const kind = valueKind(P.score[0]);
    if (kind === "draw" || kind === "value") return text(`verdict.${kind}`);
    if ((kind === "win") !== (side(0) === "max")) return text("verdict.loss");
    let pid = 0, length = 0;
    while (!terminal(pid)) {
      if (!(P.best[pid] >= 0)) return text("verdict.win");  // a cache hit: its line goes on elsewhere
      pid = childOf(pid, P.best[pid]);
      length += 1;
    }
    if (length === 1) return text("verdict.win.now");
    return text("verdict.win.line", { length, own: Math.ceil(length / 2), player: game.player(0) });
  }

  /* The guide's step at `state`, in the game's words: [template, slots] pairs. */
  function narrate(state) {
    const frames = state.frames;
    const top = frames[frames.length - 1], parent = frames[frames.length - 2];
    const pid = top.pid;
    const slots = callSlots(top);
    switch (state.kind) {
      case BEGIN:
        if (!parent) return [["story.begin.first", slots]];
        return [["story.begin", { ...slots, ...moveSlots(top.move), parent: parent.call, caller: game.player(parent.pid) }]];
      case EMPTY: {
        const listedMoves = game.stepMoves(pid);
        return [[listedMoves.length ? "story.empty" : "story.empty.none", { ...slots, moves: tokens(listedMoves).join(", ") }]];
      }
      case CHECK: {
        if (terminal(pid)) {
          return [[`story.check.${terminalKind(pid)}`, {
            ...slots, returned: returned(pid), score: P.score[pid], signed: signed(P.score[pid]),
          }]];
        }
        const count = loopCount(pid);
        return [[count === 1 ? "story.check.on.one" : "story.check.on.many", { ...slots, count }]];
      }
      case PLACE: {
        const play = testPlays(top)[state.j];
        return [["story.place", {
          ...slots, ...moveSlots(play.cell), number: state.j + 1, count: loopCount(pid), child: play.call,
          next_player: game.player(play.pid),
        }]];
      }
      case SAVE: return saved(state, top, slots);
      case CHOOSE:
        return [[`story.choose.${side(pid)}`, { ...slots, ...choiceSlots(pid, testPlays(top)) }]];
      default: {
        const plays = testPlays(top);
        if (!parent) {
          return [["story.return.first", {
            ...slots, ...choiceSlots(pid, plays), infos: plays.map((p) => returned(p.pid, p.cell)).join(", "),
            verdict: verdict(), calls: number(D.calls),
          }]];
        }
        return [[boundOf(pid) ? "story.return.bound" : "story.return", {
          ...slots, returned: returned(pid), parent: parent.call, meaning: meaning(pid), score: P.score[pid],
          signed: scored(pid),
        }]];
      }
    }
  }

  /* Step 12: the score saved; then where the loop goes (nothing, if the search says why it stops). */
  function saved(state, top, slots) {
    const plays = testPlays(top);
    const play = plays[state.j];
    const score = P.score[play.pid];
    const told = [["story.save", {
      ...slots, ...moveSlots(play.cell), child: play.call, child_returned: returned(play.pid),
      info: returned(play.pid, play.cell), signed: scored(play.pid), meaning: meaning(play.pid), score,
    }]];
    if (boundOf(play.pid) && has("story.save.bound")) {
      told.push(["story.save.bound", { signed: scored(play.pid), meaning: meaning(play.pid), score }]);
    }
    if (state.j + 1 < plays.length) told.push(["story.save.next", moveSlots(plays[state.j + 1].cell, "next_")]);
    else if (!search.skipped(top.pid).length) told.push(["story.save.last", {}]);
    return told;
  }

  /* Everything the story says at a step: the guide's step, then what the search adds (a
   * call its search answered from elsewhere, a cache hit, tells only that). */
  function told(state) {
    const top = state.frames[state.frames.length - 1];
    const answered = (search.answered(top.pid) !== null && state.kind >= EMPTY) || search.untold(state);
    return [...(answered ? [] : narrate(state)), ...search.notes(state)];
  }
  const narrationAt = (state) => cat(...told(state).flatMap(([key, slots], i) => (i ? [" ", say(key, slots)] : [say(key, slots)])));
  const textAt = (state) => told(state).map(([key, slots]) => text(key, slots)).join(" ");

  /* The guide's step number of a step. */
  function guideStep(state) {
    const top = state.frames[state.frames.length - 1];
    switch (state.kind) {
      case BEGIN: return top.call === 1 ? "7" : "11";
      case EMPTY: return "8";
      case CHECK: return terminal(top.pid) ? "9" : "9–10";
      case PLACE: return "11";
      case SAVE: return "12";
      case CHOOSE: return "15–16";
      default: return top.call === 1 ? "17 (and 24–25)" : "17";
    }
  }

  /* The figures of the figures page (trace --figures DIR) that this step belongs to:
   * [file stem, label] pairs, numbered as the guide numbers its figures. A game with
   * no board figures (D.figures lists those it has) links the test-plays and the overview. */
  function figuresOf(state) {
    if (D.figures === null) return [];  // the figures page cannot tell this search's calls
    const hasFigure = (name) => D.figures.includes(name);
    const root = state.frames[0];
    const guide = (n) => text("figure.guide", { number: n });
    const playFigure = (k) => [`test-play-${k + 1}`, k < 3 ? guide(6 + k) : text("figure.test_play", { number: k + 1 })];
    let found;
    if (state.frames.length > 1) found = [playFigure(root.active)];
    else if (terminal(0) || state.kind >= CHOOSE) {
      const done = state.kind === RETURN || (terminal(0) && state.kind === CHECK);
      found = done && !terminal(0) ? [["overview", guide(9)], ["final-board", guide(10)]] : [["overview", guide(9)]];
    } else if (state.kind === PLACE && state.j === 0) found = [["after-test-play", guide(5)], playFigure(0)];
    else if (state.kind === PLACE || state.kind === SAVE) found = [playFigure(state.j)];
    else found = [["tested-cell", guide(4)]];
    const single = ["tested-cell", "after-test-play", "final-board"];
    return found.filter(([name]) => !single.includes(name) || hasFigure(name));
  }

  // ---- drawing ------------------------------------------------------------------------

  /* A state's picture, from the game's module: look.played is the move shown as just
   * made, look.placed a test-play put on the board, look.finished whether a finished
   * game shows how it ended. */
  const picture = (pid, look) => game.picture(pid, look);

  /* One card of the tree. st: done | path | current | placed | future. */
  function card(play, st, parentPid) {
    const pid = play.pid;
    const node = el("button", "card " + st);
    node.type = "button";
    node.dataset.call = play.call;
    node.title = text("card.tip", { call: play.call });
    const finished = st === "done" || (st === "current" && play.finished);
    const kind = finished && terminal(pid) ? terminalKind(pid) : null;
    if (kind) node.classList.add(kind);
    // A score that is only a bound (an alpha-beta cut below) never takes an outcome's colour.
    else if (st === "done" && P.sizes[pid] > 1) node.classList.add("summary", boundOf(pid) ? "bound" : valueKind(P.score[pid]));
    else if (st === "done" && !boundOf(pid)) node.classList.add(valueKind(P.score[pid]));  // a cache hit keeps its outcome's fill
    node.appendChild(el("span", "title", text("card.title", { call: play.call })));
    node.appendChild(picture(pid, { played: play.cell, finished: Boolean(kind), from: parentPid }));
    const mover = parentPid === null ? {} : { caller: game.player(parentPid), ...moveSlots(play.cell) };
    // A search may say how a finished call ended in its own words (a learner's call that raised).
    const own = finished ? search.foot(pid) : null;
    let foot = "";
    if (own !== null) foot = own;
    else if (kind) foot = text(`foot.${kind}`, { score: P.score[pid], signed: signed(P.score[pid]), label: WG.terminals.labels[P.terminal[pid]] });
    else if (finished) foot = text(`foot.${side(pid)}${boundOf(pid) ? ".bound" : ""}`, { signed: scored(pid) });
    else if (st === "placed") foot = text("foot.placed", mover);
    else foot = text(`foot.${st}`);
    node.appendChild(el("span", "foot", foot));
    // What the arrow into this card says: the move and, once known, the score sent back.
    if (parentPid !== null) {
      const move = text("edge.move", mover);
      const back = finished && own === null ? text("edge.back", { signed: scored(pid) }) : "";
      const label = [move, back].filter(Boolean).join(" ");
      if (label) node.dataset.edge = label;
    }
    const extra = search.cardClass(pid, play.call);
    if (extra) node.classList.add(extra);
    const caption = search.caption(pid, st, play.call);
    if (caption) {
      const line = el("span", "caption", caption.text);
      line.dataset.tag = caption.tag;
      node.appendChild(line);
    }
    if ((st === "done" || st === "future") && P.sizes[pid] > 1) {
      node.appendChild(el("span", "caption", text("card.calls", { calls: counted("count.call", P.sizes[pid], { count: number(P.sizes[pid]) }) })));
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
    const endOfCall = state.kind === RETURN || (state.kind === CHECK && terminal(top.pid));
    rows.push({ parent: null, cards: [[root, frames.length === 1 ? "current" : "path"]] });
    for (let d = 1; d < frames.length; d++) {
      const f = frames[d - 1];
      const cards = testPlays(f).map((play, j) => {
        if (j < f.done) return [play, "done"];
        if (j === f.active) return [play, d === frames.length - 1 ? "current" : "path"];
        return [play, "future"];
      });
      rows.push({ parent: f, cards });
    }
    if (!terminal(top.pid) && state.kind >= CHECK && moves(top.pid).length) {  // not a cache hit
      const cards = testPlays(top).map((play, j) => {
        if (j < top.done) return [play, "done"];
        if (j === top.active) return [play, "placed"];
        return [play, "future"];
      });
      rows.push({ parent: top, cards });
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
      const line = drawRow(row, d, rows.length, top, best);
      line.dataset.key = key;
      if (old) rowsEl.replaceChild(line, old);
      else rowsEl.appendChild(line);
    });
    while (rowsEl.children.length > rows.length) rowsEl.lastElementChild.remove();
    document.getElementById("tree-count").textContent =
      text("tree.count", { begun: number(state.lastBegun), calls: number(D.calls) });
    return () => drawEdges(rows, best, top);
  }

  /* One row of cards: the calls at one depth, far rows summed up in chips. */
  function drawRow(row, d, count, top, best) {
    const line = el("div", "row");
    const label = el("span", "depth", text("row.depth", { depth: d }));
    label.appendChild(el("small", "", text("row.mover", { player: game.player(row.cards[0][0].pid) })));
    line.appendChild(label);
    const cardsEl = el("div", "cards");
    const compact = d > 0 && d < count - 3;
    if (compact) line.classList.add("compact");
    let before = null, after = null;
    const parentPid = row.parent ? row.parent.pid : null;
    row.cards.forEach(([play, st], j) => {
      if (compact && st === "done") { before = tally(before, play, "done"); return; }
      if (compact && st === "future") { after = tally(after, play, "future"); return; }
      if (before) { cardsEl.appendChild(chip(before)); before = null; }
      const c = card(play, st, parentPid);
      if (row.parent === top && j === best) c.classList.add("best");
      cardsEl.appendChild(c);
    });
    if (before) cardsEl.appendChild(chip(before));
    if (after) cardsEl.appendChild(chip(after));
    if (row.parent && row.parent.done === row.cards.length) {
      const more = search.chip(row.parent.pid);
      if (more) cardsEl.appendChild(el("span", "chip " + more.cls, more.text));
    }
    line.appendChild(cardsEl);
    return line;
  }

  /* Far above the running call, finished and later test-plays are summed up in one chip. */
  function tally(sum, play, kind) {
    sum = sum || { kind, plays: 0, calls: 0, scores: [] };
    sum.plays += 1;
    sum.calls += P.sizes[play.pid];
    sum.scores.push(scored(play.pid));
    return sum;
  }
  function chip(sum) {
    const plays = counted("count.test_play", sum.plays, { count: number(sum.plays) });
    const calls = counted("count.call", sum.calls, { count: number(sum.calls) });
    const words = sum.kind === "done" ? text("chip.done", { plays, calls, scores: sum.scores.join(", ") })
      : text("chip.later", { plays, calls });
    return el("span", "chip " + sum.kind, words);
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
   * before anything is written, so the browser lays the page out only once. A line's
   * words sit in a band above its row's cards: the line stops at the band and picks up
   * again below its own words, so no line is drawn through a label. */
  function drawEdges(rows, best, top) {
    const box = treeEl.getBoundingClientRect();
    const dx = treeEl.scrollLeft - box.left, dy = treeEl.scrollTop - box.top;
    const font = parseFloat(getComputedStyle(edgesEl).fontSize);  // the labels' size, zoom included
    const rowEls = rowsEl.children;
    const lines = [];
    for (let d = 1; d < rowEls.length; d++) {
      const from = rowEls[d - 1].querySelector(".card.path, .card.current");
      if (!from) continue;
      const a = from.getBoundingClientRect();
      const x1 = a.left + a.width / 2 + dx, y1 = a.bottom + dy;
      const cards = [...rowEls[d].children[1].children];
      const boxes = cards.map((to) => to.getBoundingClientRect());
      // The band: a line of text ending just above the row's highest card.
      const bandBottom = Math.min(...boxes.map((b) => b.top)) + dy - 3;
      const bandTop = bandBottom - 1.3 * font;
      cards.forEach((to, j) => {
        const b = boxes[j];
        let cls = "edge";
        const c = to.classList;
        if (c.contains("path") || c.contains("current") || c.contains("placed")) cls += " on-path";
        else if (c.contains("future")) cls += " future";
        if (rows[d].parent === top && best >= 0) cls += j === best ? " picked" : " rejected";
        const x2 = b.left + b.width / 2 + dx, y2 = b.top + dy;
        if (!to.dataset.edge) {  // straight down through the band, clear of its neighbours' words
          lines.push(html`<path class="${cls}" d="M${x1} ${y1}L${x2} ${bandTop - 2}L${x2} ${y2}"/>`);
          return;
        }
        lines.push(html`<path class="${cls}" d="M${x1} ${y1}L${x2} ${bandTop - 2}M${x2} ${bandBottom + 1}L${x2} ${y2}"/>`);
        lines.push(html`<text class="edge-label" x="${x2}" y="${bandBottom - 0.28 * font}">${to.dataset.edge}</text>`);
      });
    }
    // The rows' extent, not the panel's scroll size: that includes the arrows' own last size,
    // so it would never shrink when the tree does (a smaller zoom).
    const width = rowsEl.offsetLeft + rowsEl.scrollWidth, height = rowsEl.offsetTop + rowsEl.scrollHeight;
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

  // ---- the call stack -------------------------------------------------------------------

  const stackEl = document.getElementById("stack");
  /* A frame's lines: what step 8 listed, how it ended or where its loop is; the search's own. */
  function frameLines(f, kind, innermost, state) {
    const plays = testPlays(f);
    const done = terminal(f.pid) && kind >= CHECK;
    const answered = search.answered(f.pid) !== null;
    const lines = [];
    const line = (words, tag) => lines.push({ text: words, tag: tag || "" });
    if (kind >= EMPTY) line(text("stack.moves", { moves: tokens(game.stepMoves(f.pid)).join(", ") }));
    if (done) line(text("stack.return", { returned: returned(f.pid) }));
    search.frameLines(f, kind, plays).forEach((l) => lines.push(l));
    if (terminal(f.pid) || kind < CHECK || answered) return lines;
    const count = loopCount(f.pid);
    if (f.active >= 0) {
      const doing = innermost ? text("stack.calling") : text("stack.waiting", { child: plays[f.active].call });
      line(text("stack.loop.active", { i: f.active, number: f.active + 1, count, doing, ...moveSlots(plays[f.active].cell) }));
    } else if (kind === CHECK) line(counted("stack.loop.todo", count));
    else if (kind === SAVE) line(text("stack.loop.saved", { i: state.j, done: f.done, count, ...moveSlots(plays[state.j].cell) }));
    else if (search.skipped(f.pid).length) {
      line(text("stack.loop.cut", { done: f.done, count, pruned: search.skipped(f.pid).length }));
    } else line(text("stack.loop.done", { count }));
    line(text("stack.infos", { infos: plays.slice(0, f.done).map((p) => returned(p.pid, p.cell)).join(", ") }));
    if (kind >= CHOOSE) line(text("stack.best", { index: P.best[f.pid] }));
    if (kind === RETURN) {
      line(text(boundOf(f.pid) ? "stack.return.bound" : "stack.return", { returned: returned(f.pid), signed: scored(f.pid) }));
    }
    return lines;
  }

  function drawStack(state) {
    const frames = state.frames;
    frames.forEach((f, d) => {
      const innermost = d === frames.length - 1;
      const kind = innermost ? state.kind : PLACE;  // callers are all inside a test-play
      const lines = frameLines(f, kind, innermost, state);
      const key = `${f.call}|${f.active}|${innermost}|${kind}|${lines.map((l) => l.text).join("|")}`;
      const old = stackEl.children[d];
      if (old && old.dataset.key === key) return;  // unchanged since the last step
      const item = el("li", "frame" + (innermost ? " running" : ""));
      item.dataset.call = f.call;
      item.dataset.key = key;
      // The call's state as the guide's figures 4-5 show it: the loop's test-play in red.
      const placed = f.active >= 0 ? testPlays(f)[f.active].cell : -1;
      item.appendChild(picture(f.pid, { placed, played: placed, finished: terminal(f.pid) && kind >= CHECK }));
      const body = el("div", "lines");
      const head = el("div", "head");
      const slots = callSlots(f);
      head.append(el("b", "", text("stack.number", { call: f.call })), " ", el("code", "", text("stack.call", slots)),
        " ", el("span", "quiet", text("stack.where", { how: slots.how, depth: f.depth })));
      body.appendChild(head);
      lines.forEach((l, i) => {
        const row = el("div", "code", l.text);
        if (l.tag) row.dataset.tag = l.tag;
        if (innermost && i === lines.length - 1 && kind !== BEGIN) row.classList.add("newest");
        body.appendChild(row);
      });
      item.appendChild(body);
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

  /* A figure's name in the badge: a link to the figures page written with this page; without
   * one, the name alone (the legend says once how to write them); inside the game page (no
   * figures_href at all), nothing. */
  function figureLink(name, label) {
    if (D.figures_href === undefined) return "";
    if (D.figures_href === null) return html` <span class="figure-link none" title="${text("figure.howto")}">${label}</span>`;
    return html` <a class="figure-link" href="${D.figures_href}#${name}" title="${text("figure.tip")}">${label}</a>`;
  }

  // ---- the tree's zoom -------------------------------------------------------------------

  /* The tree's scale (--zoom on #tree: every size in it follows). Until the learner picks
   * one, it follows the panel: 1 on a laptop or a projector (its words then 14 px), larger
   * as the panel grows past a laptop's (a 1920 px screen's tree fills its panel). */
  const ZOOM_LIMITS = [0.3, 3];
  const LAPTOP_PANEL = [640, 560];  // a little over the tree panel of a 1024×768 window
  let chosenZoom = null;
  const clampZoom = (z) => Math.min(ZOOM_LIMITS[1], Math.max(ZOOM_LIMITS[0], z));
  const panelZoom = () => Math.min(1.8, Math.max(1,
    Math.min(treeEl.clientWidth / LAPTOP_PANEL[0], treeEl.clientHeight / LAPTOP_PANEL[1])));
  const zoomNow = () => Number(treeEl.style.getPropertyValue("--zoom")) || 1;
  function applyZoom() {
    const z = chosenZoom === null ? panelZoom() : chosenZoom;
    treeEl.style.setProperty("--zoom", z.toFixed(3));
    // The level beside the buttons only when it is not the "100 %" the button names.
    $("zoom-level").textContent = Math.abs(z - 1) < 0.005 ? "" : `${Math.round(z * 100)}\u2009%`;
  }
  /* The zoom at which the whole tree of this step fits its panel (the drawing scales
   * almost in proportion: two rounds make up for the borders that do not). */
  function fitZoom() {
    rowsEl.style.minWidth = "0";  // the rows' own width (they stretch to the panel otherwise)
    for (let round = 0; round < 2; round++) {
      const z = zoomNow();
      const wide = (treeEl.clientWidth - 12) / rowsEl.scrollWidth, tall = (treeEl.clientHeight - 20) / rowsEl.scrollHeight;
      chosenZoom = clampZoom(z * Math.min(wide, tall));
      applyZoom();
    }
    rowsEl.style.minWidth = "";
    render();
  }
  const setZoom = (z) => { chosenZoom = z === null ? null : clampZoom(z); applyZoom(); render(); };
  const zoomBy = (factor) => setZoom(zoomNow() * factor);

  function render() {
    state = locate(current);
    applyZoom();
    const top = state.frames[state.frames.length - 1];
    story.dataset.step = current + 1;
    story.dataset.kind = KIND_NAMES[state.kind];
    story.dataset.call = top.call;
    setMarkup($("badge"), cat(html`<span class="step">${text("badge.step", { step: guideStep(state) })}</span> `,
      html`<span class="what">${text("badge.what", { kind: text(`kind.${KIND_NAMES[state.kind]}`), call: top.call })}</span>`,
      ...figuresOf(state).map(([name, label]) => figureLink(name, label))));
    setMarkup($("narration"), narrationAt(state));
    const finishTree = drawTree(state);
    drawStack(state);
    slider.value = current + 1;
    where.textContent = text("where", {
      step: number(current + 1), steps: number(TOTAL), call: top.call, calls: number(D.calls), depth: top.depth,
    });
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

  // The last step the learner may see for now (the quiz's open question), or null.
  let held = null;

  function go(n) {
    n = Math.max(0, Math.min(TOTAL - 1, Math.floor(n)));
    if (held !== null && n > held) {
      // Stepping past the question would show its answer: stay, and say why (quiz.js).
      n = held;
      if (timer) setPlaying(false);
      document.dispatchEvent(new CustomEvent("tracer-held"));
    }
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
    playButton.textContent = text(on ? "control.pause" : "control.play");
    playButton.classList.toggle("playing", on);
    if (!on) return;
    const perSecond = Number(speed.value);
    const interval = Math.max(16, 1000 / perSecond);
    const stride = Math.max(1, Math.round((perSecond * interval) / 1000));
    timer = setInterval(() => {
      if (current >= TOTAL - 1) { setPlaying(false); return; }
      // A search may name a step to pause at (a learner's first departure), even mid-stride.
      for (let n = current + 1; n <= Math.min(current + stride, TOTAL - 1); n++) {
        if (search.halts(locate(n))) { go(n); setPlaying(false); return; }
      }
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
  $("zoom-in").onclick = () => zoomBy(1.25);
  $("zoom-out").onclick = () => zoomBy(0.8);
  $("zoom-fit").onclick = fitZoom;
  $("zoom-reset").onclick = () => setZoom(1);
  rowsEl.addEventListener("click", (event) => {
    const target = event.target.closest(".card");
    if (target) go(beginOf(Number(target.dataset.call)));
  });
  $("jump").onsubmit = (event) => {
    event.preventDefault();
    const k = Number(callInput.value);
    if (!Number.isInteger(k) || k < 1 || k > D.calls) {
      callInput.setCustomValidity(text("jump.range", { calls: number(D.calls) }));
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
    else if (key === "+" || key === "=") zoomBy(1.25);
    else if (key === "-" || key === "_") zoomBy(0.8);
    else if (key === "0") setZoom(1);
    else if (key === "f") fitZoom();
    else handled = false;
    if (handled) event.preventDefault();
  });
  window.addEventListener("resize", () => { if (state) render(); });
  // On a phone the quiz sticks just under the controls (viewer.css): it needs their height.
  const controlsEl = $("controls");
  new ResizeObserver(() => document.body.style.setProperty("--controls-height", `${controlsEl.offsetHeight}px`))
    .observe(controlsEl);
  // The tree's panel also changes size without the window (the quiz opening above it):
  // draw again, so the running card stays in view.
  let treeSize = "";
  new ResizeObserver(() => {
    const size = `${treeEl.clientWidth}x${treeEl.clientHeight}`;
    if (size !== treeSize && state) render();
    treeSize = size;
  }).observe(treeEl);

  // The legend: the game's rows, the tree's, then the search's, each from its plug-in.
  const keys = $("legend").querySelector(".keys");
  // An outcome's row only where this page colours that outcome (a finished game, or a score,
  // not a bound, that predicts it): the game page shares one legend among all its moves.
  const coloured = new Set();
  for (let pid = 0; pid < P.terminal.length; pid++) {
    if (terminal(pid)) coloured.add(terminalKind(pid));
    if (!boundOf(pid)) coloured.add(valueKind(P.score[pid]));
  }
  const OUTCOME_ROWS = ["win", "loss", "draw", "leaf"];
  for (const [cls, sample, words] of [...WG.legend, ...WS.legend]) {
    if (OUTCOME_ROWS.includes(cls) && !coloured.has(cls)) continue;
    const span = el("span");
    if (cls) span.appendChild(el("i", "sw " + cls, sample || undefined));
    span.append(fill(words));
    $("legend").insertBefore(span, keys);
  }
  // Figures named but not written with this page: said once, in the legend.
  if (D.figures_href === null) {
    const howto = el("span", "figure-howto", `${text("figure.guide", { number: "N" })} ${text("figure.missing")}`);
    $("legend").insertBefore(howto, keys);
  }
  // The legend sits below the panels (they keep the window's height): a button brings it up.
  $("to-legend").addEventListener("click", () => $("legend").scrollIntoView({block: "nearest"}));

  // What the code panel (codepanel.js) and the quiz (quizbuild.js) read of the rows and
  // the words: they ask these rather than decode the columns or write a sentence again.
  window.tracerRows = Object.freeze({
    data: D, rows: P, words: WG, game, search, say, text, fill, has, counted, listed, signed, number,
    moves, childOf, terminal, terminalKind, valueKind, returned, moveSlots, tokens, movesList, testPlays,
    loopCount, boundOf, scored, callSlots, side, el, markup: setMarkup,
    player: (pid) => game.player(pid),
    maximising: (pid) => game.maximising(pid),
    describe: (pid) => game.describe(pid),
    KINDS: ctx.KINDS,
  });

  const start = fromHash();
  go(start !== null ? start : beginOf(D.start_call));

  // For benchmarks and tests: read-only facts and the same moves the buttons make.
  window.tracerViewer = Object.freeze({
    total: TOTAL,
    go: (step) => go(step - 1),
    // Keep the learner at or before ``step`` (null: anywhere) until the quiz's question is answered.
    hold: (step) => { held = step === null ? null : step - 1; },
    step: () => current + 1,
    beginOf: (call) => beginOf(call) + 1,
    // The last step of a call: its return (or its terminal check).
    endOf: (call) => { const b = beginOf(call); return b + EV[locate(b).frames.at(-1).pid]; },
    // What the story panel says at a step, as text (quizbuild.js explains answers with it).
    narration: (step) => textAt(locate(step - 1)),
  });
})();
