// A Star Battle board as HTML tiles: thick borders between regions, click or type to mark
// stars and dots. Focus moves with the arrow keys (one tab stop for the whole board). The
// player's marks have an undo history, and the rules they break are marked as they play.
import { conflicts, units } from "./starrules.js";

const PALETTE = [
  "#fde2e4", "#e2ece9", "#fff1c1", "#dfe7fd", "#e8dff5", "#fce1c8", "#d7f0db", "#f0e6d2",
  "#dbeef4", "#f9dcec", "#e6f2c7", "#ece4db", "#d9e2ec", "#fbe7c6", "#e4d9f7", "#d2f1ef",
];
const NEXT = { "": "star", star: "dot", dot: "" };
const SAY = { "": "empty", star: "star", dot: "no star (dot)" };

export class StarBoard {
  /**
   * container: element to draw into; puzzle: the engine's puzzle document
   * ({size, stars, regions, labels}); onChange(how) after every change the player makes
   * ("mark", "undo" or "redo").
   */
  constructor(container, puzzle, onChange = () => {}) {
    this.container = container;
    this.puzzle = puzzle;
    this.onChange = onChange;
    this.marks = new Map(); // "r,c" -> "star" | "dot"
    this.past = []; // earlier boards ({stars, dots}), the last one the latest
    this.future = []; // boards undone, the last one the next to redo
    this.problems = { touching: [], over: [], short: [] };
    this.units = units(puzzle);
    this.focus = [0, 0];
    this.draw();
  }

  key(r, c) {
    return `${r},${c}`;
  }

  label(r) {
    const p = this.puzzle;
    return p.labels ? p.labels[r] : String(r);
  }

  draw() {
    const { size, regions } = this.puzzle;
    const grid = document.createElement("div");
    grid.className = "starboard";
    grid.setAttribute("role", "grid");
    grid.setAttribute("aria-label",
      `Star Battle board, ${size} by ${size}, ${this.puzzle.stars} ${this.puzzle.stars === 1 ? "star" : "stars"} in every row, column and region`);
    this.cells = [];
    const named = new Set(); // regions whose label is drawn already (in their first cell)
    for (let r = 0; r < size; r++) {
      const row = document.createElement("div");
      row.setAttribute("role", "row");
      row.style.display = "contents";
      const line = [];
      for (let c = 0; c < size; c++) {
        const g = regions[r][c];
        const cell = document.createElement("button");
        cell.type = "button";
        cell.className = "star-cell";
        cell.setAttribute("role", "gridcell");
        cell.dataset.r = r;
        cell.dataset.c = c;
        cell.dataset.region = g;
        cell.tabIndex = r === 0 && c === 0 ? 0 : -1;
        cell.style.setProperty("--region", PALETTE[g % PALETTE.length]); // stars.css darkens it in the dark theme
        // Thick lines where the region changes (and round the edge of the board).
        if (r === 0 || regions[r - 1][c] !== g) cell.classList.add("bt");
        if (r === size - 1 || regions[r + 1][c] !== g) cell.classList.add("bb");
        if (c === 0 || regions[r][c - 1] !== g) cell.classList.add("bl");
        if (c === size - 1 || regions[r][c + 1] !== g) cell.classList.add("br");
        const mark = document.createElement("span");
        mark.className = "mark";
        mark.setAttribute("aria-hidden", "true");
        cell.append(mark);
        if (!named.has(g)) {
          // The region's name as the explanations write it, in its first cell (reading order).
          named.add(g);
          const tag = document.createElement("span");
          tag.className = "region-label";
          tag.setAttribute("aria-hidden", "true");
          tag.textContent = this.label(g);
          cell.append(tag);
          cell.classList.add("labelled");
        }
        line.push(cell);
        row.append(cell);
      }
      this.cells.push(line);
      grid.append(row);
    }
    grid.addEventListener("click", (e) => {
      const cell = e.target.closest(".star-cell");
      if (this.dragged) {
        this.dragged = false; // the drag has marked its cells
        return;
      }
      if (!cell) return;
      this.moveTo(Number(cell.dataset.r), Number(cell.dataset.c));
      this.cycle(Number(cell.dataset.r), Number(cell.dataset.c));
    });
    grid.addEventListener("keydown", (e) => this.onKey(e));
    // With a mouse, dragging across cells marks them all as dots (or, from a dot, clears the
    // dots it crosses), as one change for Undo; stars are left alone. Touch keeps taps, as a
    // finger's drag scrolls the page.
    grid.addEventListener("pointerdown", (e) => {
      const cell = e.target.closest(".star-cell");
      if (!cell || e.pointerType !== "mouse" || e.button !== 0) return;
      const [r, c] = [Number(cell.dataset.r), Number(cell.dataset.c)];
      this.drag = { r, c, erase: this.marks.get(this.key(r, c)) === "dot", before: this.snapshot(), painted: false };
      this.dragged = false;
    });
    grid.addEventListener("pointerover", (e) => {
      const cell = e.target.closest(".star-cell");
      if (!this.drag || !cell || !(e.buttons & 1)) return;
      const [r, c] = [Number(cell.dataset.r), Number(cell.dataset.c)];
      if (!this.drag.painted) {
        if (r === this.drag.r && c === this.drag.c) return;
        this.drag.painted = true;
        this.record(this.drag.before);
        this.paint(this.drag.r, this.drag.c);
      }
      this.paint(r, c);
      this.refresh();
    });
    const endDrag = () => {
      if (!this.drag) return;
      const { painted } = this.drag;
      this.drag = null;
      if (!painted) return;
      this.dragged = true;
      this.clearHighlight();
      this.onChange("mark");
      // A release outside the board sends no click to clear `dragged` with.
      setTimeout(() => { this.dragged = false; }, 0);
    };
    document.addEventListener("pointerup", endDrag);
    document.addEventListener("pointercancel", endDrag);
    // However a cell got the focus (a click, a screen reader, a script), the keys act on it.
    grid.addEventListener("focusin", (e) => {
      const cell = e.target.closest(".star-cell");
      if (!cell) return;
      const [r, c] = [Number(cell.dataset.r), Number(cell.dataset.c)];
      if (r !== this.focus[0] || c !== this.focus[1]) this.moveTo(r, c);
    });
    // Row numbers down the left and column numbers along the top, counted from 1 as the
    // explanations write them (r2c4, row 2); the cells' own names say the same to a reader.
    const numbers = (cls) => {
      const axis = document.createElement("div");
      axis.className = `star-axis ${cls}`;
      axis.setAttribute("aria-hidden", "true");
      for (let i = 1; i <= size; i++) {
        const n = document.createElement("span");
        n.textContent = String(i);
        axis.append(n);
      }
      return axis;
    };
    const frame = document.createElement("div");
    frame.className = "starframe";
    frame.style.setProperty("--n", size);
    frame.append(numbers("cols"), numbers("rows"), grid);
    this.container.replaceChildren(frame);
    this.refresh();
  }

  onKey(event) {
    // Ctrl+Z, Ctrl+S and the like are the page's and the browser's, not marks.
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const [r, c] = this.focus;
    const n = this.puzzle.size;
    const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    if (moves[event.key]) {
      const [dr, dc] = moves[event.key];
      this.moveTo(Math.min(n - 1, Math.max(0, r + dr)), Math.min(n - 1, Math.max(0, c + dc)));
    } else if (event.key === "Home") this.moveTo(r, 0);
    else if (event.key === "End") this.moveTo(r, n - 1);
    else if (event.key === " " || event.key === "Enter") this.cycle(r, c);
    else if (event.key === "s" || event.key === "*") this.set(r, c, "star");
    else if (event.key === "." || event.key === "x") this.set(r, c, "dot");
    else if (event.key === "Backspace" || event.key === "Delete") this.set(r, c, "");
    else return;
    event.preventDefault();
  }

  moveTo(r, c) {
    const [or, oc] = this.focus;
    this.cells[or][oc].tabIndex = -1;
    this.focus = [r, c];
    const cell = this.cells[r][c];
    cell.tabIndex = 0;
    cell.focus();
  }

  cycle(r, c) {
    this.set(r, c, NEXT[this.marks.get(this.key(r, c)) || ""]);
  }

  set(r, c, mark) {
    if ((this.marks.get(this.key(r, c)) || "") === mark) return;
    this.record();
    if (mark) this.marks.set(this.key(r, c), mark);
    else this.marks.delete(this.key(r, c));
    this.clearHighlight();
    this.refresh();
    this.onChange("mark");
  }

  /** One cell crossed by a drag: a dot on an empty cell, or (erasing) no dot. */
  paint(r, c) {
    const k = this.key(r, c);
    const mark = this.marks.get(k) || "";
    if (this.drag.erase && mark === "dot") this.marks.delete(k);
    else if (!this.drag.erase && mark === "") this.marks.set(k, "dot");
  }

  /** Replace every mark: stars and dots as lists of [r, c]. With `record`, the board
   * before is kept for Undo (a change the player asked for: a hint applied, Clear). */
  setMarks(stars = [], dots = [], { record = false } = {}) {
    if (record) this.record();
    this.marks.clear();
    for (const [r, c] of dots) this.marks.set(this.key(r, c), "dot");
    for (const [r, c] of stars) this.marks.set(this.key(r, c), "star");
    this.refresh();
  }

  /** The marks as they are: {stars, dots}, each a list of [r, c]. */
  snapshot() {
    return { stars: this.stars(), dots: this.dots() };
  }

  /** Keep the board as it is for Undo (and forget what was undone). */
  record(board = this.snapshot()) {
    this.past.push(board);
    this.future = [];
  }

  /** Back one change (false when there is none). */
  undo() {
    if (!this.past.length) return false;
    this.future.push(this.snapshot());
    const { stars, dots } = this.past.pop();
    this.setMarks(stars, dots);
    this.clearHighlight();
    this.onChange("undo");
    return true;
  }

  /** Forward again one undone change (false when there is none). */
  redo() {
    if (!this.future.length) return false;
    this.past.push(this.snapshot());
    const { stars, dots } = this.future.pop();
    this.setMarks(stars, dots);
    this.clearHighlight();
    this.onChange("redo");
    return true;
  }

  stars() {
    return [...this.marks].filter(([, m]) => m === "star").map(([k]) => k.split(",").map(Number));
  }

  dots() {
    return [...this.marks].filter(([, m]) => m === "dot").map(([k]) => k.split(",").map(Number));
  }

  /** Shade the cells a deduction looked at, hatch the units it looked at (the engine's
   * {kind: "row" | "column" | "region", index}), and frame the cells it decides. */
  highlight(looked, decided = [], units = [], given = []) {
    this.clearHighlight();
    // Empty cells the player's own stars give (a hint applies them with its step): a faint dot.
    for (const [r, c] of given) {
      this.cells[r][c].classList.add("given");
      this.cells[r][c].setAttribute("aria-description", "empty: your stars already give it");
    }
    const { size, regions } = this.puzzle;
    for (const { kind, index } of units) {
      for (let r = 0; r < size; r++) {
        for (let c = 0; c < size; c++) {
          const inside = kind === "row" ? r === index : kind === "column" ? c === index : regions[r][c] === index;
          if (inside) this.cells[r][c].classList.add("unit");
        }
      }
    }
    for (const [r, c] of looked) {
      this.cells[r][c].classList.add("hint");
      this.cells[r][c].setAttribute("aria-description", "looked at by this step");
    }
    for (const [r, c] of decided) {
      this.cells[r][c].classList.add("decided");
      this.cells[r][c].setAttribute("aria-description", "decided by this step");
    }
  }

  clearHighlight() {
    for (const line of this.cells) {
      for (const cell of line) {
        cell.classList.remove("hint", "decided", "unit", "given");
        cell.removeAttribute("aria-description");
      }
    }
  }

  /** The words for a unit as the explanations write them: row 3, column 5, region b. */
  unitName({ kind, index }) {
    return kind === "region" ? `region ${this.label(index)}` : `${kind} ${index + 1}`;
  }

  refresh() {
    const { size, regions } = this.puzzle;
    this.problems = conflicts(this.puzzle, this.stars(), this.dots());
    // What each cell has to do with the rules broken: said in its name, and drawn.
    const notes = new Map();
    const note = (r, c, text) => {
      const k = this.key(r, c);
      if (!notes.has(k)) notes.set(k, []);
      notes.get(k).push(text);
    };
    const clash = new Set();
    for (const [[r1, c1], [r2, c2]] of this.problems.touching) {
      clash.add(this.key(r1, c1)).add(this.key(r2, c2));
      note(r1, c1, `touches the star at row ${r2 + 1}, column ${c2 + 1}`);
      note(r2, c2, `touches the star at row ${r1 + 1}, column ${c1 + 1}`);
    }
    const unitCells = (u) => this.units.find((v) => v.kind === u.kind && v.index === u.index).cells;
    for (const u of this.problems.over) {
      for (const [r, c] of unitCells(u)) {
        if (this.marks.get(this.key(r, c)) !== "star") continue;
        clash.add(this.key(r, c));
        note(r, c, `${this.unitName(u)} has too many stars`);
      }
    }
    const short = new Set();
    for (const u of this.problems.short) {
      for (const [r, c] of unitCells(u)) {
        short.add(this.key(r, c));
        note(r, c, `${this.unitName(u)} can no longer get its stars`);
      }
    }
    for (let r = 0; r < size; r++) {
      for (let c = 0; c < size; c++) {
        const k = this.key(r, c);
        const mark = this.marks.get(k) || "";
        const cell = this.cells[r][c];
        const said = notes.get(k) || [];
        cell.dataset.mark = mark;
        cell.firstChild.textContent = mark === "star" ? "★" : mark === "dot" ? "·" : "";
        cell.classList.toggle("clash", clash.has(k));
        cell.classList.toggle("short", short.has(k));
        cell.setAttribute("aria-label",
          `Row ${r + 1}, column ${c + 1}, region ${this.label(regions[r][c])}, ${SAY[mark]}`
          + said.map((t) => `; ${t}`).join(""));
      }
    }
  }
}
