// tracer's host for a learner's JavaScript: runs FILE as `node FILE` would and records
// every call of the functions tracer instrumented (see tracer/check/jsinstrument.py).
//
// The record goes to two files in tracer's folder: events.bin (pairs of 32-bit integers:
// code, value) and values.txt (one JSON text per line, numbered from 0), flushed every
// 64K events, so a program stopped at its time limit still leaves its calls behind.
// When the program is done, the host tells tracer on the notify pipe and then makes the
// calls tracer asks for on the command pipe, one JSON line each.
"use strict";

const fs = require("fs");
// The host's own file functions, taken before the program runs: a program may replace fs's.
const { openSync, writeSync, readSync, closeSync } = fs;
const bufferFrom = Buffer.from.bind(Buffer);
const path = require("path");
const Module = require("module");

// The host's own JSON, taken before the program runs: a program may replace JSON.stringify,
// or give every object a toJSON, which the host's encoding then sets aside (see encode).
const stringify = JSON.stringify, parse = JSON.parse;
const TO_JSON_HOLDERS = [Object.prototype, Array.prototype];
const cfg = parse(fs.readFileSync(process.env.TRACER_CHECK_CONFIG, "utf8"));
const START = 1, RETURN = 2, RAISE = 3, MARK = 4, END = 5, LIMIT = 6, UNWIND = 7;
const PREFIX = "__tracer_orig_", SELF_PREFIX = "__tracer_self_";

const eventsFd = openSync(path.join(cfg.dir, "events.bin"), "w");
const valuesFd = openSync(path.join(cfg.dir, "values.txt"), "w");
let events = new Int32Array(1 << 17);
let used = 0;
const valueIds = new Map();
let pendingValues = "";  // a string, not an array: the program may replace Array.prototype's methods

function flush() {
  if (pendingValues.length) {
    writeSync(valuesFd, pendingValues);
    pendingValues = "";
  }
  if (used) {
    writeSync(eventsFd, bufferFrom(events.buffer, 0, used * 4));
    used = 0;
  }
}

function intern(text) {
  let id = valueIds.get(text);
  if (id === undefined) {
    id = valueIds.size;
    valueIds.set(text, id);
    pendingValues += text + "\n";
  }
  return id;
}

function emit(code, value) {
  if (used === events.length) flush();
  events[used++] = code;
  events[used++] = value;
}

// ---- encoding values as JSON (a copy at call time: boards change under the learner's feet)

// JSON text of a value, whatever toJSON the program put on every object or array.
function encode(value) {
  if (TO_JSON_HOLDERS[0].toJSON === undefined && TO_JSON_HOLDERS[1].toJSON === undefined) return stringify(value);
  const saved = [];
  for (const holder of TO_JSON_HOLDERS) {
    const own = Object.getOwnPropertyDescriptor(holder, "toJSON");
    if (own && delete holder.toJSON) saved[saved.length] = [holder, own];
  }
  try {
    return stringify(value);
  } finally {
    for (const [holder, own] of saved) Object.defineProperty(holder, "toJSON", own);
  }
}

function special(value) {
  if (value === undefined) return '{"$u":1}';
  if (typeof value === "number") return '{"$n":"' + String(value) + '"}';
  if (typeof value === "function") return '{"$f":' + stringify(value.name || "") + "}";
  if (typeof value === "bigint") return '{"$n":"' + String(value) + '"}';
  if (typeof value === "symbol") return '{"$r":"symbol"}';
  return null;
}

function safe(value, depth, seen) {
  if (value === null || typeof value === "boolean" || typeof value === "string") return stringify(value);
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : special(value);
  if (typeof value !== "object") return special(value);
  if (seen.includes(value) || depth > 4) return '{"$r":"..."}';
  seen.push(value);
  let out;
  try {
    if (Array.isArray(value)) {
      const items = [];
      for (let i = 0; i < Math.min(value.length, 64); i++) items.push(safe(value[i], depth + 1, seen));
      out = "[" + items.join(",") + "]";
    } else {
      const items = [];
      const name = value.constructor && value.constructor.name;
      if (name && name !== "Object") items.push('"$class":' + stringify(name));
      for (const key of Object.keys(value).slice(0, 64)) {
        items.push(stringify(key) + ":" + safe(value[key], depth + 1, seen));
      }
      out = "{" + items.join(",") + "}";
    }
  } catch (e) {
    out = '{"$r":"unreadable"}';
  }
  seen.pop();
  return out;
}

function plainObject(self) {
  return self !== undefined && self !== null && self !== globalThis && typeof self === "object";
}

function encodeArgs(self, args) {
  let text;
  let plain = true;
  for (let i = 0; i < args.length; i++) {
    // ±Infinity (an alpha-beta window) and undefined would be written as null by JSON
    const a = args[i];
    if (typeof a === "number" ? !Number.isFinite(a) : a === undefined) {
      plain = false;
      break;
    }
  }
  try {
    text = plain ? encode(args) : undefined;
  } catch (e) {
    text = undefined;
  }
  if (text === undefined) text = safe(args, 0, []);
  const head = plainObject(self) ? safe(self, 1, []) : "null";
  return text.length === 2 ? "[" + head + "]" : "[" + head + "," + text.slice(1);
}

function encodeReturn(value) {
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : special(value);
  if (value === undefined) return '{"$u":1}';
  if (value !== null && typeof value === "object") {
    let plain = true;
    for (const key in value) {
      const v = value[key];
      if (typeof v === "number" ? !Number.isFinite(v) : v === undefined || typeof v === "function") {
        plain = false;
        break;
      }
    }
    if (plain) {
      try {
        const text = encode(value);
        if (text !== undefined) return text;
      } catch (e) { /* fall through */ }
    }
  }
  return safe(value, 0, []);
}

function clean(text) {
  let out = String(text).split(PREFIX).join("").split(SELF_PREFIX).join("");
  // Modules run from a copy of their folder: name the learner's own files.
  if (cfg.copyOf) out = out.split(cfg.copyOf[0]).join(cfg.copyOf[1]);
  for (const [runsAs, page] of cfg.renamed || []) out = out.split(runsAs).join(page);
  return out;
}

const wrapped = new Set(cfg.functions.map((f) => f.name));
const files = cfg.scripts ? cfg.scripts.map((s) => s.file) : [cfg.file];

const searches = new Set(cfg.functions.filter((f) => f.role === "search").map((f) => f.name));

function errorLine(error) {
  // The learner's line: the top frame in their file that is not a wrapper; for a stack
  // overflow, the top frame of a search function (its recursive call), not of a helper.
  const stack = error && typeof error.stack === "string" ? error.stack : "";
  const first = stack.split("\n")[0];
  if (first.startsWith(cfg.file + ":")) return Number(first.slice(cfg.file.length + 1)) || null;
  const overflow = error instanceof RangeError;
  let found = null, afterWrapper = false;
  for (const line of stack.split("\n").slice(1)) {
    if (line.indexOf(cfg.file + ":") < 0) continue;
    const fn = line.trim().replace(/^at /, "").split(" (")[0];
    const bare = fn.split(".").pop();
    if (wrapped.has(bare) && !fn.includes(PREFIX)) {
      afterWrapper = true; // tracer's wrapper, not their code: the frame below it made the call
      continue;
    }
    const match = /:(\d+):(\d+)\)?$/.exec(line.trim());
    if (!match) continue;
    if (found === null) found = Number(match[1]);
    if (!overflow || (afterWrapper && searches.has(bare.split(PREFIX).join("")))) return Number(match[1]);
    afterWrapper = false;
  }
  return found;
}

let lastError = null, lastErrorId = -1;

function errorId(error) {
  if (error === lastError && lastErrorId >= 0) return lastErrorId;
  const isObject = error !== null && typeof error === "object";
  const text = clean(isObject && "message" in error ? error.message : String(error));
  const record = {
    type: isObject && error.constructor ? error.constructor.name : typeof error,
    message: text.slice(0, 4000), // what tracer shows is cut (see notation.cut); length says how long
    line: isObject ? errorLine(error) : null,
    length: text.length,
  };
  lastError = error;
  lastErrorId = intern(encode({ $error: record }));
  return lastErrorId;
}

// A search that takes no board reads a top-level one: its board as the call starts is
// recorded after the arguments, tagged so it is read as the board and never shown as one.
const boardNames = cfg.functions.map((f) => f.board || "");

function withBoard(k, text) {
  const name = boardNames[k];
  if (!name) return text;
  let board;
  try {
    board = T.peek(name);
  } catch (e) {
    return text;
  }
  const written = plainCells(board) ? encode(board) : safe(board, 0, []);
  return text.slice(0, -1) + ',{"$board":' + written + "}]";
}

function plainCell(cell) {
  const kind = typeof cell;
  return cell === null || kind === "string" || kind === "boolean" || (kind === "number" && Number.isFinite(cell));
}

function plainCells(board) {
  // Cells JSON writes as they are (no undefined, no ±Infinity): the fast path, taken at every call.
  return Array.isArray(board)
    && board.every((cell) => plainCell(cell) || (Array.isArray(cell) && cell.every(plainCell)));
}

// ---- the recorder every wrapper calls

const STOP = { tracerStop: true };
let underWay = 0;  // recorded calls not yet returned
let calls = 0, deadline = Date.now() + cfg.timeoutMs, stopped = false;

function limit(kind) {
  // Past the time or call limit: keep what was recorded and stop the program here.
  emit(LIMIT, kind);
  stopped = true;
  flush();
  notify(phase === "program" ? "ready limit" : "limit");
  exit();
}

function exit() {
  phase = "over";
  flush();
  closeSync(eventsFd);
  closeSync(valuesFd);
  (process.reallyExit || process.exit)(0);
}

// The arguments of each recorded function's first call by the program itself: a search nested
// in a function is reached by calling that function as the program did (its AI, its options).
const OWN_ARGS = new Map();

const T = {
  h: false,
  STOP,
  gotten: null,
  got(scope) { T.gotten = scope; },
  // Each file hands over a reader of its own top-level names; a name is read from the
  // last file that has it (a page's scripts share them; a module has its own).
  seers: [],
  see(reader) { T.seers.push(reader); },
  peek(name) {
    let missing = null;
    for (let i = T.seers.length - 1; i >= 0; i--) {
      try {
        return T.seers[i](name);
      } catch (e) {
        if (!(e instanceof ReferenceError)) throw e;
        missing = e;
      }
    }
    if (missing) throw missing;
    return undefined;
  },
  c(k, self, args, impl) {
    if (T.h || stopped) return impl.apply(self, args);
    if (phase === "program" && !OWN_ARGS.has(k)) OWN_ARGS.set(k, args);
    if (++calls > cfg.maxCalls) limit(1);
    if ((calls & 1023) === 0 && Date.now() > deadline) limit(2);
    emit(START | (k << 4), intern(withBoard(k, encodeArgs(self, args))));
    let result;
    underWay++;
    try {
      result = impl.apply(self, args);
    } catch (error) {
      // At the depth a stack overflow happens there may be no room to record it: then the
      // error's own UNWIND (or END) event closes this call.
      if (error !== STOP) {
        try {
          emit(RAISE | (k << 4), errorId(error));
        } catch (ignored) { /* see above */ }
      }
      throw error;
    } finally {
      underWay--;
    }
    emit(RETURN | (k << 4), intern(encodeReturn(result)));
    return result;
  },
};
globalThis.__tracer__ = T;

// ---- a page that does nothing, for programs written for the browser

function anything() {
  const target = function () {};
  let proxy = null;
  proxy = new Proxy(target, {
    get(_, prop) {
      if (prop === Symbol.toPrimitive) return () => "";
      if (prop === Symbol.iterator) return function* () {};
      if (prop === "length") return 0;
      if (prop === "then" || prop === "toJSON") return undefined;
      return proxy;
    },
    set() { return true; },
    has() { return true; },
    apply() { return proxy; },
    construct() { return proxy; },
  });
  return proxy;
}

if (cfg.fakePage && typeof globalThis.document === "undefined") {
  const page = anything();
  for (const name of ["document", "window", "localStorage", "sessionStorage", "navigator"]) {
    if (typeof globalThis[name] === "undefined") globalThis[name] = page;
  }
  for (const name of ["alert", "confirm", "requestAnimationFrame"]) {
    if (typeof globalThis[name] === "undefined") globalThis[name] = () => undefined;
  }
  if (typeof globalThis.prompt === "undefined") globalThis.prompt = () => null;
}

// ---- p5 in global mode, for a page that loads it from elsewhere: its drawing does nothing,
// its numbers are those of a page that has not been touched, its math means what it means, and
// its random numbers are the same on every run (so is tracer's output).

function p5StandIn() {
  const g = globalThis;
  const define = (name, value) => {
    if (!(name in g)) g[name] = value;
  };
  const size = { width: 100, height: 100, windowWidth: 1024, windowHeight: 768, displayWidth: 1024,
    displayHeight: 768 };
  for (const [name, value] of Object.entries(size)) define(name, value);
  for (const name of ["mouseX", "mouseY", "pmouseX", "pmouseY", "winMouseX", "winMouseY", "frameCount",
    "deltaTime", "keyCode", "touches"]) define(name, name === "touches" ? [] : 0);
  define("mouseIsPressed", false);
  define("keyIsPressed", false);
  define("key", "");
  define("mouseButton", "left");
  const constants = { PI: Math.PI, TWO_PI: 2 * Math.PI, HALF_PI: Math.PI / 2, QUARTER_PI: Math.PI / 4,
    TAU: 2 * Math.PI, DEGREES: "degrees", RADIANS: "radians", CENTER: "center", LEFT: "left", RIGHT: "right",
    TOP: "top", BOTTOM: "bottom", BASELINE: "alphabetic", CORNER: "corner", CORNERS: "corners",
    RADIUS: "radius", CLOSE: "close", RGB: "rgb", HSB: "hsb", HSL: "hsl", ROUND: "round", SQUARE: "butt",
    PROJECT: "square", P2D: "p2d", WEBGL: "webgl", BOLD: "bold", ITALIC: "italic", NORMAL: "normal",
    ARROW: "default", HAND: "pointer", LEFT_ARROW: 37, RIGHT_ARROW: 39, UP_ARROW: 38, DOWN_ARROW: 40,
    ENTER: 13, RETURN: 13, ESCAPE: 27, BACKSPACE: 8, DELETE: 46, TAB: 9, SHIFT: 16, CONTROL: 17 };
  for (const [name, value] of Object.entries(constants)) define(name, value);
  let seed = 1;
  const next = () => {
    // mulberry32: a small seeded generator, so "random" is the same on every run
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const math = {
    floor: Math.floor, ceil: Math.ceil, round: (n, digits = 0) => Math.round(n * 10 ** digits) / 10 ** digits,
    abs: Math.abs, sqrt: Math.sqrt, pow: Math.pow, exp: Math.exp, log: Math.log, sq: (n) => n * n,
    sin: Math.sin, cos: Math.cos, tan: Math.tan, atan2: Math.atan2,
    max: (...a) => Math.max(...(Array.isArray(a[0]) ? a[0] : a)),
    min: (...a) => Math.min(...(Array.isArray(a[0]) ? a[0] : a)),
    constrain: (n, low, high) => Math.max(Math.min(n, high), low),
    map: (n, a, b, c, d) => c + ((n - a) / (b - a)) * (d - c),
    lerp: (a, b, t) => a + (b - a) * t,
    dist: (x1, y1, x2, y2) => Math.hypot(x2 - x1, y2 - y1),
    int: (n) => parseInt(n, 10), float: (n) => parseFloat(n), str: (n) => String(n),
    randomSeed: (n) => { seed = n | 0; },
    random: (a, b) => {
      const r = next();
      if (Array.isArray(a)) return a[Math.floor(r * a.length)];
      if (a === undefined) return r;
      return b === undefined ? r * a : a + r * (b - a);
    },
    shuffle: (list) => {
      const out = list.slice();
      for (let i = out.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [out[i], out[j]] = [out[j], out[i]];
      }
      return out;
    },
    createCanvas: (w, h) => {
      g.width = w;
      g.height = h;
      return anything();
    },
    resizeCanvas: (w, h) => {
      g.width = w;
      g.height = h;
    },
  };
  for (const [name, value] of Object.entries(math)) define(name, value);
  // Everything else p5 draws or makes: called, it does nothing and gives back an inert thing.
  for (const name of ["background", "clear", "fill", "noFill", "stroke", "noStroke", "strokeWeight",
    "line", "rect", "square", "ellipse", "circle", "arc", "point", "triangle", "quad", "text", "textSize",
    "textAlign", "textFont", "textStyle", "textWidth", "rectMode", "ellipseMode", "colorMode", "color",
    "push", "pop", "translate", "rotate", "scale", "angleMode", "frameRate", "noLoop", "loop", "redraw",
    "beginShape", "endShape", "vertex", "image", "loadImage", "loadFont", "loadJSON", "loadStrings",
    "createButton", "createP", "createDiv", "createSpan", "createSlider", "createSelect", "createInput",
    "createElement", "createGraphics", "createVector", "select", "selectAll", "cursor", "noCursor",
    "smooth", "noSmooth", "strokeCap", "strokeJoin", "tint", "noTint", "lerpColor", "saveCanvas",
    "pixelDensity", "print"]) define(name, anything());
}

function runP5Setup() {
  // p5 calls preload() and then setup() once the page has loaded; never draw() in a loop.
  for (const name of ["preload", "setup"]) {
    let hook;
    try {
      hook = T.peek(name);
    } catch (e) {
      if (!(e instanceof ReferenceError)) throw e;
    }
    if (typeof hook === "function") hook();
  }
}

// ---- talking to tracer

function notify(text) {
  writeSync(cfg.notifyFd, text + "\n");
}

let pending = "";

function readCommand() {
  const buffer = Buffer.alloc(65536);
  while (!pending.includes("\n")) {
    let n;
    try {
      n = readSync(cfg.commandFd, buffer, 0, buffer.length, null);
    } catch (e) {
      if (e.code === "EAGAIN") continue;
      return null;
    }
    if (n === 0) return null;
    pending += buffer.toString("utf8", 0, n);
  }
  const at = pending.indexOf("\n");
  const line = pending.slice(0, at);
  pending = pending.slice(at + 1);
  return parse(line);
}

function decode(value) {
  if (Array.isArray(value)) return value.map(decode);
  if (value !== null && typeof value === "object") {
    if ("$n" in value) return Number(value.$n);
    if ("$u" in value) return undefined;
    const out = {};
    for (const key of Object.keys(value)) out[key] = decode(value[key]);
    return out;
  }
  return value;
}

function lookup(entry) {
  if (entry.reach === "top") return T.peek(entry.name);
  let scope = null;
  for (const name of entry.path) {
    const enclosing = scope ? scope[name] : T.peek(name);
    if (typeof enclosing !== "function") return undefined;
    T.h = true;
    T.gotten = null;
    const k = (cfg.functions || []).findIndex((f) => f.name === name);
    try {
      enclosing(...(OWN_ARGS.get(k) || []));
    } catch (e) {
      if (e !== STOP) {
        T.h = false;
        throw e;
      }
    }
    T.h = false;
    scope = T.gotten;
    if (!scope) return undefined;
  }
  return scope ? scope[entry.name] : undefined;
}

function fillInPlace(target, cells) {
  // The program's own board, filled with the position: code that reads the board
  // variable instead of its parameter sees the same board.
  for (let i = 0; i < cells.length; i++) {
    if (Array.isArray(cells[i]) && Array.isArray(target[i])) fillInPlace(target[i], cells[i]);
    else target[i] = cells[i];
  }
  return target;
}

function runExpression(command) {
  // --call EXPR: the boards it names filled with the position, then EXPR evaluated in the
  // program's own top-level scope (peek is an eval there).
  try {
    new Function("return (" + command.expr + "\n);");
  } catch (e) {
    notify("badcall " + String(e.message).replace(/\s+/g, " "));
    return;
  }
  const board = decode(command.board);
  for (const name of command.fill) {
    let target;
    try {
      target = T.peek(name);
    } catch (e) {
      target = undefined;
    }
    if (Array.isArray(target) && target.length === board.length) fillInPlace(target, board);
    else if (target !== null && typeof target === "object" && !Array.isArray(target)) {
      // a node or game object: the position goes into its board (its first array of that length)
      const key = Object.keys(target).find((k) => Array.isArray(target[k]) && target[k].length === board.length);
      if (key !== undefined) fillInPlace(target[key], board);
    }
  }
  emit(MARK, command.mark);
  try {
    T.peek("(" + command.expr + "\n)");
  } catch (e) {
    if (e === STOP) throw e;
    emit(UNWIND, errorId(e));
  }
  flush();
  notify("done");
}

function runCall(command) {
  calls = 0;
  deadline = Date.now() + cfg.timeoutMs;
  if (command.expr !== undefined) return runExpression(command);
  let fn;
  try {
    fn = lookup(command.entry);
  } catch (e) {
    fn = undefined;
  }
  if (typeof fn !== "function") {
    notify("missing");
    return;
  }
  const args = decode(command.args);
  if (command.fill) {
    let target;
    try {
      target = T.peek(command.fill);
    } catch (e) {
      target = undefined;
    }
    const board = command.boardArg >= 0 ? args[command.boardArg] : decode(command.board);
    if (Array.isArray(target) && target.length === board.length) {
      const filled = fillInPlace(target, board);
      if (command.boardArg >= 0) args[command.boardArg] = filled;
    }
  }
  emit(MARK, command.mark);
  try {
    fn(...args);
  } catch (e) {
    if (e === STOP) throw e;
    emit(UNWIND, errorId(e)); // closes any call whose own record of the error was lost
  }
  flush();
  notify("done");
}

let phase = "program";

function finish(status) {
  if (phase !== "program") return;
  phase = "commands";
  flush();
  notify("ready " + status);
  for (;;) {
    const command = readCommand();
    if (!command || command.op !== "call") break;
    runCall(command);
  }
  exit();
}

function ours(line) {
  // A frame of tracer's: the host itself, node's loader, or a wrapper (named as the
  // learner's function, while their own body now runs under the prefixed name).
  if (line.includes(__filename) || line.includes("node:internal")) return true;
  const frame = /^\s*at (?:new )?([\w$.<>]+) \(/.exec(line);
  return frame !== null && files.some((f) => line.includes(f)) && wrapped.has(frame[1].split(".").pop());
}

function report(error) {
  emit(END, errorId(error));
  const text = error && error.stack ? error.stack : String(error);
  const lines = text.split("\n").filter((l) => !ours(l)).map(clean);
  process.stderr.write((lines.length ? lines.join("\n") : clean(String(error))) + "\n");
}

process.on("beforeExit", () => finish("done"));
process.on("exit", (code) => {
  if (underWay > 0 && phase !== "over") {
    // process.exit() inside the search: the calls under way end in it, where it was called.
    const message = `process.exit(${code}) inside the search`;
    const frames = new Error().stack.split("\n").slice(1).filter((line) => !line.includes("(node:"));
    const exited = { constructor: { name: "process.exit" }, message, stack: [message, ...frames].join("\n") };
    report(exited);
    flush();
    if (phase === "commands") notify("done");
  }
  finish("exit");
});
process.on("uncaughtException", (error) => {
  if (error === STOP) return;
  report(error);
  finish("error");
});

// ---- run FILE as node FILE would

function runFile() {
  // node's own loader runs the program; the learner's files it loads (the program, and those it
  // requires) are swapped for their instrumented texts as they are compiled.
  const original = Module.prototype._compile;
  const sources = cfg.required || { [cfg.file]: cfg.source };
  Module.prototype._compile = function (content, filename) {
    if (Object.prototype.hasOwnProperty.call(sources, filename)) {
      content = fs.readFileSync(sources[filename], "utf8");
    }
    return original.call(this, content, filename);
  };
  Module._load(cfg.main || cfg.file, null, true);
}

function runScripts() {
  // A page's classic scripts, in order, in one global scope (as a browser runs them).
  const vm = require("vm");
  for (const script of cfg.scripts) {
    vm.runInThisContext(fs.readFileSync(script.source, "utf8"), { filename: script.file });
  }
  if (usesP5) runP5Setup();
}

function runModules() {
  // ES modules, instrumented in a copy of their folder, so imports between them resolve;
  // each is imported in order, after what it imports.
  const { pathToFileURL } = require("url");
  (async () => {
    for (const file of cfg.entry) await import(pathToFileURL(file).href);
  })().catch((error) => {
    if (error !== STOP) {
      report(error);
      finish("error");
    }
  });
}

const usesP5 = (cfg.libraries || []).includes("p5");
if (usesP5) p5StandIn();

Error.stackTraceLimit = 50;
process.argv = [process.argv[0], cfg.main || cfg.file];
try {
  if (cfg.scripts) runScripts();
  if (cfg.entry) runModules();
  if (cfg.required || (!cfg.scripts && !cfg.entry)) runFile();
} catch (error) {
  if (error !== STOP) {
    report(error);
    finish("error");
  }
}
