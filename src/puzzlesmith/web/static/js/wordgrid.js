// The Word grid page: type a puzzle cell by cell, find one or all answers, create puzzles.
import { api, config, el, fillLexicons, params, say, scrollCue, setParams, wordButton } from "./common.js";
import "./senses.js";

const solveForm = document.getElementById("solve-form");
const createForm = document.getElementById("create-form");
const gridBody = document.querySelector("#grid tbody");
const widthInput = document.getElementById("width");
const heightInput = document.getElementById("height");
const lexicon = document.getElementById("lexicon");
const common = document.getElementById("common");
const foreign = document.getElementById("foreign");
const status = document.getElementById("status");
const columnsLine = document.getElementById("columns");
const solutionsBox = document.getElementById("solutions");
const clue = document.getElementById("clue");
const answerWords = document.getElementById("answer-words");
const createStatus = document.getElementById("create-status");
const sizeNote = document.getElementById("size-note");
const gridNote = document.getElementById("grid-note");
const SIZE = { width: [3, 15, "columns"], height: [2, 8, "rows"] }; // the page's limits
const buttons = [...document.querySelectorAll("button")];

let cells = []; // cells[row][col]: <input>

// ---- the grid -------------------------------------------------------------------------

function buildGrid(width, height, rows = []) {
  gridBody.replaceChildren();
  gridBody.parentElement.style.setProperty("--n", width); // site.css sizes the cells to fit
  cells = [];
  for (let r = 0; r < height; r++) {
    const tr = el("tr");
    const line = [];
    for (let c = 0; c < width; c++) {
      const ch = (rows[r] || "")[c] || "";
      const input = el("input", {
        className: "cell", type: "text", maxLength: 1, value: /[a-z]/i.test(ch) ? ch.toLowerCase() : "",
        autocomplete: "off", spellcheck: false, inputMode: "text", autocapitalize: "none",
        "aria-label": `Row ${r + 1}, column ${c + 1}`,
      });
      input.dataset.r = r;
      input.dataset.c = c;
      line.push(input);
      tr.append(el("td", {}, input));
    }
    cells.push(line);
    gridBody.append(tr);
  }
  markUnknownRows();
}

/** The rows as the CLI takes them: letters, and ? for each empty (or solver-filled) cell. */
function rowsText() {
  return cells.map((line) => line.map((i) => (i.value && !i.dataset.solved ? i.value.toLowerCase() : "?")).join(""));
}

function markUnknownRows() {
  const rows = rowsText();
  cells.forEach((line, r) => line[0].closest("tr").classList.toggle("unknown-row", rows[r].includes("?")));
}

function cellAt(index) {
  const width = cells[0].length;
  const r = Math.floor(index / width);
  return r >= 0 && r < cells.length ? cells[r][index % width] : null;
}

function indexOf(input) {
  return Number(input.dataset.r) * cells[0].length + Number(input.dataset.c);
}

function clearSolved() {
  for (const line of cells) {
    for (const input of line) {
      if (input.dataset.solved) {
        input.value = "";
        delete input.dataset.solved;
        input.classList.remove("found");
      }
    }
  }
  columnsLine.textContent = "";
}

function edited() {
  markUnknownRows();
  share();
}

function put(input, ch) {
  clearSolved();
  input.value = ch;
  edited();
}

function onKey(event) {
  const input = event.target;
  if (!input.classList.contains("cell") || event.ctrlKey || event.metaKey || event.altKey) return;
  const i = indexOf(input);
  const width = cells[0].length;
  const go = (j) => { const next = cellAt(j); if (next) { next.focus(); next.select(); } };
  const key = event.key;
  if (/^[a-zA-Z]$/.test(key)) {
    gridNote.textContent = "";
    put(input, key.toLowerCase());
    go(i + 1);
  } else if (key === " " || key === "?") {
    put(input, "");
    go(i + 1);
  } else if (key === "Backspace") {
    if (input.value && !input.dataset.solved) put(input, "");
    else { go(i - 1); const prev = cellAt(i - 1); if (prev) put(prev, ""); }
  } else if (key === "Delete") {
    put(input, "");
  } else if (key === "ArrowRight") go(i + 1);
  else if (key === "ArrowLeft") go(i - 1);
  else if (key === "ArrowDown") go(i + width);
  else if (key === "ArrowUp") go(i - width);
  else if (key === "Enter") { event.preventDefault(); solve(false); return; }
  else if (key.length === 1) gridNote.textContent = `Only letters go in the grid: "${key}" was left out.`;
  else return;
  event.preventDefault();
}

function onPaste(event) {
  const input = event.target;
  if (!input.classList.contains("cell")) return;
  event.preventDefault();
  const text = (event.clipboardData || window.clipboardData).getData("text").toLowerCase();
  clearSolved();
  let i = indexOf(input);
  for (const ch of text) {
    const cell = cellAt(i);
    if (!cell) break;
    if (/[a-z]/.test(ch)) cell.value = ch;
    else if (ch === "?" || ch === "_" || ch === ".") cell.value = "";
    else continue; // spaces and line breaks between rows are only separators
    i++;
  }
  const last = cellAt(Math.min(i, cells.length * cells[0].length - 1));
  if (last) last.focus();
  edited();
}

/** The size asked for in `input`, kept within the page's limits; what was changed is said
 * next to the controls (never silently). */
function sizeFrom(input, now) {
  const [low, high, what] = SIZE[input.id];
  const raw = input.value.trim();
  const n = Number(raw);
  let size = n;
  if (raw === "" || !Number.isInteger(n)) {
    size = now;
    sizeNote.textContent = `${what[0].toUpperCase()}${what.slice(1)}: a whole number from ${low} to ${high}; `
      + `"${raw}" is not one, so the grid keeps ${now} ${what}.`;
  } else if (n > high || n < low) {
    size = Math.min(high, Math.max(low, n));
    sizeNote.textContent = `${n > high ? "At most" : "At least"} ${size} ${what}: `
      + `the grid has ${size} ${what}, not ${n}.`;
  } else {
    sizeNote.textContent = "";
  }
  input.value = size;
  return size;
}

function resize(event) {
  const width = event.target === widthInput ? sizeFrom(widthInput, cells[0].length) : cells[0].length;
  const height = event.target === heightInput ? sizeFrom(heightInput, cells.length) : cells.length;
  const rows = rowsText().map((row) => row.replace(/\?/g, " "));
  buildGrid(width, height, rows);
  share();
}

// ---- state in the address bar --------------------------------------------------------------

function share() {
  setParams({
    g: rowsText().map((row) => row.replace(/\?/g, "_")).join("-"),
    lexicon: lexicon.value,
    common: common.checked,
    noforeign: !foreign.checked,
    clue: clue.value.trim(),
  });
}

/** The topic of a clue as a person writes it: "It's a bird." -> "bird". */
export function clueTopic(text) {
  return text.trim().toLowerCase()
    .replace(/[.!?"]+$/g, "")
    .replace(/^(it'?s|it is|this is|they'?re|they are)\s+/, "")
    .replace(/^(a kind of|a type of|a sort of|kind of|type of)\s+/, "")
    .replace(/^(an?|the|some)\s+/, "")
    .trim();
}

/** The unknown rows' words as words to click for their meaning. */
function showAnswerWords(words) {
  answerWords.replaceChildren("Answer: ", ...words.flatMap((w, i) =>
    [i ? " / " : "", el("span", { dataset: { word: w } }, wordButton(w, "", w.toUpperCase()))]));
}

// ---- solving ---------------------------------------------------------------------------

function busy(on) {
  for (const b of buttons) b.disabled = on;
  solveForm.setAttribute("aria-busy", on ? "true" : "false");
}

function showSolution(solution, rows) {
  clearSolved();
  showAnswerWords(solution.words);
  solution.grid.forEach((row, r) => {
    if (!rows[r].includes("?")) return;
    [...row].forEach((ch, c) => {
      const input = cells[r][c];
      if (rows[r][c] === "?") {
        input.value = ch;
        input.dataset.solved = "1";
        input.classList.add("found");
      }
    });
  });
  columnsLine.replaceChildren("Columns: ", ...solution.columns.flatMap((w, i) =>
    [i ? " · " : "", el("span", { dataset: { word: w } }, wordButton(w))]));
}

async function solve(all) {
  clearSolved();
  const rows = rowsText();
  solutionsBox.replaceChildren();
  answerWords.replaceChildren();
  say(status, all ? "Finding every answer…" : "Finding an answer…");
  busy(true);
  try {
    const body = { rows, all, lexicon: lexicon.value || null, common: common.checked, foreign: foreign.checked };
    const topic = clueTopic(clue.value);
    let doc;
    let kindless = ""; // the CLI's answer when WordNet has no kind named like the clue
    if (!topic) {
      doc = await api("/api/wordgrid/solve", body);
    } else {
      try {
        doc = await api("/api/wordgrid/solve", { ...body, kind_of: topic });
      } catch (e) {
        // a clue WordNet has no category for ("something red") is searched by meaning instead
        if (e.status !== 400 || !/no noun sense/.test(e.message)) throw e;
        kindless = e.message;
        doc = await api("/api/wordgrid/solve", { ...body, means: topic });
      }
    }
    report(doc, rows, all, topic, kindless);
  } catch (e) {
    say(status, e.message, "error");
  } finally {
    busy(false);
  }
}

function report(doc, rows, all, topic, kindless) {
  if (doc.status === "timeout") {
    say(status, "The time limit was reached before an answer turned up.", "warn");
    return;
  }
  if (doc.count === 0) {
    // With a clue, "no solution" is about the clue, not the letters: say what the CLI says
    // and the server's note (how many answers there are without it).
    const why = topic
      ? `No answer fits the clue "${topic}"`
        + (kindless ? `: ${kindless}, and no answer's meaning matches it.` : ".")
      : "No solution: no word fits the blank row with these letters"
        + (foreign.checked ? "." : " (foreign words are left out: tick Foreign words too to let them in).");
    say(status, doc.note ? `${why} Note: ${doc.note}.` : why, "warn");
    return;
  }
  showSolution(doc.solutions[0], rows);
  const words = doc.solutions[0].words.join(" / ").toUpperCase();
  if (!all) {
    say(status, `Answer: ${words}`, "good");
  } else {
    const more = doc.complete ? "" : " (time limit reached; there may be more)";
    say(status, `${doc.count} ${doc.count === 1 ? "answer" : "answers"}${more}. Showing ${words}.`, "good");
    const list = el("ol", { className: "solutions", "aria-label": "All answers" },
      ...doc.solutions.map((s) => el("li", {}, el("button", {
        type: "button", className: "secondary",
        onclick: () => { showSolution(s, rows); say(status, `Showing ${s.words.join(" / ").toUpperCase()}`, "good"); },
      }, s.words.join(" / ")))));
    solutionsBox.append(el("h3", {}, "All answers"), list);
  }
  if (doc.note) columnsLine.append(` — note: ${doc.note}`);
}

// ---- creating --------------------------------------------------------------------------

async function createPuzzle() {
  const word = document.getElementById("answer").value.trim().toLowerCase();
  const hide = document.getElementById("hide").checked;
  say(createStatus, "Creating a puzzle…");
  busy(true);
  try {
    const made = (await config()).tasks.wordgrid_create.page; // the server's defaults
    const doc = await api("/api/wordgrid/create", {
      word: word || null,
      length: word ? null : Number(widthInput.value) || made.length,
      rows: Number(heightInput.value) || made.rows,
      word_rows: document.getElementById("word-rows").checked,
      unique: document.getElementById("unique").checked,
      common: document.getElementById("create-common").checked,
      foreign: document.getElementById("create-foreign").checked,
      answer_hidden: hide,
      lexicon: lexicon.value || null,
      kind_of: !word && clueTopic(clue.value) ? clueTopic(clue.value) : null,
    });
    if (doc.status !== "created") {
      const label = doc.status === "impossible" ? "Impossible" : "Time limit reached";
      // The reason names the command line's option where the page has a checkbox.
      const reason = doc.reason.replace("(--no-unique makes one", "(untick Unique answer for one");
      say(createStatus, `${label}: ${reason}`, "warn");
      return;
    }
    const width = doc.puzzle[0].length;
    widthInput.value = width;
    heightInput.value = doc.puzzle.length;
    buildGrid(width, doc.puzzle.length, doc.puzzle.map((row) => row.replace(/\?/g, " ")));
    // Nothing of the puzzle before may stay: its answer, and its clue unless the clue is
    // what this puzzle was made from (no word given: the clue's topic picked the answer).
    solutionsBox.replaceChildren();
    answerWords.replaceChildren();
    if (word) clue.value = "";
    say(status, "");
    columnsLine.textContent = "";
    const n = doc.solution_count;
    const answers = `${n} ${n === 1 ? "answer" : "answers"}${n === 1 ? " (unique)" : ""}`;
    const answer = doc.answer ? ` The answer is ${doc.answer.toUpperCase()}.` : " The answer is hidden: press Find one to reveal it.";
    say(createStatus, `Created a puzzle with ${answers}.${answer}`, "good");
    share();
    cells[doc.blank_row - 1][0].focus();
  } catch (e) {
    // The server's message names the command line's option; the page has a checkbox for it.
    const foreignWord = e.status === 400 && /is a foreign word/.test(e.message);
    say(createStatus, foreignWord
      ? `${word.toUpperCase()} is a foreign word (more frequent in another language's text than in English): tick Foreign words too to use it.`
      : e.message, "error");
  } finally {
    busy(false);
  }
}

// ---- start -----------------------------------------------------------------------------

async function init() {
  const p = params();
  const given = (p.get("g") || "______-ipoaru-gettct").toLowerCase().split(/[-,\s]+/).filter(Boolean);
  const longest = Math.max(...given.map((r) => r.length));
  const width = Math.min(15, Math.max(3, longest));
  const rows = given.slice(0, 8).map((row) => row.replace(/[_?.]/g, " "));
  const left = [];
  if (longest > 15) left.push(`its rows have ${longest} letters and the grid holds at most 15 columns`);
  if (given.length > 8) left.push(`it has ${given.length} rows and the grid holds at most 8`);
  if (left.length) sizeNote.textContent = `The address did not fit: ${left.join("; ")}. The rest was left out.`;
  const odd = new Set(rows.join("").replace(/[a-z ]/g, ""));
  if (odd.size) gridNote.textContent = `Only letters and _ make a grid: ${[...odd].map((c) => `"${c}"`).join(", ")} in the address became empty cells.`;
  let height = rows.length;
  if (height < 2) { // one row given: its width, and the rows of a created puzzle
    try {
      height = (await config()).tasks.wordgrid_create.page.rows;
    } catch (e) {
      height = SIZE.height[0];
      say(status, e.message, "error");
    }
  }
  widthInput.value = width;
  heightInput.value = height;
  buildGrid(width, height, rows);
  common.checked = p.get("common") === "1";
  foreign.checked = p.get("noforeign") !== "1";
  clue.value = p.get("clue") || "";
  clue.addEventListener("input", share);
  clue.addEventListener("keydown", (e) => { if (e.key === "Enter") { e.preventDefault(); solve(false); } });
  gridBody.addEventListener("keydown", onKey);
  gridBody.addEventListener("paste", onPaste);
  gridBody.addEventListener("input", (e) => { // phones' soft keyboards send input, not keydown
    const input = e.target;
    const dropped = input.value.replace(/[a-z]/gi, "");
    gridNote.textContent = dropped ? `Only letters go in the grid: "${dropped}" was left out.` : "";
    input.value = input.value.replace(/[^a-z]/gi, "").slice(-1).toLowerCase();
    delete input.dataset.solved;
    input.classList.remove("found");
    edited();
    if (input.value) { const next = cellAt(indexOf(input) + 1); if (next) next.focus(); }
  });
  gridBody.addEventListener("focusin", (e) => { if (e.target.select) e.target.select(); });
  widthInput.addEventListener("change", resize);
  heightInput.addEventListener("change", resize);
  solveForm.addEventListener("submit", (e) => { e.preventDefault(); solve(false); });
  document.getElementById("find-all").addEventListener("click", () => solve(true));
  document.getElementById("clear").addEventListener("click", () => {
    buildGrid(cells[0].length, cells.length);
    solutionsBox.replaceChildren();
    columnsLine.textContent = "";
    say(status, "");
    share();
    cells[Math.min(1, cells.length - 1)][0].focus();
  });
  createForm.addEventListener("submit", (e) => { e.preventDefault(); createPuzzle(); });
  common.addEventListener("change", share);
  foreign.addEventListener("change", share);
  lexicon.addEventListener("change", share);
  try {
    await fillLexicons(lexicon, p.get("lexicon"));
  } catch (e) {
    say(status, e.message, "error");
  }
  scrollCue(document.getElementById("grid-box"), document.getElementById("scroll-note"),
    () => `The grid is wider than the window: scroll it sideways to see all ${cells[0].length} columns.`);
  solveForm.dataset.ready = "1";
}

init();
