// The Crossword fill page: a grid editor over /api/fill, /api/fill/check,
// /api/fill/candidates and the file endpoints (/api/fill/open, /api/fill/save).
import { api, config, debounce, el, fillLexicons, params, say, setParams } from "./common.js";
import {
  History, cellsOfRow, copyGrid, emptyGrid, entries, isRebus, numbers, partners, pattern, rowsOf, splitWord, stats,
} from "./xwmodel.js";
import { EntryLists, renderCandidates, renderWeakest, shown } from "./xwlists.js";
import { openFile, saveFile } from "./xwfiles.js";
import { printView } from "./xwprint.js";

const $ = (id) => document.getElementById(id);
const form = $("fill-form");
const gridTable = $("grid");
const gridBody = gridTable.querySelector("tbody");
const sizeInput = $("size");
const symmetry = $("symmetry");
const lexicon = $("lexicon");
const common = $("common");
const minScore = $("min-score");
const allow2 = $("allow-2");
const blockWords = $("block-words");
const preferWords = $("prefer-words");
const blockList = $("block-list");
const preferList = $("prefer-list");
const allowSameStem = $("allow-same-stem");
const maxShared = $("max-shared");
const minByLength = $("min-by-length");
const status = $("status");
const warning = $("warning");
const advice = $("advice");
const fileStatus = $("file-status");
const lockButton = $("lock");
const fillBox = $("fill-box");
const info = { title: $("title"), author: $("author"), copyright: $("copyright"), notes: $("notes") };
const busyButtons = ["fill", "again", "clear-fill", "clear", "fill-near", "fill-box"].map($);

// A 15x15 block pattern to start from (rotational symmetry, every cell checked, entries of 3
// to 7 letters): an empty 15x15 has 15-letter entries crossing everywhere, which the common
// words cannot fill, and a page should not open on a grid it calls impossible.
const STARTER_TOP = ["....#.....#....", "....#.....#....", "....#.....#....", "...#....#......",
  "###....#....###", "......#....#...", ".....#...#.....", "...#.......#..."];
const STARTER = [...STARTER_TOP, ...STARTER_TOP.slice(0, 7).reverse().map((r) => [...r].reverse().join(""))];
const MIN_SIZE = 5;
const MAX_SIZE = 21;
// The fill task's facts (GET /api/config), loaded first: its default time limit, the most the
// page gives it (`page_most`), its own list (`page.lexicon`: phrases, names, abbreviations) and
// how many words a request may list inline (`page.setter_words_max`).
let facts = null;
/** The fill's time limit: the field's whole seconds, 1 to the page's most (the fill's default
 * if empty or not a number). */
function timeLimitOf(text) {
  const v = Math.round(Number(text));
  return Number.isFinite(v) && v > 0 ? Math.min(facts.page_most, v) : facts.time_limit;
}

let grid = emptyGrid(15, 15);
let list = [];
let inputs = [];
let sel = { cell: 0, across: true };
let box = null; // {r0, c0, r1, c1}, inclusive
let anchor = null;
// Fill box pressed with no box: the next cell tapped or clicked is the box's opposite corner
// (a phone has no Shift key and a finger's drag scrolls the page).
let boxPick = null;
let clues = new Map(); // entry key (first cell + a/d) -> clue
let voids = new Set(); // blocks that are outside a shaped grid (an .ipuz file's null cells)
// Cells a file circles or shades (a .puz's GEXT circles, an .ipuz style's circle or
// highlight), drawn in the grid and saved back: the fill API's [row, column] pairs.
let circles = new Set();
let shaded = new Set();
let scored = new Map(); // entry label -> {answer, score} from the filler or a placed candidate
let checked = { doc: null, by: new Map(), bad: new Set() };
let seed = 0;
// The cell whose rebus (several letters) is being typed, and what it held before.
let rebus = { at: null, before: "" };
const REBUS_MAX = 20; // letters a rebus cell holds here (a .puz rebus is a short string)
// Each ask counts up at once; an answer is shown only if no later ask came in meanwhile.
let checkWanted = 0;
let candWanted = 0;
// The candidates' count for the entry bar: {key, total, viable, stale} of the entry they were
// last given for. While that entry's are asked for again (a letter typed) the bar keeps the
// old count, its border dashed, rather than flicker to a placeholder and back on every letter.
let candCount = null;
// Below this width the entry panel sits under the grid (fill.css's .xw-layout), so the bar
// above the grid carries the selected entry and follows the page as it scrolls.
const narrow = matchMedia("(max-width: 959px)");

const history = new History(
  () => ({ grid: copyGrid(grid), clues: new Map(clues), scored: new Map(scored), voids: new Set(voids),
    circles: new Set(circles), shaded: new Set(shaded) }),
  (s) => {
    const resize = s.grid.w !== grid.w || s.grid.h !== grid.h;
    ({ grid, clues, scored, voids, circles, shaded } = s);
    if (resize) build();
  },
);

const lists = new EntryLists($("across"), $("down"), {
  onClue: (key, text) => {
    setClue(key, text);
    if (key === selected()?.key) { $("entry-clue").value = text; paintBar(selected()); }
  },
  onSelect: (e) => { sel = { cell: e.cells[0], across: e.direction === "across" }; paint(); loadCandidates(); },
});

// ---- drawing ----------------------------------------------------------------------------

function build() {
  gridBody.replaceChildren();
  gridTable.style.setProperty("--cols", grid.w);
  inputs = [];
  for (let r = 0; r < grid.h; r++) {
    const tr = el("tr");
    for (let c = 0; c < grid.w; c++) {
      const input = el("input", {
        className: "cell", type: "text", maxLength: 1, autocomplete: "off", spellcheck: false,
        autocapitalize: "characters", "aria-label": `Row ${r + 1}, column ${c + 1}`,
      });
      input.dataset.i = r * grid.w + c;
      inputs.push(input);
      tr.append(el("td", {}, el("span", { className: "num", "aria-hidden": "true" }), input));
    }
    gridBody.append(tr);
  }
  sel.cell = Math.min(sel.cell, grid.w * grid.h - 1);
  box = null;
}

/** A grid wider than its box (a 15x15 on a phone) scrolls sideways: shade the sides that have
 * more columns and say which columns show, as it scrolls and whenever its size changes. */
function watchScroll() {
  const boardBox = $("board");
  const frame = boardBox.parentElement;
  const note = $("board-scroll-note");
  const update = () => {
    const scrolls = boardBox.scrollWidth > boardBox.clientWidth + 1;
    const end = boardBox.scrollLeft + boardBox.clientWidth;
    frame.classList.toggle("more-left", scrolls && boardBox.scrollLeft > 1);
    frame.classList.toggle("more-right", scrolls && end < boardBox.scrollWidth - 1);
    note.hidden = !scrolls;
    $("whole-grid").hidden = !scrolls && !whole();
    if (!scrolls || !inputs.length) return;
    // The columns at least half shown, read from the first row's cells.
    const box = boardBox.getBoundingClientRect();
    const shown = [];
    for (let c = 0; c < grid.w; c++) {
      const r = inputs[c].getBoundingClientRect();
      if (Math.min(r.right, box.right) - Math.max(r.left, box.left) >= r.width / 2) shown.push(c + 1);
    }
    if (!shown.length) return;
    note.textContent = `Columns ${shown[0]}–${shown.at(-1)} of ${grid.w} shown: ` +
      "swipe the grid sideways for the rest.";
  };
  let queued = false;
  const soon = () => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(() => { queued = false; update(); });
  };
  boardBox.addEventListener("scroll", soon, { passive: true });
  const observer = new ResizeObserver(soon);
  observer.observe(boardBox);
  observer.observe(gridTable);
  update();
  // The bar's height, for the scroll margins that keep a cell or the grid clear of it.
  const bar = $("entry-bar");
  new ResizeObserver(() => form.style.setProperty("--bar-h", `${bar.offsetHeight}px`)).observe(bar);
}

/** Whether the grid is shown whole (the overview on a phone). */
function whole() { return gridTable.classList.contains("whole"); }

/** Show the whole grid in the width of its box, or its cells at their size again. */
function setWhole(on) {
  gridTable.classList.toggle("whole", on);
  $("whole-grid").setAttribute("aria-pressed", on ? "true" : "false");
}

/** After a fill: bring the grid into view, with the entry bar and its outcome line above it,
 * if the page is elsewhere (Fill sits below the grid). */
function showGrid() {
  const note = $("board-scroll-note");
  const bar = $("entry-bar").getBoundingClientRect();
  const r = gridTable.getBoundingClientRect();
  // In view: the bar where it belongs (not stuck over the grid's first rows), and the grid.
  if (bar.top >= 0 && bar.bottom <= r.top + 1 && r.bottom <= innerHeight) return;
  const smooth = !matchMedia("(prefers-reduced-motion: reduce)").matches;
  // Not the bar itself: a sticky box scrolled past sits at the end of its section. The
  // frame's scroll margin is the bar's height (fill.css), so the bar shows above it.
  (note.hidden ? $("board").parentElement : note).scrollIntoView({ block: "start", behavior: smooth ? "smooth" : "auto" });
}

/** The entry through the selected cell in the typing direction (or the other one). */
function selected() {
  const want = sel.across ? "across" : "down";
  return list.find((e) => e.direction === want && e.cells.includes(sel.cell))
    || list.find((e) => e.cells.includes(sel.cell)) || null;
}

function inBox(i) {
  if (!box) return false;
  const r = Math.floor(i / grid.w);
  const c = i % grid.w;
  return r >= box.r0 && r <= box.r1 && c >= box.c0 && c <= box.c1;
}

/** Redraw everything that follows from the state (cheap: no requests). */
function paint() {
  list = entries(grid);
  const nums = numbers(list);
  const entry = selected();
  const here = new Set(entry ? entry.cells : []);
  const weak = weakest();
  const weakCells = new Set(weak.flatMap((w) => w.entry.cells));
  inputs.forEach((input, i) => {
    const ch = grid.cells[i];
    const block = ch === "#";
    input.value = block ? "" : ch; // shown in capitals by the style sheet
    input.maxLength = i === rebus.at ? REBUS_MAX : 1;
    input.classList.toggle("block", block);
    input.classList.toggle("rebus", !block && isRebus(ch));
    input.classList.toggle("rebus-typing", i === rebus.at);
    input.classList.toggle("void", block && voids.has(i));
    input.parentElement.classList.toggle("circled", !block && circles.has(i));
    input.parentElement.classList.toggle("shaded", !block && shaded.has(i));
    input.classList.toggle("typed", !block && ch !== "" && grid.typed[i]);
    input.classList.toggle("found", !block && ch !== "" && !grid.typed[i]);
    input.classList.toggle("in-entry", here.has(i));
    input.classList.toggle("in-box", inBox(i));
    input.classList.toggle("weak", weakCells.has(i));
    input.classList.toggle("bad", checked.bad.has(i));
    input.tabIndex = i === sel.cell ? 0 : -1; // the grid is one tab stop; arrows move inside
    const r = Math.floor(i / grid.w) + 1;
    const c = (i % grid.w) + 1;
    input.setAttribute("aria-label", `Row ${r}, column ${c}` + (block ? (voids.has(i) ? ", void" : ", block")
      : (isRebus(ch) ? ", rebus" : "") + (circles.has(i) ? ", circled" : "") + (shaded.has(i) ? ", shaded" : "")));
    const num = nums.get(i);
    input.parentElement.querySelector(".num").textContent = num || "";
    if (num) input.parentElement.dataset.digits = String(num).length; // the ring's gap (fill.css)
    else delete input.parentElement.dataset.digits;
  });
  lists.update(list, {
    patternOf: (e) => pattern(grid, e), clueOf: (e) => clues.get(e.key) || "",
    checkOf: (e) => checked.by.get(e.label), scoreOf: (e) => scoreOf(e),
    overconstrained: Boolean(checked.doc) && checked.doc.status !== "ok", selectedKey: entry?.key,
    bad: new Set((checked.doc?.entries || []).filter((x) => x.candidates === 0).map((x) => `${x.number} ${x.direction}`)),
  });
  lists.markWeak(new Set(weak.map((w) => w.entry.key)));
  renderWeakest($("weakest"), $("weakest-list"), weak, selectEntry);
  paintEntryPanel(entry);
  const s = stats(grid, list);
  $("stats").textContent = `${grid.w}×${grid.h}: ${s.words} words, ${s.blocks} blocks, average word ` +
    `length ${s.average.toFixed(1)}; ${s.letters} of ${s.white} cells hold a letter.`;
  $("rebus").setAttribute("aria-pressed", rebus.at === null ? "false" : "true");
  $("undo").disabled = !history.done.length;
  $("redo").disabled = !history.undone.length;
  fillBox.disabled = form.getAttribute("aria-busy") === "true";
  const at = boxPick === null ? "" : `row ${Math.floor(boxPick / grid.w) + 1}, column ${boxPick % grid.w + 1}`;
  $("region-help").textContent = box
    ? `Box: rows ${box.r0 + 1}-${box.r1 + 1}, columns ${box.c0 + 1}-${box.c1 + 1} (Esc clears it).`
    : boxPick !== null ? `Box from ${at}: tap or click the cell at its opposite corner.` : "";
}

function paintEntryPanel(entry) {
  $("entry-label").textContent = entry ? entry.label : "";
  $("entry-pattern").textContent = entry ? shown(pattern(grid, entry)) : "";
  paintBar(entry);
  const clue = $("entry-clue");
  clue.disabled = !entry;
  if (entry && document.activeElement !== clue) clue.value = clues.get(entry.key) || "";
  const letters = entry ? entry.cells.filter((i) => grid.cells[i]) : [];
  const locked = letters.length > 0 && letters.every((i) => grid.typed[i]);
  lockButton.textContent = locked ? "Unlock entry" : "Lock entry";
  lockButton.disabled = !entry || letters.length === 0;
  $("fill-near").disabled = !entry;
}

/** The entry bar above the grid: the selected entry, its clue, and how many words fit it. */
function paintBar(entry) {
  $("bar-label").textContent = entry ? entry.label : "No entry";
  $("bar-pattern").textContent = entry ? shown(pattern(grid, entry)) : "";
  const clue = entry ? (clues.get(entry.key) || "").trim() : "";
  $("bar-clue").textContent = clue || (entry ? "No clue yet" : "");
  $("bar-clue").classList.toggle("none", !clue);
  const cands = $("bar-cands");
  cands.hidden = !entry;
  const n = candCount && entry && candCount.key === entry.key ? candCount : null;
  cands.classList.toggle("stale", Boolean(n?.stale));
  cands.textContent = !n ? "Candidates…"
    : n.total === null ? "Candidates"
    : n.total === 0 ? "No word fits"
    : `${n.total.toLocaleString("en")} candidate${n.total === 1 ? "" : "s"}` +
      (n.viable < n.total ? ` (${n.viable.toLocaleString("en")} ✓)` : "");
}

/** The bar's candidates button: to the candidates list, its first word focused. */
function toCandidates() {
  const smooth = !matchMedia("(prefers-reduced-motion: reduce)").matches;
  $("cand-title").scrollIntoView({ block: "start", behavior: smooth ? "smooth" : "auto" });
  const first = $("candidates").querySelector("button");
  if (first) first.focus({ preventScroll: true });
}

/** The status line and the warning (under the grid), shown in the entry bar too, above it.
 * The copies are aria-hidden: a screen reader hears the originals once. */
function mirrorStatus() {
  const mirror = (from, to) => {
    const copy = () => {
      to.textContent = from.hidden ? "" : from.textContent;
      to.hidden = from.hidden;
      to.className = from.className.replace("status", "bar-status");
    };
    new MutationObserver(copy).observe(from, { childList: true, characterData: true, subtree: true, attributes: true });
    copy();
  };
  mirror(status, $("bar-status"));
  mirror(warning, $("bar-warning"));
}

function scoreOf(e) {
  const s = scored.get(e.label);
  return s && s.answer === pattern(grid, e) ? s.score : null;
}

/** The five weakest entries with a score, weakest first. */
function weakest() {
  const out = [];
  for (const e of list) {
    const score = scoreOf(e);
    if (score !== null) out.push({ entry: e, answer: pattern(grid, e), score });
  }
  out.sort((a, b) => a.score - b.score || a.entry.label.localeCompare(b.entry.label));
  return out.length >= 2 ? out.slice(0, 5) : [];
}

function setClue(key, text) {
  if (text.trim()) clues.set(key, text);
  else clues.delete(key);
}

// ---- editing ------------------------------------------------------------------------------

/** After the letters of `changed` cells changed: the filler's letters of every entry through
 * them go (they no longer make words there); the setter's stay. */
function dropFillerAround(changed, before = list) {
  for (const e of before) {
    if (!e.cells.some((i) => changed.has(i))) continue;
    for (const i of e.cells) if (!grid.typed[i] && grid.cells[i] !== "#" && !changed.has(i)) grid.cells[i] = "";
  }
}

function edited() {
  paint();
  share();
  recheck();
  loadCandidates();
}

function setLetter(i, ch) {
  if (grid.cells[i] === "#") return;
  history.push();
  const old = grid.cells[i];
  grid.cells[i] = ch;
  grid.typed[i] = ch !== "";
  if (old !== ch) dropFillerAround(new Set([i]));
  edited();
}

function toggleBlock(i) {
  history.push();
  const block = grid.cells[i] !== "#";
  const cells = partners(grid, i, symmetry.value);
  dropFillerAround(new Set(cells));
  for (const j of cells) {
    grid.cells[j] = block ? "#" : "";
    grid.typed[j] = false;
    voids.delete(j);
  }
  edited();
}

function place(word, score) {
  const entry = selected();
  const parts = entry ? splitWord(grid, entry, word) : null; // a rebus cell keeps its letters
  if (!parts) return;
  history.push();
  const changed = new Set();
  entry.cells.forEach((i, k) => {
    if (grid.cells[i] !== parts[k]) changed.add(i);
    grid.cells[i] = parts[k];
    grid.typed[i] = true;
  });
  dropFillerAround(changed, list.filter((e) => e !== entry));
  scored.set(entry.label, { answer: word, score });
  say(status, `Placed ${word.toUpperCase()} in ${entry.label}.`);
  edited();
  if (narrow.matches) showGrid(); // the candidates are below the grid: back to it
}

// ---- rebus cells: several letters in one cell (Insert, or the Rebus cell button) ----------------

function startRebus(i) {
  if (grid.cells[i] === "#" || rebus.at !== null) return;
  history.push();
  rebus = { at: i, before: grid.cells[i] };
  if (!grid.typed[i]) grid.cells[i] = ""; // the setter's letters start the rebus, not the filler's
  say(status, `Rebus: type the letters of row ${Math.floor(i / grid.w) + 1}, column ${(i % grid.w) + 1}, ` +
    "then Enter (Esc puts the cell back).");
  paint();
}

/** End the rebus being typed: kept (the setter's, as a typed letter is) or put back. */
function endRebus(keep) {
  const i = rebus.at;
  if (i === null) return;
  const before = rebus.before;
  rebus = { at: null, before: "" };
  if (!keep || grid.cells[i] === before) {
    if (!keep) grid.cells[i] = before;
    history.done.pop(); // nothing changed: no undo step
    say(status, "");
    paint();
    return;
  }
  grid.typed[i] = grid.cells[i] !== "";
  dropFillerAround(new Set([i]));
  say(status, isRebus(grid.cells[i]) ? `Rebus ${grid.cells[i].toUpperCase()} in row ${Math.floor(i / grid.w) + 1}, ` +
    `column ${(i % grid.w) + 1}.` : "");
  edited();
}

function rebusKey(i, event) {
  const key = event.key;
  if (/^[a-zA-Z]$/.test(key)) {
    grid.cells[i] = (grid.cells[i] + key.toLowerCase()).slice(0, REBUS_MAX);
    paint();
  } else if (key === "Backspace") {
    grid.cells[i] = grid.cells[i].slice(0, -1);
    paint();
  } else if (key === "Enter" || key === "Insert") endRebus(true);
  else if (key === "Escape") endRebus(false);
  else if (key === "Tab") { endRebus(true); return; } // Tab leaves the grid as usual
  else if (key.startsWith("Arrow")) { endRebus(true); onKey(event); return; } // then moves
  else return;
  event.preventDefault();
}

function toggleLock() {
  const entry = selected();
  if (!entry) return;
  const letters = entry.cells.filter((i) => grid.cells[i]);
  if (!letters.length) return;
  history.push();
  const lock = !letters.every((i) => grid.typed[i]);
  for (const i of letters) grid.typed[i] = lock;
  say(status, lock ? `${entry.label} locked: every fill keeps it.` : `${entry.label} unlocked: the next fill may change it.`);
  paint();
  share();
  recheck();
}

function selectEntry(e) {
  sel = { cell: e.cells[0], across: e.direction === "across" };
  focusCell(sel.cell);
}

function focusCell(i) {
  if (i < 0 || i >= grid.w * grid.h) return;
  inputs[i].focus();
}

function step() { return sel.across ? 1 : grid.w; }

function sameLine(a, b) {
  return sel.across ? Math.floor(a / grid.w) === Math.floor(b / grid.w) : b >= 0 && b < grid.w * grid.h;
}

function extendBox(to) {
  const from = anchor ?? sel.cell;
  anchor = from;
  const [r0, r1] = [Math.floor(from / grid.w), Math.floor(to / grid.w)].sort((a, b) => a - b);
  const [c0, c1] = [from % grid.w, to % grid.w].sort((a, b) => a - b);
  box = { r0, c0, r1, c1 };
}

function clearBox() { box = null; anchor = null; boxPick = null; }

function move(to, shift) {
  if (to < 0 || to >= grid.w * grid.h) return;
  if (shift) extendBox(to);
  else clearBox();
  focusCell(to);
  paint();
}

function onKey(event) {
  const input = event.target;
  if (!input.classList.contains("cell")) return;
  const i = Number(input.dataset.i);
  const key = event.key;
  if ((event.ctrlKey || event.metaKey) && !event.altKey) {
    const k = key.toLowerCase();
    if (k === "z" && !event.shiftKey) { event.preventDefault(); undo(); }
    else if (k === "y" || (k === "z" && event.shiftKey)) { event.preventDefault(); redo(); }
    return;
  }
  if (event.altKey) return;
  if (rebus.at === i) { rebusKey(i, event); return; }
  if (key === "Insert") { event.preventDefault(); startRebus(i); return; }
  const s = step();
  if (/^[a-zA-Z]$/.test(key)) {
    setLetter(i, key.toLowerCase());
    if (sameLine(i, i + s) && grid.cells[i + s] !== "#") focusCell(i + s);
  } else if (key === "." || key === "#") {
    toggleBlock(i);
  } else if (key === " ") {
    sel.across = !sel.across;
    paint();
    loadCandidates();
  } else if (key === "Backspace") {
    if (grid.cells[i] && grid.cells[i] !== "#") setLetter(i, "");
    else if (sameLine(i, i - s) && i - s >= 0 && grid.cells[i - s] !== "#") { focusCell(i - s); setLetter(i - s, ""); }
  } else if (key === "Delete") {
    if (grid.cells[i] !== "#") setLetter(i, "");
  } else if (key === "ArrowRight") { if ((i % grid.w) < grid.w - 1) move(i + 1, event.shiftKey); }
  else if (key === "ArrowLeft") { if (i % grid.w > 0) move(i - 1, event.shiftKey); }
  else if (key === "ArrowDown") move(i + grid.w, event.shiftKey);
  else if (key === "ArrowUp") move(i - grid.w, event.shiftKey);
  else if (key === "Escape") { clearBox(); paint(); }
  else if (key === "Enter") { event.preventDefault(); runFill(false); return; }
  else return;
  event.preventDefault();
}

function undo() {
  if (rebus.at !== null) { endRebus(false); return; } // Ctrl+Z while typing a rebus drops it
  if (history.undo()) { say(status, "Undone."); edited(); }
}

function redo() {
  if (history.redo()) { say(status, "Redone."); edited(); }
}

// ---- sharing, options --------------------------------------------------------------------

function share() {
  const square = grid.w === grid.h;
  setParams({ size: square ? grid.w : "", g: rowsOf(grid, (i) => grid.typed[i]).join("-"),
    lexicon: lexicon.value === facts.page.lexicon ? "" : lexicon.value, common: common.checked ? "1" : "", min: scoreFloor() || "",
    two: allow2.checked ? "1" : "", iffy: $("allow-iffy").checked ? "1" : "",
    limit: timeLimitOf($("time-limit").value) === facts.time_limit ? "" : timeLimitOf($("time-limit").value),
    sym: symmetry.value === "rotational" ? "" : symmetry.value,
    stem: allowSameStem.checked ? "1" : "", shared: sharedRun() ?? "",
    bylen: Object.entries(scoresByLength().scores).map(([n, v]) => `${n}:${v}`).join(",") });
}

/** The shortest run of letters two entries may not share (--max-shared-substring), or null. */
function sharedRun() {
  const v = Number(maxShared.value);
  return maxShared.value !== "" && Number.isInteger(v) && v >= 2 && v <= 25 ? v : null;
}

/** Least scores by length (--min-score-by-length) from "3:40, 4:30", and what was not read. */
function scoresByLength() {
  const scores = {};
  const bad = [];
  for (const part of minByLength.value.split(/[\s,;]+/).filter(Boolean)) {
    const m = /^(\d{1,2}):(\d{1,3})$/.exec(part);
    if (m && Number(m[1]) >= 2 && Number(m[1]) <= 25 && Number(m[2]) <= 100) scores[Number(m[1])] = Number(m[2]);
    else bad.push(part);
  }
  return { scores, bad };
}

function checkRules() {
  const { bad } = scoresByLength();
  const sharedBad = maxShared.value !== "" && sharedRun() === null;
  maxShared.setAttribute("aria-invalid", sharedBad ? "true" : "false");
  minByLength.setAttribute("aria-invalid", bad.length ? "true" : "false");
  const text = [
    sharedBad ? `Letters in a row is a whole number from 2 to 25 (${maxShared.value} is left out).` : "",
    bad.length ? `Least score by length takes LENGTH:SCORE pairs, a length of 2 to 25 and a score of 0 to 100 (${bad.join(", ")} left out).` : "",
  ].filter(Boolean).join(" ");
  $("rules-error").textContent = text;
  $("rules-error").hidden = !text;
}

function scoreFloor() {
  return Math.min(100, Math.max(0, Math.floor(Number(minScore.value) || 0)));
}

function fieldError(input, box_, text) {
  box_.textContent = text;
  box_.hidden = !text;
  input.setAttribute("aria-invalid", text ? "true" : "false");
}

/** The words typed in a block or prefer box (split as a word file's lines are). */
function typedWords(box_) {
  return box_.value.split(/[\s,;]+/).filter((w) => /[a-z]/i.test(w)).slice(0, facts.page.setter_words_max);
}

// The options every request sends, as the CLI's --lexicon, --common, --min-score, --allow-2,
// --block, --prefer, --allow-same-stem, --min-score-by-length and --max-shared-substring.
function options() {
  return { lexicon: lexicon.value || null, common: common.checked, min_score: scoreFloor(),
    allow_2: allow2.checked, block: typedWords(blockWords), prefer: typedWords(preferWords),
    block_lists: blockList.value ? [blockList.value] : [],
    prefer_lists: preferList.value ? [preferList.value] : [], allow_same_stem: allowSameStem.checked,
    allow_iffy: $("allow-iffy").checked,
    min_score_by_length: scoresByLength().scores, max_shared_substring: sharedRun() };
}

function checkLists() {
  const over = [blockWords, preferWords].filter((b) => b.value.split(/[\s,;]+/).filter(Boolean).length > facts.page.setter_words_max);
  for (const b of [blockWords, preferWords]) b.setAttribute("aria-invalid", over.includes(b) ? "true" : "false");
  const text = over.length ? `A list holds at most ${facts.page.setter_words_max.toLocaleString()} words; the rest are left out. Add a longer one with puzzlesmith lexicon add.` : "";
  $("lists-error").textContent = text;
  $("lists-error").hidden = !text;
}

/** The registered lists offered for block and prefer (the bundled ones are whole dictionaries). */
async function fillSetterLists() {
  const doc = await api("/api/lexicons");
  for (const select of [blockList, preferList]) {
    for (const l of doc.lexicons) {
      if (l.kind === "bundled") continue;
      select.append(el("option", { value: l.name }, l.name));
    }
  }
}

/** The server's message, worded for this page where it names a command-line flag. */
function forPage(message) {
  return message.replace("use --allow-2 to allow them", "tick \u201cAllow 2-letter entries\u201d to allow them");
}

// ---- the check: both figures of `fill check`, and what the setter's letters did -------------

/** Check the grid soon; `data-checked` is "0" until the answer for the grid as it stands is shown. */
function recheck() {
  form.dataset.checked = "0";
  checkWanted += 1;
  checkSoon();
}

const checkSoon = debounce(async () => {
  const wanted = checkWanted;
  const stale = () => wanted !== checkWanted;
  const typedRows = rowsOf(grid, (i) => grid.typed[i]);
  try {
    const doc = await api("/api/fill/check", { grid: typedRows, ...options() });
    if (stale()) return;
    let blame = "letters";
    if (doc.status === "overconstrained") {
      const anyTyped = grid.typed.some((t, i) => t && grid.cells[i] !== "#");
      if (!anyTyped) blame = "pattern";
      else {
        const bare = await api("/api/fill/check", { grid: rowsOf(grid, () => false), ...options() });
        if (stale()) return;
        if (bare.status !== "ok") blame = "pattern";
      }
    }
    retries.check = 0;
    showCheck(doc, blame);
  } catch (e) {
    if (stale()) return;
    checked = { doc: null, by: new Map(), bad: new Set() };
    warning.textContent = loading(e) ? LOADING : forPage(e.message);
    warning.hidden = false;
    paint();
    if (loading(e) && retryLater("check")) return; // data-checked stays "0": not an answer
  }
  form.dataset.checked = "1";
}, 250);

// A server that has just started loads the crossword list's tables in each worker the first
// time they are asked for (on a fresh install it builds them: up to a minute), so the first
// checks may reach their time limit. Ask again a few times rather than stay on that error.
const LOADING = "The server is still loading the word list (the first time can take a minute); asking again…";
const retries = { check: 0, candidates: 0 };

function loading(e) {
  return e.status === 504 || e.status === 503;
}

function retryLater(what) {
  if (retries[what] >= 8) return false;
  retries[what] += 1;
  setTimeout(() => (what === "check" ? recheck() : loadCandidates()), 3000);
  return true;
}

function showCheck(doc, blame) {
  const by = new Map(doc.entries.map((x) => [`${x.number} ${x.direction}`, x]));
  const bad = new Set();
  const typedIn = (labels) => list.filter((e) => labels.includes(e.label))
    .flatMap((e) => e.cells.filter((i) => grid.typed[i] && grid.cells[i] && grid.cells[i] !== "#"));
  const outside = doc.not_in_list.length
    ? `Typed entries not in the word list (kept as given): ${doc.not_in_list.join(", ")}.` : "";
  let text = "";
  if (doc.status === "unfillable") {
    const parts = doc.unfillable.map((label) => {
      const e = list.find((x) => x.label === label);
      const mine = typedIn([label]);
      for (const i of mine.length ? mine : e ? e.cells : []) bad.add(i);
      return e && mine.length ? `${label} ${shown(pattern({ ...grid, cells: grid.cells.map((ch, i) => (grid.typed[i] ? ch : "")) }, e))} (your letters)`
        : `${label} (no word of ${e ? e.cells.length : "its"} letters in the list)`;
    });
    text = `Entries that cannot be filled: no word fits ${parts.join(", ")}.`;
  } else if (doc.status === "overconstrained" && doc.conflict) {
    const c = doc.conflict;
    const pair = [c.entry, c.because_of].filter(Boolean);
    const where = "row" in c ? ` (they cross at row ${c.row + 1}, column ${c.col + 1})` : "";
    if (blame === "letters") {
      const mine = typedIn(pair);
      for (const i of mine) bad.add(i);
      if (!mine.length && "row" in c) bad.add(c.row * grid.w + c.col);
      text = `Entries that cannot be filled together: ${pair.join(" and ")}${where}: the letters ` +
        "you typed leave no words that fit both.";
    } else {
      text = `Entries that cannot be filled together: ${pair.join(" and ")}${where}, with this block ` +
        "pattern and word list. Add blocks to shorten them, or untick \u201cCommon words only\u201d.";
    }
  }
  checked = { doc, by, bad };
  warning.textContent = [text, outside].filter(Boolean).join(" ");
  warning.hidden = !warning.textContent;
  paint();
}

// ---- candidates ---------------------------------------------------------------------------

/** Ask for the selected entry's candidates soon; the list is aria-busy until they are shown. */
function loadCandidates() {
  $("candidates").setAttribute("aria-busy", "true");
  if (candCount) candCount.stale = true;
  paintBar(selected());
  candWanted += 1;
  candidatesSoon();
}

const candidatesSoon = debounce(async () => {
  const wanted = candWanted;
  const stale = () => wanted !== candWanted;
  const entry = selected();
  const container = $("candidates");
  const summary = $("cand-summary");
  const done = () => container.setAttribute("aria-busy", "false");
  if (!entry) { renderCandidates(container, summary, null, place); done(); return; }
  // The entry's own filler letters are left out, so its alternatives show; its crossings
  // keep every letter they have.
  const mine = new Set(entry.cells);
  const rows = rowsOf(grid, (i) => grid.typed[i] || !mine.has(i));
  try {
    const doc = await api("/api/fill/candidates", { grid: rows, entry: entry.label, ...options(), limit: 100, viable_first: true });
    if (stale()) return;
    retries.candidates = 0;
    renderCandidates(container, summary, doc, place);
    candCount = { key: entry.key, total: doc.total, viable: doc.viable };
    paintBar(selected());
  } catch (e) {
    if (stale()) return;
    container.replaceChildren();
    summary.textContent = loading(e) ? LOADING : forPage(e.message);
    if (loading(e) && retryLater("candidates")) return;
    candCount = { key: entry.key, total: null, viable: null };
    paintBar(selected());
  }
  done();
}, 150);

// ---- filling ------------------------------------------------------------------------------

function busy(on) {
  for (const b of busyButtons) b.disabled = on;
  form.setAttribute("aria-busy", on ? "true" : "false");
  if (!on) paint();
}

/** While a fill runs: the time it has used of its limit. Returns the stopper. */
function showWorking() {
  const boxEl = $("fill-working");
  const bar = $("fill-progress");
  const elapsed = $("fill-elapsed");
  const start = performance.now();
  const timeLimit = timeLimitOf($("time-limit").value);
  const tick = () => {
    const secs = (performance.now() - start) / 1000;
    bar.value = Math.min(1, secs / timeLimit);
    elapsed.textContent = `${Math.floor(secs)} s; it stops by ${timeLimit} s with its best fill or its verdict.`;
  };
  say(status, "Filling…");
  tick();
  boxEl.hidden = false;
  const timer = setInterval(tick, 250);
  return () => { clearInterval(timer); boxEl.hidden = true; };
}

/** The cells a region fill may change: the box, else the selected entry and its crossings. */
function regionCells(useBox) {
  if (useBox && box) {
    const out = new Set();
    for (let r = box.r0; r <= box.r1; r++) for (let c = box.c0; c <= box.c1; c++) out.add(r * grid.w + c);
    return { cells: out, what: `the box (rows ${box.r0 + 1}-${box.r1 + 1}, columns ${box.c0 + 1}-${box.c1 + 1})` };
  }
  const entry = selected();
  const out = new Set(entry.cells);
  for (const e of list) if (e.direction !== entry.direction && e.cells.some((i) => out.has(i))) e.cells.forEach((i) => out.add(i));
  return { cells: out, what: `${entry.label} and the entries crossing it` };
}

/** Fill the grid (region null), or only a region: letters outside it stay as they are. */
async function runFill(again, region = null) {
  if (again) seed += 1;
  busy(true);
  advice.hidden = true;
  const stopWorking = showWorking();
  const keep = region ? (i) => grid.typed[i] || !region.cells.has(i) : (i) => grid.typed[i];
  try {
    const draft = $("draft-clues").checked;
    const doc = await api("/api/fill", { grid: rowsOf(grid, keep), ...options(), seed, time_limit: timeLimitOf($("time-limit").value),
      clues: draft });
    stopWorking();
    if (doc.status === "filled") {
      history.push();
      const letters = doc.grid.join("");
      for (let i = 0; i < letters.length; i++) {
        if (grid.typed[i] || grid.cells[i] === "#" || (region && !region.cells.has(i))) continue;
        grid.cells[i] = letters[i];
      }
      for (const x of doc.entries) if (x.score !== null) scored.set(`${x.number} ${x.direction}`, { answer: x.answer, score: x.score });
      let drafted = 0;
      if (draft) {
        // A drafted clue goes to an empty clue field whose entry reads as the fill has it.
        const byLabel = new Map(entries(grid).map((e) => [e.label, e]));
        for (const x of doc.entries) {
          const e = byLabel.get(`${x.number} ${x.direction}`);
          if (!x.clue || !e || clues.get(e.key) || pattern(grid, e) !== x.answer) continue;
          clues.set(e.key, x.clue);
          drafted += 1;
        }
      }
      const where = region ? `Filled ${region.what}` : "Filled";
      const note = draft ? ` ${drafted} clue${drafted === 1 ? "" : "s"} drafted.` : "";
      if (doc.min_score === null) {
        // Every entry was the setter's (a whole grid typed or opened): nothing was filled.
        const given = doc.entries.map((x) => x.score).filter((x) => x !== null);
        const weakestOwn = given.length ? ` The weakest of yours scores ${Math.min(...given)}.` : "";
        say(status, `Nothing to fill: every entry is yours.${weakestOwn} Clear fill clears the letters to fill afresh.${note}`, "good");
      } else {
        say(status, `${where}: weakest entry ${doc.min_score}, mean ${doc.mean_score}, in ${doc.seconds.toFixed(2)} s.${note}`, "good");
      }
      edited();
      showGrid();
    } else if (doc.status === "impossible") {
      const what = region ? `No fill for ${region.what} with the letters around it` : "Impossible";
      say(status, doc.core
        ? `${what}: these ${doc.core.length} entries have no fill even on their own: ${doc.core.join(", ")}.`
        : `${what}: no fill exists with these words (every choice was tried).`, "warn");
    } else {
      say(status, "Time limit reached before a fill was found.", "warn");
    }
    if (doc.status !== "filled" && common.checked) {
      say(advice, "Untick \u201cCommon words only\u201d to fill from the whole list: " +
        "the filler still picks the fill whose weakest word is the strongest it finds.");
      advice.hidden = false;
    }
  } catch (e) {
    stopWorking();
    say(status, forPage(e.message), "error");
  } finally {
    busy(false);
  }
}

/** Clear the filler's letters; when there are none, every letter (all of them the setter's:
 * typed, or opened from a file), so that the button never does nothing. Undo brings them back. */
function clearFill() {
  const letter = (ch) => ch !== "#" && ch !== "";
  const filler = grid.cells.some((ch, i) => letter(ch) && !grid.typed[i]);
  const own = grid.cells.filter(letter).length;
  history.push();
  if (filler) {
    grid.cells = grid.cells.map((ch, i) => (ch !== "#" && !grid.typed[i] ? "" : ch));
    say(status, "");
  } else {
    grid.cells = grid.cells.map((ch) => (ch === "#" ? ch : ""));
    grid.typed = grid.typed.map(() => false);
    say(status, own ? `Cleared all ${own} letters: every one was yours (typed, or from the file opened); Undo brings them back.` : "");
  }
  edited();
}

// ---- files --------------------------------------------------------------------------------

function load(doc) {
  history.push();
  const h = doc.grid.length;
  const w = doc.grid[0].length;
  const resize = w !== grid.w || h !== grid.h;
  grid = emptyGrid(w, h);
  doc.grid.join("").split("").forEach((ch, i) => {
    if (ch === "#") grid.cells[i] = "#";
    else if (ch !== ".") { grid.cells[i] = ch; grid.typed[i] = true; }
  });
  for (const [i, text] of Object.entries(doc.rebus || {})) {
    if (grid.cells[Number(i)] === "#") continue;
    grid.cells[Number(i)] = text.toLowerCase();
    grid.typed[Number(i)] = true;
  }
  if (resize) build();
  list = entries(grid);
  clues = new Map();
  for (const e of list) if (doc.clues[e.label]) clues.set(e.key, doc.clues[e.label]);
  scored = new Map();
  voids = new Set(doc.voids || []);
  const cellsOf = (pairs) => new Set((pairs || []).map(([r, c]) => r * w + c));
  circles = cellsOf(doc.circles);
  shaded = cellsOf(doc.shaded);
  for (const [k, input] of Object.entries(info)) input.value = doc[k] || "";
  sizeInput.value = Math.max(w, h);
  clearBox();
  sel = { cell: list.length ? list[0].cells[0] : 0, across: true };
  edited();
}

async function open(file) {
  say(fileStatus, `Opening ${file.name}…`);
  try {
    const doc = await openFile(file);
    load(doc);
    const n = Object.keys(doc.clues).length;
    const rebusCells = Object.keys(doc.rebus || {}).length;
    const notes = [
      doc.locked ? "its answers are locked (scrambled), so only its blocks were read" : "",
      rebusCells ? `${rebusCells} rebus cell${rebusCells === 1 ? "" : "s"} (several letters a cell)` : "",
      doc.voids?.length ? `${doc.voids.length} cells outside its shape are kept as voids` : "",
    ].filter(Boolean);
    say(fileStatus, `Opened ${file.name}: ${doc.grid[0].length}×${doc.grid.length}, ${n} clue${n === 1 ? "" : "s"}` +
      `${doc.title ? `, \u201c${doc.title}\u201d` : ""}.` + (notes.length ? ` Note: ${notes.join("; ")}.` : ""), "good");
  } catch (e) {
    say(fileStatus, forPage(e.message), "error");
  }
}

async function save(format) {
  const labels = new Map(list.map((e) => [e.key, e.label]));
  const body = { grid: rowsOf(grid), format, allow_2: true, clues: {},
    voids: [...voids].filter((i) => grid.cells[i] === "#").sort((a, b) => a - b) };
  const pairsOf = (cells) => [...cells].filter((i) => grid.cells[i] !== "#").sort((a, b) => a - b)
    .map((i) => [Math.floor(i / grid.w), i % grid.w]);
  body.circles = pairsOf(circles);
  body.shaded = pairsOf(shaded);
  for (const [k, input] of Object.entries(info)) body[k] = input.value;
  for (const [key, text] of clues) if (labels.has(key) && text.trim()) body.clues[labels.get(key)] = text;
  try {
    const name = await saveFile(body);
    const empty = grid.cells.filter((ch) => ch === "").length;
    say(fileStatus, `Saved ${name}` + (empty ? ` (${empty} empty cells have no letter in it).` : "."), "good");
  } catch (e) {
    say(fileStatus, forPage(e.message), "error");
  }
}

// ---- start --------------------------------------------------------------------------------

function resize() {
  const n = Number(sizeInput.value);
  if (!Number.isInteger(n) || n < MIN_SIZE || n > MAX_SIZE) {
    fieldError(sizeInput, $("size-error"), `Size is a whole number from ${MIN_SIZE} to ${MAX_SIZE}; the grid stays ${grid.w}×${grid.h}.`);
    return;
  }
  fieldError(sizeInput, $("size-error"), "");
  if (n === grid.w && n === grid.h) return;
  history.push();
  grid = emptyGrid(n, n);
  voids = new Set();
  circles = new Set();
  shaded = new Set();
  build();
  say(status, "");
  edited();
}

function wire() {
  gridBody.addEventListener("keydown", onKey);
  gridBody.addEventListener("focusin", (e) => {
    if (!e.target.dataset.i) return;
    const i = Number(e.target.dataset.i);
    if (rebus.at !== null && i !== rebus.at) endRebus(true);
    if (i !== sel.cell) { sel.cell = i; paint(); loadCandidates(); }
  });
  let dragFrom = null;
  gridBody.addEventListener("pointerdown", (e) => {
    const i = e.target.dataset?.i;
    if (i === undefined) return;
    const cell = Number(i);
    if (whole()) {
      // A tap in the overview goes to that cell at its full size (no focus yet: a phone would
      // zoom in on an input whose letters are that small).
      e.preventDefault();
      setWhole(false);
      sel.cell = cell;
      requestAnimationFrame(() => { focusCell(cell); paint(); loadCandidates(); });
      return;
    }
    if (e.shiftKey) { e.preventDefault(); extendBox(cell); paint(); return; }
    if (boxPick !== null) {
      e.preventDefault();
      anchor = boxPick;
      boxPick = null;
      extendBox(cell);
      paint();
      return;
    }
    dragFrom = cell;
    if (cell === sel.cell && document.activeElement === inputs[cell]) {
      sel.across = !sel.across; // a second click on the selected cell turns the direction
      paint();
      loadCandidates();
    }
    clearBox();
    anchor = cell;
  });
  gridBody.addEventListener("pointerover", (e) => {
    const i = e.target.dataset?.i;
    if (dragFrom === null || i === undefined || !(e.buttons & 1) || Number(i) === dragFrom) return;
    anchor = dragFrom;
    extendBox(Number(i));
    paint();
  });
  document.addEventListener("pointerup", () => { dragFrom = null; });
  gridBody.addEventListener("input", (e) => { // soft keyboards send input, not keydown
    const i = Number(e.target.dataset.i);
    if (rebus.at === i) { grid.cells[i] = e.target.value.replace(/[^a-z]/gi, "").toLowerCase().slice(0, REBUS_MAX); paint(); return; }
    // A phone's keyboard sends '.' or '#' here too (its key events say 'Unidentified').
    if (/[.#]$/.test(e.target.value)) { toggleBlock(i); return; }
    const ch = e.target.value.replace(/[^a-z]/gi, "").slice(-1).toLowerCase();
    if (ch) { setLetter(i, ch); if (sameLine(i, i + step()) && grid.cells[i + step()] !== "#") focusCell(i + step()); }
    else paint();
  });
  document.addEventListener("keydown", (e) => {
    if (!(e.ctrlKey || e.metaKey) || e.target.closest("input:not(.cell), textarea, select")) return;
    if (e.target.classList?.contains("cell")) return; // the grid's own handler
    const k = e.key.toLowerCase();
    if (k === "z" && !e.shiftKey) { e.preventDefault(); undo(); }
    else if (k === "y" || (k === "z" && e.shiftKey)) { e.preventDefault(); redo(); }
  });
  sizeInput.addEventListener("change", resize);
  symmetry.addEventListener("change", share);
  form.addEventListener("submit", (e) => { e.preventDefault(); runFill(false); });
  $("again").addEventListener("click", () => runFill(true));
  $("clear-fill").addEventListener("click", clearFill);
  // What prints: title, author, the grid to solve, the clues, then the solution.
  window.addEventListener("beforeprint", () => $("print-view").replaceChildren(
    ...printView(grid, voids, { circles, shaded }, clues, $("title").value.trim(), $("author").value.trim())));
  $("print").addEventListener("click", () => window.print());
  lockButton.addEventListener("click", toggleLock);
  $("rebus").addEventListener("click", () => {
    if (rebus.at !== null) endRebus(true);
    else startRebus(sel.cell);
    focusCell(sel.cell);
  });
  $("fill-near").addEventListener("click", () => { if (selected()) runFill(false, regionCells(false)); });
  fillBox.addEventListener("click", () => {
    if (box) { runFill(false, regionCells(true)); return; }
    boxPick = sel.cell;
    paint();
  });
  $("clear").addEventListener("click", () => {
    endRebus(false);
    history.push();
    grid = emptyGrid(grid.w, grid.h);
    clues = new Map();
    scored = new Map();
    voids = new Set();
    circles = new Set();
    shaded = new Set();
    clearBox();
    say(status, "");
    edited();
  });
  $("bar-cands").addEventListener("click", toCandidates);
  $("whole-grid").addEventListener("click", () => setWhole(!whole()));
  $("undo").addEventListener("click", undo);
  $("redo").addEventListener("click", redo);
  $("entry-clue").addEventListener("input", (e) => {
    const entry = selected();
    if (entry) { setClue(entry.key, e.target.value); paint(); }
  });
  $("entry-clue").addEventListener("keydown", (e) => { if (e.key === "Enter") e.preventDefault(); });
  minScore.addEventListener("change", () => {
    const v = Number(minScore.value);
    const ok = minScore.value === "" || (Number.isInteger(v) && v >= 0 && v <= 100);
    fieldError(minScore, $("min-score-error"), ok ? "" : `Min. word score is a whole number from 0 to 100; using ${scoreFloor()}.`);
    share(); recheck(); loadCandidates();
  });
  for (const input of [common, lexicon, allow2, allowSameStem, $("allow-iffy")]) input.addEventListener("change", () => { share(); recheck(); loadCandidates(); });
  $("time-limit").addEventListener("change", () => {
    $("time-limit").value = timeLimitOf($("time-limit").value); // what the fill will be given
    share();
  });
  maxShared.addEventListener("change", () => { checkRules(); share(); recheck(); loadCandidates(); });
  minByLength.addEventListener("change", () => { checkRules(); share(); recheck(); loadCandidates(); });
  for (const input of [blockWords, preferWords, blockList, preferList]) {
    input.addEventListener("change", () => { checkLists(); recheck(); loadCandidates(); });
  }
  $("open-file").addEventListener("change", (e) => { const f = e.target.files[0]; if (f) open(f); e.target.value = ""; });
  $("save-puz").addEventListener("click", () => save("puz"));
  $("save-ipuz").addEventListener("click", () => save("ipuz"));
  const board = $("board");
  board.addEventListener("dragover", (e) => { e.preventDefault(); board.classList.add("dropping"); });
  board.addEventListener("dragleave", () => board.classList.remove("dropping"));
  board.addEventListener("drop", (e) => {
    e.preventDefault();
    board.classList.remove("dropping");
    const f = e.dataTransfer?.files?.[0];
    if (f) open(f);
  });
}

function fromParams(p) {
  const given = (p.get("g") || "").toLowerCase().split("-").filter(Boolean).map(cellsOfRow);
  const sizeParam = p.get("size");
  const widths = new Set(given.map((r) => (r ? r.length : 0)));
  if (given.length >= 2 && given.length <= 25 && widths.size === 1 && [...widths][0] >= 2 && [...widths][0] <= 25) {
    grid = emptyGrid(given[0].length, given.length);
    given.flat().forEach((ch, i) => {
      if (ch === "#") grid.cells[i] = "#";
      else if (ch) { grid.cells[i] = ch.slice(0, REBUS_MAX); grid.typed[i] = true; }
    });
    return;
  }
  if (sizeParam === null) {
    grid = emptyGrid(15, 15);
    STARTER.join("").split("").forEach((ch, i) => { if (ch === "#") grid.cells[i] = "#"; });
    return;
  }
  const n = Number(sizeParam);
  const ok = Number.isInteger(n) && n >= MIN_SIZE && n <= MAX_SIZE;
  grid = emptyGrid(ok ? n : 15, ok ? n : 15);
  if (!ok) fieldError(sizeInput, $("size-error"), `The link asked for size ${sizeParam}: a size is ${MIN_SIZE} to ${MAX_SIZE}, so the grid is 15×15.`);
}

async function init() {
  try {
    facts = (await config()).tasks.fill;
  } catch (e) {
    say(status, e.message, "error");
    return;
  }
  const p = params();
  fromParams(p);
  sizeInput.value = Math.max(grid.w, grid.h);
  common.checked = p.get("common") === "1";
  minScore.value = Math.min(100, Math.max(0, Number(p.get("min")) || 0));
  allow2.checked = p.get("two") === "1";
  allowSameStem.checked = p.get("stem") === "1";
  $("allow-iffy").checked = p.get("iffy") === "1";
  $("time-limit").max = facts.page_most;
  $("time-limit").value = timeLimitOf(p.get("limit") || facts.time_limit);
  maxShared.value = p.get("shared") || "";
  minByLength.value = (p.get("bylen") || "").split(",").join(", ");
  if (allowSameStem.checked || maxShared.value || minByLength.value) $("fill-rules").open = true;
  checkRules();
  if (["mirror", "none"].includes(p.get("sym"))) symmetry.value = p.get("sym");
  build();
  paint();
  wire();
  watchScroll();
  mirrorStatus();
  try {
    // The fill's own list unless the address names another, as `puzzlesmith fill` does.
    await fillLexicons(lexicon, p.get("lexicon") || facts.page.lexicon);
    await fillSetterLists();
  } catch (e) {
    say(status, e.message, "error");
  }
  recheck();
  loadCandidates();
  form.dataset.ready = "1";
}

init();
