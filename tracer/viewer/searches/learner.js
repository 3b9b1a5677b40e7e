/* tracer's step-through page: a learner's search (trace check --html), its first departure marked.
 *
 * Registers window.tracerPlugins.searches.learner: `make(ctx)`, what a learner's
 * program adds to a step-through page (see viewer.js). Each call returns what the
 * program returned, as it wrote it; a test-play says what it changed on the board;
 * the first departure from a correct search is told where it happens, in the log's
 * words, with what a correct search returns there and the guide's answer; every
 * step after it says so, and its cards are framed as the tree frames them; so is the
 * program's error, where its call ends. A replay that is playing pauses at either. LearnerSearchWords.page_notes tells the
 * same notes in Python (tests/test_check_page.py holds the two equal).
 */
"use strict";
(function () {
  const plugins = window.tracerPlugins = window.tracerPlugins || { games: {}, searches: {} };

  function make(ctx) {
    const S = ctx.data.search, P = ctx.rows, K = ctx.KINDS, d = S.departure;
    const topOf = (state) => state.frames[state.frames.length - 1];
    /* Whether a call's steps end at this step: its return, or its check when it test-played nothing. */
    const ends = (state) => state.kind === K.RETURN || (state.kind === K.CHECK && !ctx.moves(topOf(state).pid).length);
    /* Whether the first departure happens at this step (LearnerSearchWords.departs_at). */
    function departsAt(state) {
      if (!d || topOf(state).call !== d.call) return false;
      return d.start ? state.kind === K.BEGIN : ends(state);
    }
    /* Whether this step comes after the first departure (LearnerSearchWords.after_departure). */
    function after(state) {
      if (!d) return false;
      if (d.start) return state.lastBegun > d.call || (state.lastBegun === d.call && !departsAt(state));
      return state.lastBegun >= d.call && state.frames.every((f) => f.call !== d.call);
    }
    /* Whether this step comes after the program's error (LearnerSearchWords.untold): the calls
     * still running did not go on, so the story tells only that. */
    const untold = (state) => S.error_call !== null && state.lastBegun >= S.error_call &&
      state.frames.every((f) => f.call !== S.error_call);
    const departs = (call) => d !== null && call === d.call;
    const later = (call) => d !== null && call >= d.first_after;
    return {
      returnedText: (pid) => S.returned[pid],
      untold,
      // How a call ended when not with a score (raised, stopped, a move alone), as the tree says.
      foot: (pid) => S.feet[pid],
      notes(state) {
        const top = topOf(state), notes = [];
        if (state.kind === K.PLACE) notes.push(["learner.change", { change: S.changes[P.first_edge[top.pid] + state.j] }]);
        if (ends(state) && top.call === S.error_call) notes.push(["learner.error", {}]);
        else if (untold(state)) notes.push(["learner.after_error", { call: top.call }]);
        if (departsAt(state)) notes.push(["learner.departs", {}], ["learner.guide", {}]);
        else if (after(state)) notes.push(["learner.after", {}]);
        if (ends(state) && state.frames.length === 1) notes.push(["learner.verdict", {}], ["learner.guide", {}]);
        return notes;
      },
      // Playing pauses where the search departs, and where the program's error stopped it.
      halts: (state) => departsAt(state) || (ends(state) && topOf(state).call === S.error_call),
      cardClass: (pid, call) => (departs(call) ? "departs" : later(call) ? "after" : ""),
      caption(pid, st, call) {
        if (departs(call)) return { tag: "departs", text: ctx.text("card.departs") };
        if (later(call)) return { tag: "after", text: ctx.text("card.after") };
        return null;
      },
    };
  }

  plugins.searches.learner = { make };
})();
