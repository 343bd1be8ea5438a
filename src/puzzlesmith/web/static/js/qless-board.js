// The Q-Less board a player builds: tiles on cells, the rest in the rack. Plain data and pure
// functions (every move returns a new state), so undo and redo are a list of states.
//
// state = { placed: {"r,c": letter}, rack: [letter, ...] }: every letter of the roll is on
// the board or in the rack, once. Rows and columns are any integers (a table, not a grid).

export const key = (r, c) => `${r},${c}`;
export const cellOf = (k) => k.split(",").map(Number);

/** A roll's tiles, all in the rack. */
export function fresh(roll) {
  return { placed: {}, rack: [...roll] };
}

function copy(state) {
  return { placed: { ...state.placed }, rack: [...state.rack] };
}

/** The letter in the rack at `i` onto (r, c); a tile already there goes back to the rack. */
export function place(state, i, r, c) {
  if (i < 0 || i >= state.rack.length) return state;
  const next = copy(state);
  const [letter] = next.rack.splice(i, 1);
  const there = next.placed[key(r, c)];
  if (there) next.rack.push(there);
  next.placed[key(r, c)] = letter;
  return next;
}

/** A tile of this letter from the rack onto (r, c), or null when the rack has none. */
export function placeLetter(state, letter, r, c) {
  if (state.placed[key(r, c)] === letter) return state;
  const i = state.rack.indexOf(letter);
  return i < 0 ? null : place(state, i, r, c);
}

/** The tile on (r, c) back to the rack (the end of it). */
export function lift(state, r, c) {
  const letter = state.placed[key(r, c)];
  if (!letter) return state;
  const next = copy(state);
  delete next.placed[key(r, c)];
  next.rack.push(letter);
  return next;
}

/** The tile on `from` onto `to`; a tile on `to` takes its place (a swap). */
export function move(state, [r1, c1], [r2, c2]) {
  const a = state.placed[key(r1, c1)];
  if (!a || (r1 === r2 && c1 === c2)) return state;
  const next = copy(state);
  const b = next.placed[key(r2, c2)];
  next.placed[key(r2, c2)] = a;
  if (b) next.placed[key(r1, c1)] = b;
  else delete next.placed[key(r1, c1)];
  return next;
}

export function liftAll(state) {
  return { placed: {}, rack: [...state.rack, ...Object.values(state.placed)] };
}

export function shuffle(state, random = Math.random) {
  const rack = [...state.rack];
  for (let i = rack.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [rack[i], rack[j]] = [rack[j], rack[i]];
  }
  return { placed: { ...state.placed }, rack };
}

/** The smallest box holding the tiles: {top, left, bottom, right}, or null for none. */
export function bounds(placed) {
  const cells = Object.keys(placed).map(cellOf);
  if (!cells.length) return null;
  const rs = cells.map(([r]) => r);
  const cs = cells.map(([, c]) => c);
  return { top: Math.min(...rs), left: Math.min(...cs), bottom: Math.max(...rs), right: Math.max(...cs) };
}

/** The tiles as row strings ('.' empty) of their box, and where the box starts. */
export function toRows(placed) {
  const box = bounds(placed);
  if (!box) return { rows: [], top: 0, left: 0 };
  const rows = [];
  for (let r = box.top; r <= box.bottom; r++) {
    let row = "";
    for (let c = box.left; c <= box.right; c++) row += placed[key(r, c)] || ".";
    rows.push(row);
  }
  return { rows, top: box.top, left: box.left };
}

/** A state from row strings placed with their top left at (top, left), the roll's other
 * letters in the rack; null when the rows hold a letter the roll does not have. */
export function fromRows(roll, rows, top = 0, left = 0) {
  const rack = [...roll];
  const placed = {};
  for (let r = 0; r < rows.length; r++) {
    for (let c = 0; c < rows[r].length; c++) {
      const ch = rows[r][c];
      if (ch === "." || ch === " ") continue;
      const i = rack.indexOf(ch);
      if (i < 0) return null;
      rack.splice(i, 1);
      placed[key(top + r, left + c)] = ch;
    }
  }
  return { placed, rack };
}

/** Every across run (top to bottom), then every down run (left to right), of 2+ tiles:
 * {word, r, c, across, cells: [keys]}. */
export function runs(placed) {
  const found = [];
  for (const across of [true, false]) {
    const [dr, dc] = across ? [0, 1] : [1, 0];
    const starts = Object.keys(placed).map(cellOf)
      .filter(([r, c]) => !placed[key(r - dr, c - dc)] && placed[key(r + dr, c + dc)])
      .sort(([r1, c1], [r2, c2]) => (across ? r1 - r2 || c1 - c2 : c1 - c2 || r1 - r2));
    for (const [r0, c0] of starts) {
      const cells = [];
      let word = "";
      for (let r = r0, c = c0; placed[key(r, c)]; r += dr, c += dc) {
        cells.push(key(r, c));
        word += placed[key(r, c)];
      }
      found.push({ word, r: r0, c: c0, across, cells });
    }
  }
  return found;
}

/** Whether the tiles form one group through shared edges (false for none). */
export function connected(placed) {
  const todo = new Set(Object.keys(placed));
  if (!todo.size) return false;
  const stack = [todo.values().next().value];
  todo.delete(stack[0]);
  while (stack.length) {
    const [r, c] = cellOf(stack.pop());
    for (const k of [key(r + 1, c), key(r - 1, c), key(r, c + 1), key(r, c - 1)]) {
      if (todo.has(k)) { todo.delete(k); stack.push(k); }
    }
  }
  return todo.size === 0;
}

/** The board in a URL: rows of its box joined by "_" ("" for none). */
export function encode(placed) {
  return toRows(placed).rows.join("_");
}

/** Rows back from `encode`; null when the text is not rows of a-z and '.'. */
export function decode(text) {
  if (!text) return [];
  return /^[a-z.]+(_[a-z.]+)*$/.test(text) ? text.split("_") : null;
}
