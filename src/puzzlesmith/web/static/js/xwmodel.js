// The crossword editor's grid as plain data: cells, entries numbered as a newspaper numbers
// them (the same rule as fill/model.py), symmetry partners, statistics and an undo history.

/** A grid: w x h cells, each "#" (block), "" (empty), a letter or a rebus (several letters the
 * setter gave, always typed); `typed` marks the setter's letters (kept by every fill), the
 * others came from the filler. */
export function emptyGrid(w, h) {
  return { w, h, cells: Array(w * h).fill(""), typed: Array(w * h).fill(false) };
}

export function copyGrid(g) {
  return { w: g.w, h: g.h, cells: [...g.cells], typed: [...g.typed] };
}

/** Every entry (run of 2+ non-block cells): {number, direction, row, col, cells, label, key},
 * across entries first, then down, each in number order. `key` names the entry by its first
 * cell and direction, so it survives renumbering when blocks change elsewhere. */
export function entries(g) {
  const { w, h, cells } = g;
  const white = (r, c) => r >= 0 && c >= 0 && r < h && c < w && cells[r * w + c] !== "#";
  const across = [];
  const down = [];
  let n = 0;
  for (let r = 0; r < h; r++) {
    for (let c = 0; c < w; c++) {
      if (!white(r, c)) continue;
      const a = !white(r, c - 1) && white(r, c + 1);
      const d = !white(r - 1, c) && white(r + 1, c);
      if (!a && !d) continue;
      n += 1;
      if (a) {
        const run = [];
        for (let k = c; white(r, k); k++) run.push(r * w + k);
        across.push(entry(n, "across", r, c, run));
      }
      if (d) {
        const run = [];
        for (let k = r; white(k, c); k++) run.push(k * w + c);
        down.push(entry(n, "down", r, c, run));
      }
    }
  }
  return [...across, ...down];
}

function entry(number, direction, row, col, cells) {
  return { number, direction, row, col, cells, label: `${number} ${direction}`,
    key: `${cells[0]}${direction[0]}` };
}

/** Cell -> clue number, for the cells that start an entry. */
export function numbers(list) {
  const out = new Map();
  for (const e of list) out.set(e.cells[0], e.number);
  return out;
}

/** The cells a block at `i` brings with it: the symmetry's partner cells. */
export function partners(g, i, symmetry) {
  const r = Math.floor(i / g.w);
  const c = i % g.w;
  const out = new Set([i]);
  if (symmetry === "rotational") out.add((g.h - 1 - r) * g.w + (g.w - 1 - c));
  else if (symmetry === "mirror") out.add(r * g.w + (g.w - 1 - c));
  return [...out];
}

/** The entry's letters as they stand, "." for an empty cell. */
export function pattern(g, e) {
  return e.cells.map((i) => g.cells[i] || ".").join("");
}

/** Words, blocks, average word length and how many white cells hold a letter. */
export function stats(g, list) {
  const blocks = g.cells.filter((ch) => ch === "#").length;
  const white = g.cells.length - blocks;
  const letters = g.cells.filter((ch) => ch && ch !== "#").length;
  const total = list.reduce((sum, e) => sum + e.cells.length, 0);
  return { words: list.length, blocks, white, letters,
    average: list.length ? total / list.length : 0 };
}

/** The entry's cells' letters for a word that fits it: a rebus cell takes as many letters as it
 * holds, every other cell one; null when the word is not the entry's length. */
export function splitWord(g, e, word) {
  const out = [];
  let k = 0;
  for (const i of e.cells) {
    const n = isRebus(g.cells[i]) ? g.cells[i].length : 1;
    out.push(word.slice(k, k + n));
    k += n;
  }
  return k === word.length ? out : null;
}

export function isRebus(ch) {
  return ch.length > 1;
}

/** The cells of rows as the API writes them (`[letters]` a rebus cell, `.` an empty cell,
 * `#` a block, a-z a letter), or null for a row it cannot read. */
export function cellsOfRow(row) {
  const out = [];
  for (const m of row.matchAll(/\[([a-z]*)\]|./g)) {
    if (m[1] !== undefined) {
      if (!m[1]) return null;
      out.push(m[1]);
    } else out.push(m[0] === "." ? "" : m[0]);
  }
  return out.every((ch) => ch === "" || ch === "#" || /^[a-z]+$/.test(ch)) ? out : null;
}

/** The grid as the API takes it: rows of "#", "." and letters, `[letters]` for a rebus cell
 * (`keep(i)` says which letters go). */
export function rowsOf(g, keep = () => true) {
  const out = [];
  for (let r = 0; r < g.h; r++) {
    let row = "";
    for (let c = 0; c < g.w; c++) {
      const i = r * g.w + c;
      const ch = g.cells[i];
      row += ch === "#" ? "#" : ch && keep(i) ? (isRebus(ch) ? `[${ch}]` : ch) : ".";
    }
    out.push(row);
  }
  return out;
}

/** Undo and redo over snapshots of the grid (whatever `take` returns and `put` restores). */
export class History {
  constructor(take, put, limit = 200) {
    this.take = take;
    this.put = put;
    this.limit = limit;
    this.done = [];
    this.undone = [];
  }

  /** Call before a change: the state to come back to. */
  push() {
    this.done.push(this.take());
    if (this.done.length > this.limit) this.done.shift();
    this.undone = [];
  }

  undo() {
    if (!this.done.length) return false;
    this.undone.push(this.take());
    this.put(this.done.pop());
    return true;
  }

  redo() {
    if (!this.undone.length) return false;
    this.done.push(this.take());
    this.put(this.undone.pop());
    return true;
  }

  clear() {
    this.done = [];
    this.undone = [];
  }
}
