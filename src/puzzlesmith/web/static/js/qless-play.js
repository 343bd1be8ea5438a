// Q-Less by hand: the roll's tiles in a rack, a board to build on (drag with mouse or touch,
// or type on it), undo and redo, every run checked as it forms by the server's validator
// (POST /api/qless/check), and "Solved" only when that validator accepts the whole board.
import { api, el } from "./common.js";
import { clockText } from "./clock.js";
import * as B from "./qless-board.js";

const CHECK_DELAY = 120; // ms after the last move before the board is sent to be checked
const DRAG_START = 5; // px a pointer moves before a press becomes a drag
const MIN_WINDOW = { top: -2, bottom: 2, left: -3, right: 4 }; // cells shown around an empty board
const KEYS_REST = " "; // the phone keyboard field's content at rest (bindKeys)
const STORE = "puzzlesmith.qless.play."; // localStorage key prefix, then the roll's sorted letters

const sorted = (roll) => [...roll].sort().join("");

export class Play {
  /** els: {card, board, cue, rack, msg, summary, runs, solved, undo, redo, shuffle, clear};
   * lexicon(): the dictionary chosen; onChange(): the board moved (to update the URL);
   * onSolved(doc): the validator accepted the board. */
  constructor(els, { lexicon, onChange, onSolved }) {
    Object.assign(this, { els, lexicon, onChange, onSolved });
    this.roll = null;
    this.state = null;
    this.past = [];
    this.future = [];
    this.cursor = [0, MIN_WINDOW.left];
    this.across = true;
    this.words = new Map(); // word -> {verdict, common} from the server, for this dictionary
    this.seq = 0; // the latest check sent; older answers are dropped
    this.checked = null; // the latest answer that describes the board on show
    // The clock: it starts at the first move, stops while the page is hidden and at the
    // solve, and goes on after a move that unsolves the board.
    this.begun = false; // a move was made on this roll
    this.spent = 0; // ms counted before `since`
    this.since = null; // when the clock last started (ms since the epoch), null while stopped
    this.solvedIn = null; // ms on the clock at the solve
    // The solved board's count-and-grade line, kept with the board in local storage:
    // {board (encoded), lexicon (the name the server's check gave), text}.
    this.graded = null;
    this.timer = 0;
    this.abort = null;
    this.drag = null;
    this.bind();
  }

  // ---- the roll and the stored board ---------------------------------------------------

  /** A new roll (or null: none). `rows` (from the URL) wins over the stored board. */
  setRoll(roll, rows = null) {
    if (roll === this.roll && rows === null) return;
    this.roll = roll;
    this.past = [];
    this.future = [];
    this.checked = null;
    this.solvedIn = null;
    this.begun = false;
    this.spent = 0;
    this.since = null;
    this.graded = null;
    this.els.card.hidden = !roll;
    this.say("");
    if (!roll) { this.state = null; return; }
    const saved = this.load();
    let state = saved ? saved.state : B.fresh(roll);
    if (saved) {
      this.begun = Boolean(saved.begun ?? saved.started);
      // A board kept before the clock could pause holds `started` (when its first move was
      // made) and no `spent`: its time runs on from that move, as that page's clock did,
      // rather than from nothing. The next save keeps it in today's form.
      const older = saved.spent === undefined && typeof saved.started === "number";
      this.spent = older ? Math.max(0, Date.now() - saved.started) : saved.spent || 0;
      this.solvedIn = saved.solvedIn;
      this.graded = saved.graded || null;
    }
    this.resume();
    if (rows !== null) {
      const box = B.toRows(state.placed);
      const same = rows.join("_") === box.rows.join("_");
      const fromUrl = B.fromRows(roll, rows, -Math.floor((rows.length - 1) / 2),
        -Math.floor(((rows[0] || "").length - 1) / 2));
      if (!same && fromUrl) state = fromUrl;
      if (!fromUrl) this.say("The board in the link holds letters this roll does not have, so it is not used.");
    }
    this.state = state;
    const box = B.bounds(state.placed);
    this.cursor = box ? [box.top, box.left] : [0, MIN_WINDOW.left];
    this.render();
    this.check();
  }

  load() {
    try {
      const doc = JSON.parse(localStorage.getItem(STORE + sorted(this.roll)) || "null");
      if (!doc || !doc.state) return null;
      const letters = [...doc.state.rack, ...Object.values(doc.state.placed)];
      return sorted(letters.join("")) === sorted(this.roll) ? doc : null;
    } catch {
      return null; // storage off or a damaged entry: start afresh
    }
  }

  save() {
    try {
      localStorage.setItem(STORE + sorted(this.roll), JSON.stringify({
        state: this.state, begun: this.begun, spent: this.elapsed(), solvedIn: this.solvedIn,
        graded: this.graded,
      }));
    } catch {
      // private mode or full storage: the URL still holds the board
    }
  }

  /** The count-and-grade line kept for the board on show, judged solved by the server's
   * check with the dictionary `lexiconName` just now; null when none is kept for exactly
   * this roll, board and dictionary (another board, or a dictionary named otherwise). */
  keptGrade(lexiconName) {
    const g = this.graded;
    return g && this.state && g.board === this.encoded() && g.lexicon === lexiconName ? g.text : null;
  }

  /** Keep `text`, the line worked out for `roll` solved as `board` with `lexiconName`, so a
   * later visit to this board shows it without asking the server again. */
  keepGrade(roll, board, lexiconName, text) {
    if (!this.roll || !board || sorted(roll) !== sorted(this.roll)) return;
    this.graded = { board, lexicon: lexiconName, text };
    this.save();
  }

  /** The board for the URL ("" when empty). */
  encoded() {
    return this.state ? B.encode(this.state.placed) : "";
  }

  // ---- moves ---------------------------------------------------------------------------

  commit(next) {
    if (!next || next === this.state) return;
    this.past.push(this.state);
    this.future = [];
    this.apply(next);
  }

  apply(next) {
    this.state = next;
    if (!this.begun && Object.keys(next.placed).length) this.begun = true;
    this.checked = null;
    this.solvedIn = null;
    this.resume();
    this.save();
    this.render();
    this.check();
    this.onChange();
  }

  undo() {
    if (!this.past.length) return;
    this.future.push(this.state);
    this.apply(this.past.pop());
  }

  redo() {
    if (!this.future.length) return;
    this.past.push(this.state);
    this.apply(this.future.pop());
  }

  /** Rows with some letters (a hint's word) on an otherwise empty board, as one move (so
   * Undo brings back the board it replaced). Null if they do not fit the roll, else how many
   * of the player's tiles went back to the rack to make room. */
  placeRows(rows) {
    const top = -Math.floor((rows.length - 1) / 2);
    const left = -Math.floor((Math.max(...rows.map((r) => r.length)) - 1) / 2);
    const next = B.fromRows(this.roll, rows, top, left);
    if (!next) return null;
    const sentBack = Object.keys(this.state.placed).length;
    next.rack = [...B.liftAll(this.state).rack];
    for (const letter of Object.values(next.placed)) next.rack.splice(next.rack.indexOf(letter), 1);
    const box = B.bounds(next.placed);
    if (box) this.cursor = [box.top, box.left];
    this.commit(next);
    return { sentBack };
  }

  typeLetter(letter) {
    const [r, c] = this.cursor;
    const next = B.placeLetter(this.state, letter, r, c)
      // The cell's own tile goes back first, so typing over a tile can use its letter.
      || B.placeLetter(B.lift(this.state, r, c), letter, r, c);
    if (!next) {
      const n = this.roll.split(letter).length - 1;
      this.say(n ? `Every ${letter.toUpperCase()} of the roll is on the board already: `
        + "move one, or press Backspace on it to send it back."
        : `The roll has no ${letter.toUpperCase()}: its letters are ${this.roll.toUpperCase()}.`);
      return;
    }
    this.say("");
    this.commit(next);
    this.step(1);
  }

  backspace() {
    const [r, c] = this.cursor;
    if (this.state.placed[B.key(r, c)]) { this.commit(B.lift(this.state, r, c)); return; }
    this.step(-1);
    const [r2, c2] = this.cursor;
    if (this.state.placed[B.key(r2, c2)]) this.commit(B.lift(this.state, r2, c2));
  }

  step(n) {
    const [r, c] = this.cursor;
    this.moveCursor(this.across ? r : r + n, this.across ? c + n : c);
  }

  moveCursor(r, c) {
    // The table is as large as it needs to be, but no larger than a roll could fill.
    const far = this.roll.length + 2;
    this.cursor = [Math.max(-far, Math.min(far, r)), Math.max(-far, Math.min(far, c))];
    this.render();
  }

  // ---- drawing ---------------------------------------------------------------------------

  window() {
    const w = { ...MIN_WINDOW };
    const cells = Object.keys(this.state.placed).map(B.cellOf);
    for (const [r, c] of cells) {
      w.top = Math.min(w.top, r - 1); w.bottom = Math.max(w.bottom, r + 1);
      w.left = Math.min(w.left, c - 1); w.right = Math.max(w.right, c + 1);
    }
    const [r, c] = this.cursor;
    w.top = Math.min(w.top, r); w.bottom = Math.max(w.bottom, r);
    w.left = Math.min(w.left, c); w.right = Math.max(w.right, c);
    return w;
  }

  /** Each placed cell's verdict: "bad" in a run that is not a word, "short" in a run too
   * short, "good" when every run through it is a word, "" while unknown or alone. */
  marks(runs) {
    const rank = { bad: 3, short: 2, pending: 1, good: 0 };
    const marks = {};
    for (const run of runs) {
      const v = this.verdict(run.word);
      const m = v === "not a word" ? "bad" : v === "too short" ? "short" : v === "word" ? "good" : "pending";
      for (const k of run.cells) if (!(k in marks) || rank[m] > rank[marks[k]]) marks[k] = m;
    }
    return marks;
  }

  verdict(word) {
    if (word.length < 3) return "too short";
    const known = this.words.get(word);
    return known ? known.verdict : null;
  }

  render() {
    if (!this.state) return;
    const { placed, rack } = this.state;
    const runs = B.runs(placed);
    const marks = this.marks(runs);
    const w = this.window();
    const cols = w.right - w.left + 1;
    const board = this.els.board;
    board.style.setProperty("--cols", cols);
    // Cells are made again only when the window moves; else they change in place, so a
    // cell under a pointer stays the same element while verdicts come in.
    const shape = `${w.top},${w.left},${w.bottom},${w.right}`;
    if (board.dataset.shape !== shape) {
      board.dataset.shape = shape;
      const rows = [];
      for (let r = w.top; r <= w.bottom; r++) {
        const cells = [];
        for (let c = w.left; c <= w.right; c++) {
          cells.push(el("div", { role: "gridcell", id: `pc-${r}-${c}`, dataset: { r, c } }));
        }
        rows.push(el("div", { role: "row", className: "prow" }, ...cells));
      }
      board.replaceChildren(...rows);
    }
    let active = "";
    for (const cell of board.querySelectorAll(".prow > div")) {
      const r = Number(cell.dataset.r);
      const c = Number(cell.dataset.c);
      const letter = placed[B.key(r, c)];
      const at = `row ${r - w.top + 1} column ${c - w.left + 1}`;
      const mark = letter ? marks[B.key(r, c)] : "";
      const note = { bad: ", in a run that is not a word", short: ", in a run too short" }[mark] || "";
      const here = r === this.cursor[0] && c === this.cursor[1];
      cell.className = `pcell${letter ? " filled" : ""}${mark ? " " + mark : ""}`
        + (here ? ` cursor ${this.across ? "across" : "down"}` : "");
      cell.setAttribute("aria-label", `${at}: ${letter ? letter.toUpperCase() + note : "empty"}`);
      cell.textContent = letter ? letter.toUpperCase() : "";
      if (here) { cell.setAttribute("aria-selected", "true"); active = cell.id; }
      else cell.removeAttribute("aria-selected");
    }
    board.setAttribute("aria-activedescendant", active);
    this.cue();
    // The rack is drawn again only when it changed, so a tile under a finger stays put
    // while the board's verdicts come in.
    if (this.els.rack.dataset.shows !== rack.join("")) {
      this.els.rack.dataset.shows = rack.join("");
      this.els.rack.replaceChildren(...rack.map((letter, i) => el("button", {
        type: "button", className: "rtile", dataset: { i },
        "aria-label": `Tile ${letter.toUpperCase()}: place at the cursor`,
      }, letter.toUpperCase())));
      if (!rack.length) this.els.rack.append(el("span", { className: "hint-text" }, "Every tile is on the board."));
    }
    this.els.undo.disabled = !this.past.length;
    this.els.redo.disabled = !this.future.length;
    this.els.clear.disabled = !Object.keys(placed).length;
    this.els.shuffle.disabled = rack.length < 2;
    this.summarize(runs);
  }

  /** Say so when the board is wider than its box (cells stop shrinking at a size a finger
   * can still hit), since a scroll bar alone is easy to miss on a phone. */
  cue() {
    const fit = this.els.board.parentElement;
    this.els.cue.hidden = fit.scrollWidth <= fit.clientWidth + 1;
  }

  summarize(runs) {
    const { placed, rack } = this.state;
    const n = Object.keys(placed).length;
    const total = n + rack.length;
    const parts = [`${n} of ${total} tiles on the board`];
    if (n > 1) parts.push(B.connected(placed) ? "connected" : "not connected");
    const solved = this.checked && this.checked.solved;
    this.els.summary.textContent = solved ? "Solved: every tile used, connected, every run a word."
      : parts.join("; ") + ".";
    this.els.summary.className = `status${solved ? " good" : ""}`;
    this.els.runs.replaceChildren(...runs.map((run) => {
      const v = this.verdict(run.word) || "checking…";
      const kind = { word: "good", "not a word": "bad", "too short": "short" }[v] || "";
      const where = `${run.across ? "across" : "down"}`;
      return el("li", { className: kind },
        el("span", run.word.length >= 3 && v === "word" ? { className: "word-link", dataset: { word: run.word } } : {},
          run.word.toUpperCase()),
        ` ${where}: `, el("strong", {}, v));
    }));
    this.els.solved.hidden = !solved;
  }

  say(text) {
    this.els.msg.textContent = text;
    this.els.msg.hidden = !text;
  }

  // ---- checking by the server ------------------------------------------------------------

  check() {
    clearTimeout(this.timer);
    if (this.abort) this.abort.abort();
    this.seq += 1;
    const seq = this.seq;
    const { rows, top, left } = B.toRows(this.state.placed);
    if (!rows.length) { this.checked = null; return; }
    this.timer = setTimeout(async () => {
      this.abort = new AbortController();
      let doc;
      try {
        doc = await api("/api/qless/check", { letters: this.roll, board: rows, lexicon: this.lexicon() || null },
          { signal: this.abort.signal });
      } catch (e) {
        if (e.name === "AbortError" || seq !== this.seq) return;
        this.say(`The board could not be checked: ${e.message}`);
        return;
      }
      if (seq !== this.seq) return; // the board moved on since: a newer check is coming
      for (const run of doc.runs) this.words.set(run.word, { verdict: run.verdict, common: run.common });
      this.checked = { ...doc, top, left };
      if (doc.solved && this.solvedIn === null && this.begun) {
        this.solvedIn = this.elapsed(); // none for a board that came solved in a link
        this.pause();
        this.save();
      }
      this.render();
      if (doc.solved) this.onSolved(doc, this.solvedIn);
    }, CHECK_DELAY);
  }

  /** Another dictionary: the words known so far may say otherwise. */
  recheck() {
    this.words.clear();
    this.checked = null;
    if (this.state) { this.render(); this.check(); }
  }

  // ---- keyboard, clicks and drags --------------------------------------------------------

  bind() {
    const { board, rack, keys } = this.els;
    board.addEventListener("keydown", (e) => this.onKey(e));
    board.addEventListener("click", (e) => {
      if (this.swallowClick) { this.swallowClick = false; return; }
      const cell = e.target.closest(".pcell");
      if (cell) this.moveCursor(Number(cell.dataset.r), Number(cell.dataset.c));
      // A touch screen has no keys until a text field has the focus: the keys field then.
      if (keys && cell && matchMedia("(pointer: coarse)").matches) {
        keys.value = KEYS_REST;
        keys.focus({ preventScroll: true });
      } else {
        board.focus();
      }
    });
    if (keys) this.bindKeys(keys);
    setInterval(() => { if (this.since !== null) this.showClock(); }, 1000);
    document.addEventListener("visibilitychange", () => {
      if (!this.state) return;
      // (Kept only when the clock ran: a board opened from a link, not played, is not stored.)
      if (document.hidden) { if (this.since !== null) { this.pause(); this.save(); } } else this.resume();
    });
    rack.addEventListener("click", (e) => {
      if (this.swallowClick) { this.swallowClick = false; return; }
      const tile = e.target.closest(".rtile");
      if (!tile) return;
      this.typeLetter(this.state.rack[Number(tile.dataset.i)]);
      // Keep the focus in the rack, on the tile now at the same place.
      const again = rack.querySelectorAll(".rtile")[Math.min(Number(tile.dataset.i), this.state.rack.length - 1)];
      (again || board).focus();
    });
    this.els.undo.addEventListener("click", () => this.undo());
    this.els.redo.addEventListener("click", () => this.redo());
    this.els.shuffle.addEventListener("click", () => this.commit(B.shuffle(this.state)));
    this.els.clear.addEventListener("click", () => {
      this.cursor = [0, MIN_WINDOW.left]; // a fresh start, where an empty board starts
      this.commit(B.liftAll(this.state));
    });
    document.addEventListener("keydown", (e) => {
      if (!this.state || this.els.card.hidden || !(e.ctrlKey || e.metaKey) || e.altKey) return;
      if (e.target.closest && e.target.closest("input, select, textarea")) return;
      const k = e.key.toLowerCase();
      if (k === "z" && !e.shiftKey) { e.preventDefault(); this.undo(); }
      else if (k === "y" || (k === "z" && e.shiftKey)) { e.preventDefault(); this.redo(); }
    });
    for (const zone of [board, rack]) zone.addEventListener("pointerdown", (e) => this.onDown(e));
    window.addEventListener("pointermove", (e) => this.onMove(e));
    window.addEventListener("pointerup", (e) => this.onUp(e));
    window.addEventListener("pointercancel", () => this.endDrag());
    window.addEventListener("resize", () => { if (this.state) this.cue(); });
  }

  /** The phone keyboard's field: letters typed there go to the board, a deletion is
   * Backspace, keys it sends (arrows, Space, on a tablet's keyboard) work as on the board.
   * It holds one character at rest, so that Backspace on it is a change to see. */
  bindKeys(keys) {
    keys.addEventListener("keydown", (e) => {
      if (/^[a-zA-Z]$/.test(e.key) || e.key === "Unidentified" || e.key === "Process") return;
      this.onKey(e); // arrows, Space, Backspace, Delete (handled there, so no input follows)
    });
    keys.addEventListener("input", () => {
      const text = keys.value;
      if (text.length < KEYS_REST.length) this.backspace();
      for (const ch of text.slice(KEYS_REST.length)) {
        if (/[a-zA-Z]/.test(ch)) this.typeLetter(ch.toLowerCase());
        else if (ch.trim()) this.say(`Only the roll's letters go on the board: ${ch} is not one.`);
      }
      keys.value = KEYS_REST;
    });
  }

  // ---- the clock ----------------------------------------------------------------------------

  elapsed() {
    return this.spent + (this.since === null ? 0 : Date.now() - this.since);
  }

  pause() {
    if (this.since === null) return;
    this.spent = this.elapsed();
    this.since = null;
    this.showClock();
  }

  /** Start the clock again if the player is playing: begun, not solved, the page in view. */
  resume() {
    if (this.since === null && this.begun && this.solvedIn === null && !document.hidden) {
      this.since = Date.now();
    }
    this.showClock();
  }

  showClock() {
    const shown = this.els.clock;
    if (!shown) return;
    shown.hidden = !this.begun;
    shown.textContent = `Time ${clockText(this.solvedIn ?? this.elapsed())}${this.since === null && this.solvedIn === null ? " (paused)" : ""}`;
  }

  onKey(e) {
    if (!this.state || e.ctrlKey || e.metaKey || e.altKey) return;
    const [r, c] = this.cursor;
    const arrows = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    if (arrows[e.key]) {
      const [dr, dc] = arrows[e.key];
      this.across = dc !== 0;
      this.moveCursor(r + dr, c + dc);
    } else if (/^[a-zA-Z]$/.test(e.key)) {
      this.typeLetter(e.key.toLowerCase());
    } else if (e.key === "Backspace") {
      this.backspace();
    } else if (e.key === "Delete") {
      this.commit(B.lift(this.state, r, c));
    } else if (e.key === " ") {
      this.across = !this.across;
      this.render();
    } else if (e.key.length === 1) {
      this.say(`Only the roll's letters go on the board: ${e.key} is not one.`);
    } else {
      return;
    }
    e.preventDefault();
  }

  /** What a pointer is over: {cell: [r, c]}, {rack: true} or null. */
  target(x, y) {
    const hit = document.elementFromPoint(x, y);
    if (!hit) return null;
    const cell = hit.closest(".pcell");
    if (cell && this.els.board.contains(cell)) return { cell: [Number(cell.dataset.r), Number(cell.dataset.c)], node: cell };
    if (hit.closest("#rack, .rack-zone")) return { rack: true, node: this.els.rack };
    return null;
  }

  onDown(e) {
    if (!this.state || e.button > 0) return;
    const tile = e.target.closest(".rtile, .pcell.filled");
    if (!tile) return;
    const from = tile.classList.contains("rtile") ? { rack: Number(tile.dataset.i) }
      : { cell: [Number(tile.dataset.r), Number(tile.dataset.c)] };
    this.drag = { from, x: e.clientX, y: e.clientY, id: e.pointerId, tile, ghost: null, over: null };
  }

  onMove(e) {
    const d = this.drag;
    if (!d || e.pointerId !== d.id) return;
    if (!d.ghost) {
      if (Math.hypot(e.clientX - d.x, e.clientY - d.y) < DRAG_START) return;
      const size = d.tile.getBoundingClientRect();
      d.ghost = el("div", { className: "ghost", "aria-hidden": "true" }, d.tile.textContent);
      d.ghost.style.width = `${size.width}px`;
      d.ghost.style.height = `${size.height}px`;
      document.body.append(d.ghost);
      d.tile.classList.add("lifted");
    }
    e.preventDefault();
    const over = this.target(e.clientX, e.clientY);
    if (d.over) d.over.classList.remove("drop");
    d.over = over ? over.node : null;
    if (d.over) d.over.classList.add("drop");
    // Over the board the tile takes a cell's size, so it shows where it would land.
    const size = (over && over.cell ? over.node : d.tile).getBoundingClientRect();
    d.ghost.style.width = `${size.width}px`;
    d.ghost.style.height = `${size.height}px`;
    d.ghost.style.fontSize = `${size.height * 0.5}px`;
    d.ghost.style.left = `${e.clientX - size.width / 2}px`;
    d.ghost.style.top = `${e.clientY - size.height / 2}px`;
  }

  onUp(e) {
    const d = this.drag;
    if (!d || e.pointerId !== d.id) return;
    if (!d.ghost) { this.drag = null; return; } // a click, handled as one
    const to = this.target(e.clientX, e.clientY);
    this.endDrag();
    this.swallowClick = true;
    setTimeout(() => { this.swallowClick = false; }, 0);
    if (!to) return; // dropped off the board and the rack: the tile stays where it was
    let next = null;
    if (to.cell && d.from.rack !== undefined) next = B.place(this.state, d.from.rack, ...to.cell);
    else if (to.cell) next = B.move(this.state, d.from.cell, to.cell);
    else if (to.rack && d.from.cell) next = B.lift(this.state, ...d.from.cell);
    if (to.cell) this.cursor = to.cell;
    this.say("");
    if (next) this.commit(next);
    else this.render();
    this.els.board.focus();
  }

  endDrag() {
    const d = this.drag;
    this.drag = null;
    if (!d) return;
    if (d.ghost) d.ghost.remove();
    if (d.over) d.over.classList.remove("drop");
    d.tile.classList.remove("lifted");
  }
}

