/* tracer's quiz mode: predict each step, then see it revealed.
 *
 * The questions, their choices, the recorded answers and the sentences that
 * explain them come from Python (tracer/renderers/quiz.py), read from the
 * recorded trace, or, in the game's step-throughs, from quizbuild.js, which
 * asks the same questions of the recorded rows; this file only decides which of them to ask at the chosen
 * difficulty, moves the viewer to the step where each is asked, compares the
 * learner's answer with the recorded one, and keeps the score. It drives the
 * viewer only through window.tracerViewer (go, hold, beginOf, endOf).
 */
"use strict";
(function () {
  const V = window.tracerViewer;
  const say = window.tracerRows.text;  // the words plug-ins' templates (viewer.js)
  const RAW = JSON.parse(document.getElementById("quiz-data").textContent);
  // The game's step-throughs carry no questions: quizbuild.js asks the same ones of the rows.
  const Q = RAW.questions ? RAW : window.tracerBuildQuiz(RAW);
  const KIND_ORDER = Object.fromEntries(Q.kinds.map((k, i) => [k, i]));
  const STORE = "tracer-quiz:" + Q.key;

  // ---- which questions, when ---------------------------------------------------------

  /* The page's step for a moment [anchor, call, offset]. */
  const stepOf = ([anchor, call, offset]) => (anchor === "begin" ? V.beginOf(call) : V.endOf(call)) + offset;

  /* Difficulty = the deepest calls asked about: 1 is the first call's test-plays.
   * A call whose own test-plays are deeper than that is asked about as it
   * begins (predict from the board); otherwise just before its step 16. */
  function activeQuestions(level) {
    const found = [];
    Q.questions.forEach((q, id) => {
      const own = q.kind === "pick" || q.kind === "next";  // about the call's test-plays
      if (own ? q.depth >= level : q.depth > level) return;
      const alone = q.kind === "value" && q.depth === level && q.ask_alone;
      const ask = stepOf(alone ? q.ask_alone : q.ask);
      const reveal = stepOf(alone ? q.reveal_alone : q.reveal);
      found.push({ id, q, ask, reveal });
    });
    found.sort((a, b) => a.ask - b.ask || KIND_ORDER[a.q.kind] - KIND_ORDER[b.q.kind] || a.id - b.id);
    return found;
  }

  const levels = [];
  for (let d = Math.min(1, Q.depth); d <= Q.depth; d++) levels.push(d);
  function levelName(d) {
    if (d === Q.depth && Q.complete) return say("quiz.ui.level.all");
    if (d <= 1) return say("quiz.ui.level.first");
    return say("quiz.ui.level.depth", { depth: d });
  }

  /* The choice a typed answer names, or null: the spellings come with the data. */
  function choiceFor(q, text) {
    const typed = text.trim().toLowerCase().split(/\s+/).join(" ");
    const i = q.choices.findIndex((c) => c.accepts.includes(typed));
    return i < 0 ? null : i;
  }

  // ---- saved progress ----------------------------------------------------------------

  // Small traces start with every call; large ones with the first call's test-plays.
  let saved = { on: false, level: Q.complete ? Q.depth : levels[0], answers: {} };
  try {
    const text = localStorage.getItem(STORE);
    if (text) saved = Object.assign(saved, JSON.parse(text));
  } catch (e) { /* storage unavailable (private mode): progress lasts the visit */ }
  if (!levels.includes(saved.level)) saved.level = levels[0];
  const keep = () => { try { localStorage.setItem(STORE, JSON.stringify(saved)); } catch (e) { /* as above */ } };

  // ---- the panel ---------------------------------------------------------------------

  const el = (tag, cls, text) => {
    const node = document.createElement(tag);
    if (cls) node.className = cls;
    if (text !== undefined) node.textContent = text;
    return node;
  };
  const panel = el("section", "quiz");
  panel.id = "quiz";
  panel.setAttribute("aria-label", "Quiz");
  panel.innerHTML = `
    <div class="quiz-bar">
      <b>Quiz</b>
      <label>ask about <select id="quiz-level"></select></label>
      <button id="quiz-reveal" type="button" title="Show every answer (for teachers)">reveal all</button>
      <button id="quiz-reset" type="button" title="Forget the answers given so far">reset</button>
      <span id="quiz-score" aria-live="polite"></span>
    </div>
    <p id="quiz-prompt"></p>
    <div id="quiz-choices" role="group" aria-label="Choices"></div>
    <form id="quiz-form"><input id="quiz-input" autocomplete="off" aria-label="Your answer"
      placeholder="type an answer, Enter"><button type="submit" id="quiz-submit">answer</button>
      <button type="button" id="quiz-next">next question &#9654;</button></form>
    <p id="quiz-feedback" aria-live="assertive"></p>
    <div id="quiz-all" hidden></div>`;
  document.body.insertBefore(panel, document.querySelector("main"));
  const $ = (id) => document.getElementById(id);
  const levelEl = $("quiz-level"), input = $("quiz-input"), feedback = $("quiz-feedback");
  for (const d of levels) {
    const option = el("option", "", levelName(d));
    option.value = String(d);
    levelEl.appendChild(option);
  }
  const toggle = el("button", "", "quiz");
  toggle.id = "quiz-toggle";
  toggle.type = "button";
  toggle.title = "Predict each step before it is shown (q)";
  const group = el("div", "group quiz-group");
  group.appendChild(toggle);
  document.getElementById("controls").appendChild(group);

  // ---- asking ------------------------------------------------------------------------

  let active = [];
  let shown = null;  // the question answered last, while its feedback is up

  const pending = () => active.find((a) => !(a.id in saved.answers));
  const isRight = (a) => saved.answers[a.id] === a.q.answer;

  function drawScore(done) {
    const score = $("quiz-score");
    score.replaceChildren();
    for (const kind of Q.kinds) {
      const of = active.filter((a) => a.q.kind === kind);
      if (!of.length) continue;
      const answered = of.filter((a) => a.id in saved.answers);
      if (score.childNodes.length) score.append(" · ");
      const span = el("span", "kind", `${Q.titles[kind]} `);
      span.dataset.kind = kind;
      span.append(el("b", "", String(answered.filter(isRight).length)), `/${answered.length}`);
      score.append(span);
    }
    const answered = active.filter((a) => a.id in saved.answers);
    const total = say("quiz.ui.total", { right: answered.filter(isRight).length, answered: answered.length,
      left: active.length - answered.length });
    score.append(" ", el("span", "total", total));
    $("quiz-score").dataset.right = answered.filter(isRight).length;
    $("quiz-score").dataset.answered = answered.length;
    panel.classList.toggle("finished", done);
  }

  /* What the replay already shows at the moment some questions are asked (the window for
   * α and β, the cache hit for "seen before"), as the search's page module names it: it
   * is blurred until the question is answered. */
  const SECRETS = (window.tracerRows && window.tracerRows.search.secrets) || {};
  function hide(selectors) {
    for (const node of document.querySelectorAll(".quiz-secret")) node.classList.remove("quiz-secret");
    for (const selector of selectors || []) {
      for (const node of document.querySelectorAll(selector)) node.classList.add("quiz-secret");
    }
  }

  function ask() {
    shown = null;
    V.hold(null);
    const a = pending();
    drawScore(!a);
    $("quiz-choices").textContent = "";
    input.value = "";
    $("quiz-next").hidden = true;
    feedback.textContent = "";
    feedback.className = "";
    if (!a) {
      const right = active.filter(isRight).length;
      $("quiz-prompt").textContent = say("quiz.ui.finished", { right, total: active.length });
      panel.dataset.state = "finished";
      input.disabled = $("quiz-submit").disabled = true;
      return;
    }
    panel.dataset.state = "asking";
    panel.dataset.question = a.id;
    panel.dataset.kind = a.q.kind;
    input.disabled = $("quiz-submit").disabled = false;
    V.go(a.ask);
    V.hold(a.ask);  // stepping on would show the answer
    hide(SECRETS[a.q.kind]);
    $("quiz-prompt").textContent = a.q.prompt;
    a.q.choices.forEach((choice, i) => {
      const button = el("button", "choice", choice.label);
      button.type = "button";
      button.dataset.index = i;
      button.onclick = () => answer(a, i);
      $("quiz-choices").appendChild(button);
    });
    input.focus();
  }

  function answer(a, i) {
    if (shown || a.id in saved.answers) return;
    hide(null);
    saved.answers[a.id] = i;
    keep();
    shown = a;
    const right = i === a.q.answer;
    const after = pending();
    V.hold(null);
    // Several questions asked at one step (a value and its pick): reveal after the last.
    if (!after || after.ask !== a.ask) V.go(a.reveal);
    // Until the next question is asked, look back as you like, but not past where it is asked.
    V.hold(after ? Math.max(after.ask, V.step()) : null);
    panel.dataset.state = right ? "right" : "wrong";
    feedback.className = right ? "right" : "wrong";
    const slots = { given: a.q.choices[i].label, answer: a.q.choices[a.q.answer].label, why: a.q.explanation };
    feedback.textContent = say(right ? "quiz.ui.right" : "quiz.ui.wrong", slots);
    for (const button of $("quiz-choices").children) {
      const k = Number(button.dataset.index);
      button.disabled = true;
      button.classList.toggle("answer", k === a.q.answer);
      button.classList.toggle("given", k === i && !right);
    }
    input.disabled = $("quiz-submit").disabled = true;
    drawScore(false);
    $("quiz-next").hidden = false;
    $("quiz-next").textContent = say(after ? "quiz.ui.next" : "quiz.ui.score");
    $("quiz-next").focus();
  }

  function submitTyped() {
    const a = pending();
    if (!a || shown) return;
    const i = choiceFor(a.q, input.value);
    if (i === null) {
      feedback.className = "hint";
      feedback.textContent = say("quiz.ui.hint", { choices: a.q.choices.map((c) => c.label).join(", ") });
      return;
    }
    answer(a, i);
  }

  function revealAll() {
    const box = $("quiz-all");
    if (!box.hidden) { box.hidden = true; $("quiz-reveal").textContent = say("quiz.ui.reveal"); return; }
    box.textContent = "";
    const list = el("ol");
    for (const a of active) {
      const item = el("li");
      item.dataset.question = a.id;
      item.appendChild(el("span", "prompt", a.q.prompt + " "));
      item.appendChild(el("b", "", a.q.choices[a.q.answer].label));
      item.appendChild(el("span", "why", " " + a.q.explanation));
      list.appendChild(item);
    }
    box.appendChild(list);
    box.hidden = false;
    $("quiz-reveal").textContent = say("quiz.ui.hide");
  }

  function setLevel(level) {
    saved.level = level;
    keep();
    active = activeQuestions(level);
    $("quiz-all").hidden = true;
    $("quiz-reveal").textContent = say("quiz.ui.reveal");
    if (saved.on) ask();
  }

  function setOn(on) {
    saved.on = on;
    keep();
    document.body.classList.toggle("quizzing", on);
    toggle.classList.toggle("on", on);
    toggle.setAttribute("aria-pressed", String(on));
    toggle.textContent = say(on ? "quiz.ui.on" : "quiz.ui.off");
    if (on) ask();
    else { V.hold(null); hide(null); }
  }
  // The viewer kept the learner at the open question's step: say why, and how to go on.
  document.addEventListener("tracer-held", () => {
    if (!saved.on) return;
    if (shown) { $("quiz-next").focus(); return; }  // its answer is up: the next question waits
    feedback.className = "hint";
    feedback.textContent = say("quiz.ui.held");
  });

  // ---- wiring ------------------------------------------------------------------------

  levelEl.value = String(saved.level);
  levelEl.onchange = () => setLevel(Number(levelEl.value));
  $("quiz-form").onsubmit = (event) => {
    event.preventDefault();
    if (shown) ask();
    else submitTyped();
  };
  $("quiz-next").onclick = ask;
  $("quiz-reveal").onclick = revealAll;
  $("quiz-reset").onclick = () => { saved.answers = {}; keep(); ask(); };
  toggle.onclick = () => setOn(!saved.on);
  // Keys pressed inside the quiz belong to it: typing an answer must not step the viewer.
  panel.addEventListener("keydown", (event) => event.stopPropagation());
  document.addEventListener("keydown", (event) => {
    if (event.key !== "q" || event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.target.closest && event.target.closest("input, select, textarea")) return;
    event.preventDefault();
    setOn(!saved.on);
  });
  const fromHash = () => { if (location.hash === "#quiz" && !saved.on) setOn(true); };
  window.addEventListener("hashchange", fromHash);

  active = activeQuestions(saved.level);
  if (location.hash === "#quiz") saved.on = true;
  setOn(saved.on);
  // A focus given while the page is still loading does not stick: give it again.
  window.addEventListener("load", () => { if (saved.on && !input.disabled) input.focus(); });

  // For tests: the questions asked at the current difficulty, and how a typed answer is judged.
  window.tracerQuiz = Object.freeze({
    asked: () => active.map((a) => ({ id: a.id, kind: a.q.kind, call: a.q.call, ask: a.ask,
      reveal: a.reveal, choices: a.q.choices.map((c) => c.label) })),
    judge: (id, text) => {
      const i = choiceFor(Q.questions[id], text);
      return i === null ? null : i === Q.questions[id].answer;
    },
  });
})();
