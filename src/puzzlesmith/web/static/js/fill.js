// The Crossword fill page: a keyboard-driven grid editor over /api/fill and /api/fill/check.
import { api, debounce, el, fillLexicons, params, say, setParams } from "./common.js";

const form = document.getElementById("fill-form");
const gridBody = document.querySelector("#grid tbody");
const sizeInput = document.getElementById("size");
const symmetry = document.getElementById("symmetry");
const lexicon = document.getElementById("lexicon");
const common = document.getElementById("common");
const minScore = document.getElementById("min-score");
const allow2 = document.getElementById("allow-2");
const status = document.getElementById("status");
const warning = document.getElementById("warning");
const advice = document.getElementById("advice");
const acrossList = document.getElementById("across");
const downList = document.getElementById("down");
const buttons = [...form.querySelectorAll("button")];

// One entry per cell: "#" a block, "" empty, a letter. `typed` letters are the setter's (kept
// on every fill); `filled` ones came from the filler and go when the grid changes under them.
let size = 15;
let cells = [];
let typed = [];
let filled = [];
let inputs = [];
let across = true;
let seed = 0;
// Seconds a fill may take: 10 as on the command line, or the page's ?limit= (1-60).
const timeLimit = Math.min(60, Math.max(1, Number(params().get("limit")) || 10));
let checkToken = 0;

function emptyGrid(n) {
  size = n;
  cells = Array(n * n).fill("");
  typed = Array(n * n).fill(false);
  filled = Array(n * n).fill(false);
}

function build() {
  gridBody.replaceChildren();
  inputs = [];
  for (let r = 0; r < size; r++) {
    const tr = el("tr");
    for (let c = 0; c < size; c++) {
      const i = r * size + c;
      const input = el("input", {
        className: "cell", type: "text", maxLength: 1, autocomplete: "off", spellcheck: false,
        autocapitalize: "none", "aria-label": `Row ${r + 1}, column ${c + 1}`,
      });
      input.dataset.i = i;
      inputs.push(input);
      tr.append(el("td", {}, el("span", { className: "num", "aria-hidden": "true" }), input));
    }
    gridBody.append(tr);
  }
  render();
}

function render(numbers = numbering()) {
  inputs.forEach((input, i) => {
    const ch = cells[i];
    input.value = ch === "#" ? "" : ch;
    input.classList.toggle("block", ch === "#");
    input.classList.toggle("found", filled[i] && ch !== "#" && ch !== "");
    input.classList.toggle("typed", typed[i]);
    input.setAttribute("aria-label", `Row ${Math.floor(i / size) + 1}, column ${(i % size) + 1}` +
      (ch === "#" ? ", block" : ""));
    input.parentElement.querySelector(".num").textContent = numbers.get(i) || "";
  });
}

/** Cell -> clue number, as a newspaper numbers the entries (runs of 2+ cells). */
function numbering() {
  const white = (r, c) => r >= 0 && c >= 0 && r < size && c < size && cells[r * size + c] !== "#";
  const out = new Map();
  let n = 0;
  for (let r = 0; r < size; r++) {
    for (let c = 0; c < size; c++) {
      if (!white(r, c)) continue;
      const a = !white(r, c - 1) && white(r, c + 1);
      const d = !white(r - 1, c) && white(r + 1, c);
      if (a || d) out.set(r * size + c, ++n);
    }
  }
  return out;
}

/** The grid as the API takes it: typed letters fixed, everything else to fill. */
function rows({ withFill = false } = {}) {
  const out = [];
  for (let r = 0; r < size; r++) {
    let row = "";
    for (let c = 0; c < size; c++) {
      const i = r * size + c;
      const ch = cells[i];
      row += ch === "#" ? "#" : ch && (typed[i] || withFill) ? ch : ".";
    }
    out.push(row);
  }
  return out;
}

function partner(i) { return size * size - 1 - i; }

function toggleBlock(i) {
  const block = cells[i] !== "#";
  for (const j of symmetry.checked ? new Set([i, partner(i)]) : [i]) {
    cells[j] = block ? "#" : "";
    typed[j] = false;
    filled[j] = false;
  }
  edited();
}

function clearFill() {
  cells = cells.map((ch, i) => (filled[i] && !typed[i] ? "" : ch));
  filled = filled.map(() => false);
}

function edited() {
  clearFill();
  render();
  share();
  recheck();
}

function share() {
  setParams({ size, g: rows().join("-"), lexicon: lexicon.value, common: common.checked ? "" : "0",
    min: scoreFloor() || "", two: allow2.checked ? "1" : "" });
}

function scoreFloor() {
  return Math.min(100, Math.max(0, Math.floor(Number(minScore.value) || 0)));
}

// The options both the check and the fill send, as the CLI's --common, --min-score, --allow-2.
function options() {
  return { lexicon: lexicon.value || null, common: common.checked, min_score: scoreFloor(),
    allow_2: allow2.checked };
}

function focusCell(i) {
  if (i < 0 || i >= size * size) return;
  inputs[i].focus();
}

/** The cells of the entry through cell i in the typing direction. */
function entryCells(i) {
  const step = across ? 1 : size;
  const inLine = (j) => j >= 0 && j < size * size && cells[j] !== "#" &&
    (across ? Math.floor(j / size) === Math.floor(i / size) : true);
  let start = i;
  while (inLine(start - step)) start -= step;
  const out = [];
  for (let j = start; inLine(j); j += step) out.push(j);
  return out;
}

function onKey(event) {
  const input = event.target;
  if (!input.classList.contains("cell") || event.ctrlKey || event.metaKey || event.altKey) return;
  const i = Number(input.dataset.i);
  const step = across ? 1 : size;
  const key = event.key;
  if (/^[a-zA-Z]$/.test(key)) {
    cells[i] = key.toLowerCase();
    typed[i] = true;
    filled[i] = false;
    edited();
    focusCell(i + step);
  } else if (key === "." || key === "#") {
    toggleBlock(i);
  } else if (key === " ") {
    across = !across;
    say(status, across ? "Typing across" : "Typing down");
  } else if (key === "Backspace") {
    if (cells[i] && cells[i] !== "#" && typed[i]) { cells[i] = ""; typed[i] = false; edited(); }
    else if (i - step >= 0) { const j = i - step; if (cells[j] !== "#") { cells[j] = ""; typed[j] = false; edited(); } focusCell(j); }
  } else if (key === "Delete") {
    if (cells[i] !== "#") { cells[i] = ""; typed[i] = false; edited(); }
  } else if (key === "ArrowRight") focusCell(i + 1);
  else if (key === "ArrowLeft") focusCell(i - 1);
  else if (key === "ArrowDown") focusCell(i + size);
  else if (key === "ArrowUp") focusCell(i - size);
  else if (key === "Enter") { event.preventDefault(); runFill(false); return; }
  else return;
  event.preventDefault();
}

// ---- the entry lists and the "cannot be filled" warning ---------------------------------

function renderEntries(entries, answers = false) {
  acrossList.replaceChildren();
  downList.replaceChildren();
  for (const e of entries) {
    const text = answers ? e.answer.toUpperCase() : e.pattern.toUpperCase().replace(/\./g, "·");
    const bad = !answers && e.candidates === 0;
    const li = el("li", { className: bad ? "bad" : "", value: e.number },
      el("span", { className: "n" }, `${e.number}`), " ", el("code", {}, text),
      answers && e.score !== null ? el("span", { className: "score" }, ` ${e.score}`) : null,
      !answers ? el("span", { className: "score" }, ` ${e.consistent === undefined ? "" : e.consistent} fit`) : null);
    (e.direction === "across" ? acrossList : downList).append(li);
  }
}

const recheck = debounce(async () => {
  const token = ++checkToken;
  try {
    const doc = await api("/api/fill/check", { grid: rows(), ...options() });
    if (token !== checkToken) return;
    renderEntries(doc.entries);
    for (const input of inputs) input.classList.remove("bad");
    const outside = doc.not_in_list.length
      ? `Typed entries not in the word list (kept as given): ${doc.not_in_list.join(", ")}` : "";
    if (doc.status === "ok") {
      warning.textContent = outside;
      warning.hidden = !outside;
      return;
    }
    const bad = doc.entries.filter((e) => e.candidates === 0);
    for (const e of bad) {
      const step = e.direction === "across" ? 1 : size;
      for (let k = 0; k < e.length; k++) inputs[(e.row * size + e.col) + k * step].classList.add("bad");
    }
    warning.textContent = (doc.status === "unfillable"
      ? `Entries that cannot be filled: ${doc.unfillable.join(", ")}`
      : `Entries that cannot be filled together: ${doc.conflict.entry}` +
        (doc.conflict.because_of ? ` and ${doc.conflict.because_of}` : "")) + (outside ? `. ${outside}` : "");
    warning.hidden = false;
  } catch (e) {
    if (token !== checkToken) return;
    warning.textContent = e.message;
    warning.hidden = false;
  }
}, 250);

// ---- filling ------------------------------------------------------------------------------

function busy(on) {
  for (const b of buttons) b.disabled = on;
  form.setAttribute("aria-busy", on ? "true" : "false");
}

/** While a fill runs: the time it has used of its limit, as a bar and in the status line
 * (the search gives its best fill, or its verdict, by the limit). Returns the stopper. */
function showWorking() {
  const box = document.getElementById("fill-working");
  const bar = document.getElementById("fill-progress");
  const elapsed = document.getElementById("fill-elapsed");
  const start = performance.now();
  const tick = () => {
    const secs = (performance.now() - start) / 1000;
    bar.value = Math.min(1, secs / timeLimit);
    elapsed.textContent = `${Math.floor(secs)} s; it stops by ${timeLimit} s with its best fill or its verdict.`;
  };
  say(status, "Filling…");
  tick();
  box.hidden = false;
  const timer = setInterval(tick, 250);
  return () => { clearInterval(timer); box.hidden = true; };
}

async function runFill(again) {
  if (again) seed += 1;
  busy(true);
  advice.hidden = true;
  const stopWorking = showWorking();
  try {
    const doc = await api("/api/fill", {
      grid: rows(), ...options(), seed, time_limit: timeLimit,
    });
    stopWorking();
    if (doc.status === "filled") {
      doc.grid.join("").split("").forEach((ch, i) => {
        if (!typed[i] && ch !== "#") { cells[i] = ch; filled[i] = true; }
      });
      render();
      renderEntries(doc.entries, true);
      say(status, `Filled: weakest entry ${doc.min_score}, mean ${doc.mean_score}, in ${doc.seconds.toFixed(2)} s.`, "good");
    } else if (doc.status === "impossible") {
      say(status, doc.core
        ? `Impossible: these ${doc.core.length} entries have no fill even on their own: ${doc.core.join(", ")}.`
        : "Impossible: no fill exists with these words (every choice was tried).", "warn");
    } else {
      say(status, "Time limit reached before a fill was found.", "warn");
    }
    if (doc.status !== "filled" && common.checked) {
      // The common words (about 23,000) cannot fill most 15 x 15 block patterns; the whole
      // list can, and the filler still prefers the fill whose weakest entry is strongest.
      say(advice, "Untick \u201cCommon words only\u201d to fill from the whole list: " +
        "the filler still picks the fill whose weakest word is the strongest it finds.");
      advice.hidden = false;
    }
  } catch (e) {
    stopWorking();
    say(status, e.message, "error");
  } finally {
    busy(false);
  }
}

function lockEntry() {
  const current = document.activeElement && document.activeElement.classList.contains("cell")
    ? Number(document.activeElement.dataset.i) : lastFocus;
  if (current === null || cells[current] === "#") return;
  for (const j of entryCells(current)) if (cells[j] && cells[j] !== "#") { typed[j] = true; filled[j] = false; }
  render();
  share();
  say(status, "Entry locked: the next fill keeps it.");
}

let lastFocus = null;

// ---- start ------------------------------------------------------------------------------------

async function init() {
  const p = params();
  const n = Math.min(21, Math.max(5, Number(p.get("size")) || 15));
  emptyGrid(n);
  const given = (p.get("g") || "").toLowerCase().split("-");
  if (given.length === n) {
    given.forEach((row, r) => row.slice(0, n).split("").forEach((ch, c) => {
      const i = r * n + c;
      if (ch === "#") cells[i] = "#";
      else if (/[a-z]/.test(ch)) { cells[i] = ch; typed[i] = true; }
    }));
  }
  sizeInput.value = n;
  common.checked = p.get("common") !== "0";
  minScore.value = Math.min(100, Math.max(0, Number(p.get("min")) || 0));
  allow2.checked = p.get("two") === "1";
  build();
  gridBody.addEventListener("keydown", onKey);
  gridBody.addEventListener("focusin", (e) => { if (e.target.dataset.i) lastFocus = Number(e.target.dataset.i); });
  gridBody.addEventListener("input", (e) => { // soft keyboards send input, not keydown
    const i = Number(e.target.dataset.i);
    const ch = e.target.value.replace(/[^a-z]/gi, "").slice(-1).toLowerCase();
    if (ch) { cells[i] = ch; typed[i] = true; filled[i] = false; edited(); focusCell(i + (across ? 1 : size)); }
  });
  sizeInput.addEventListener("change", () => {
    emptyGrid(Math.min(21, Math.max(5, Number(sizeInput.value) || 15)));
    sizeInput.value = size;
    build();
    edited();
  });
  form.addEventListener("submit", (e) => { e.preventDefault(); runFill(false); });
  document.getElementById("again").addEventListener("click", () => runFill(true));
  document.getElementById("clear-fill").addEventListener("click", () => { clearFill(); render(); recheck(); say(status, ""); });
  document.getElementById("lock").addEventListener("click", lockEntry);
  document.getElementById("clear").addEventListener("click", () => { emptyGrid(size); build(); edited(); say(status, ""); });
  common.addEventListener("change", () => { share(); recheck(); });
  lexicon.addEventListener("change", () => { share(); recheck(); });
  minScore.addEventListener("change", () => { share(); recheck(); });
  allow2.addEventListener("change", () => { share(); recheck(); });
  try {
    await fillLexicons(lexicon, p.get("lexicon"));
  } catch (e) {
    say(status, e.message, "error");
  }
  recheck();
  form.dataset.ready = "1";
}

init();
