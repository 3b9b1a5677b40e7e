/* tracer's phrase templates in the browser: markup made only from the page's own templates.
 *
 * The words plug-ins (tracer/explain/) write every sentence a page shows as a
 * template with named slots; this file fills them as tracer/explain/phrases.py
 * does in Python (the same grammar: {slot}, {{ and }} for a brace, **bold**,
 * `code`), escaping every value, so no text read from a trace can become markup.
 * window.tracerPhrases gives the step-through page (viewer.js) and the game page
 * (game.js) the same filler.
 */
"use strict";
(function () {
  // A value put into markup is escaped unless it is itself Markup made here, so no text
  // read from a trace can become markup (a label, a name or a number is always text).
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
    if (!(markup instanceof Markup)) throw new TypeError("the page writes markup only from its templates");
    node.innerHTML = markup.text;
  }

  const own = (object, key) => Object.prototype.hasOwnProperty.call(object, key);
  const TOKEN = /\{\{|\}\}|\{([a-z_][a-z0-9_]*)\}|\*\*|`/g;
  const PIECES = new Map();
  /* A template's pieces: [kind, text] with kind "text", "slot", "bold" or "code". */
  function piecesOf(template) {
    let found = PIECES.get(template);
    if (found) return found;
    found = [];
    let at = 0;
    for (const m of template.matchAll(TOKEN)) {
      if (m.index > at) found.push(["text", template.slice(at, m.index)]);
      if (m[0] === "{{" || m[0] === "}}") found.push(["text", m[0][0]]);
      else if (m[1]) found.push(["slot", m[1]]);
      else found.push([m[0] === "**" ? "bold" : "code", ""]);
      at = m.index + m[0].length;
    }
    if (at < template.length) found.push(["text", template.slice(at)]);
    PIECES.set(template, found);
    return found;
  }

  /* A page's templates and the constants every one of them may use, filled by key. */
  function phrases(templates, constants) {
    function value(name, slots) {
      if (slots && own(slots, name)) return slots[name];
      if (own(constants, name)) return constants[name];
      throw new Error(`no value for the slot {${name}}`);
    }
    /* A template as plain text (what Python's phrases.fill gives). */
    function fill(template, slots) {
      let out = "";
      for (const [kind, part] of piecesOf(template)) {
        if (kind === "text") out += part;
        else if (kind === "slot") out += String(value(part, slots));
      }
      return out;
    }
    /* A template as markup: its slots filled (escaped), ** bold and ` code. */
    function markup(template, slots) {
      const open = { bold: false, code: false };
      let out = "";
      for (const [kind, part] of piecesOf(template)) {
        if (kind === "text") out += escapeText(part);
        else if (kind === "slot") out += escapeText(value(part, slots));
        else {
          const tag = kind === "bold" ? "b" : "code";
          out += open[kind] ? `</${tag}>` : `<${tag}>`;
          open[kind] = !open[kind];
        }
      }
      return new Markup(out);
    }
    function template(key) {
      if (!own(templates, key)) throw new Error(`no phrase ${key}`);
      return templates[key];
    }
    return Object.freeze({
      fill,
      has: (key) => own(templates, key),
      /* The phrase `key`, filled: as markup (say) or as plain text (text). */
      say: (key, slots) => markup(template(key), slots),
      text: (key, slots) => fill(template(key), slots),
      /* One phrase for one thing, another for several: `key.one` or `key.many`. */
      counted: (key, count, slots) => fill(template(`${key}.${count === 1 ? "one" : "many"}`), { count, ...slots }),
      /* a, a and b, a, b and c: the joining word is a phrase (`and`). */
      listed: (items) => (items.length < 2 ? items.join("")
        : items.slice(0, -1).join(", ") + template("and") + items[items.length - 1]),
    });
  }

  window.tracerPhrases = Object.freeze({ Markup, html, cat, setMarkup, escapeText, phrases });
})();
