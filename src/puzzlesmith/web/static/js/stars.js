// The Star Battle page: load, paste or generate a puzzle; solve, hint, check; play by hand.
import { api, el, params, say, setParams } from "./common.js";
import { StarBoard } from "./starboard.js";

// An 8 x 8 one-star puzzle with a unique solution, to start with.
const EXAMPLE = "https://puzz.link/p?starbattle/8/8/1/2041iicc7m8g1g1eb43vi960";

const loadForm = document.getElementById("load-form");
const puzzleInput = document.getElementById("puzzle");
const starsInput = document.getElementById("stars-k");
const boardBox = document.getElementById("board");
const boardInfo = document.getElementById("board-info");
const status = document.getElementById("status");
const loadStatus = document.getElementById("load-status");
const reasonBox = document.getElementById("reason");
const applyButton = document.getElementById("apply");

let puzzle = null; // the engine's puzzle document (with text and url)
let board = null;
let pendingHint = null; // the decided cells of the last hint, for Apply

// ---- cells as people write them (r3c5, from 1) -------------------------------------------

const rc = ([r, c]) => `r${r + 1}c${c + 1}`;

function parseCells(text) {
  return (text || "").split(/[_\s,]+/).map((s) => /^r(\d+)c(\d+)$/i.exec(s)).filter(Boolean)
    .map((m) => [Number(m[1]) - 1, Number(m[2]) - 1])
    .filter(([r, c]) => puzzle && r >= 0 && c >= 0 && r < puzzle.size && c < puzzle.size);
}

function share() {
  if (!puzzle) return;
  setParams({
    p: puzzle.url,
    k: starsInput.value,
    s: board.stars().map(rc).join("_"),
    d: board.dots().map(rc).join("_"),
  });
}

function busy(on) {
  for (const b of document.querySelectorAll(".buttons button")) b.disabled = on || (!puzzle && !["load", "generate"].includes(b.id));
}

function clearReason() {
  reasonBox.hidden = true;
  applyButton.hidden = true;
  pendingHint = null;
}

// ---- loading -----------------------------------------------------------------------------

function show(doc, marks = { stars: [], dots: [] }) {
  puzzle = doc;
  board = new StarBoard(boardBox, doc, onMarks);
  board.setMarks(marks.stars, marks.dots);
  const k = doc.stars;
  boardInfo.textContent = `${doc.size} × ${doc.size}, ${k} ${k === 1 ? "star" : "stars"} in every row, column and region.`;
  clearReason();
  document.getElementById("steps-box").hidden = true;
  say(status, "");
  share();
}

async function load(text, marks) {
  const k = starsInput.value ? Number(starsInput.value) : null;
  say(loadStatus, "Reading the puzzle…");
  busy(true);
  try {
    const doc = await api("/api/stars/parse", { puzzle: text, stars: k });
    puzzle = doc;
    show(doc, marks && { stars: parseCells(marks.s), dots: parseCells(marks.d) });
    const warn = doc.warnings.length ? ` Note: ${doc.warnings.join("; ")}` : "";
    say(loadStatus, `Loaded a ${doc.size} × ${doc.size} puzzle.${warn}`, warn ? "warn" : "good");
  } catch (e) {
    say(loadStatus, e.message, "error");
  } finally {
    busy(false);
  }
}

async function generate() {
  const body = {
    size: Number(document.getElementById("gen-size").value),
    stars: Number(document.getElementById("gen-stars").value),
    difficulty: document.getElementById("gen-difficulty").value || null,
    time_limit: 60,
  };
  say(loadStatus, "Generating a puzzle with exactly one solution…");
  busy(true);
  try {
    const made = await api("/api/stars/generate", body);
    puzzleInput.value = made.url;
    starsInput.value = "";
    const doc = await api("/api/stars/parse", { puzzle: made.url });
    show(doc);
    say(loadStatus, `Generated a ${made.size} × ${made.size} puzzle, difficulty ${made.difficulty} (seed ${made.seed}).`, "good");
    board.moveTo(0, 0);
  } catch (e) {
    say(loadStatus, e.message, "error");
  } finally {
    busy(false);
  }
}

// ---- asking the solver -------------------------------------------------------------------

function source() {
  return { puzzle: puzzle.url, stars: puzzle.stars };
}

async function hint() {
  clearReason();
  say(status, "Looking for the next deduction…");
  busy(true);
  try {
    const doc = await api("/api/stars/hint", {
      ...source(), star: board.stars().map(rc), empty: board.dots().map(rc),
    });
    if (doc.status === "unsolvable") {
      say(status, "This puzzle has no solution.", "warn");
      return;
    }
    if (doc.status !== "solved") {
      say(status, "The time limit was reached before a deduction turned up.", "warn");
      return;
    }
    if (!doc.steps.length) {
      say(status, "Nothing left to deduce: every cell is decided.", "good");
      return;
    }
    const step = doc.steps[0];
    board.highlight(step.cells, step.decided.map(([r, c]) => [r, c]));
    reasonBox.replaceChildren(
      el("span", { className: "rule" }, `${step.rule} (${step.level}): `), step.reason);
    reasonBox.hidden = false;
    if (step.rule === "mistake") {
      say(status, "Some of your marks are wrong (highlighted).", "warn");
    } else {
      pendingHint = step.decided;
      applyButton.hidden = false;
      const n = step.decided.length;
      const cells = step.decided.map(([r, c, what]) => `${rc([r, c])} ${what === "star" ? "is a star" : "is empty"}`).join(", ");
      say(status, `Hint: ${cells}. The outlined ${n === 1 ? "cell is" : "cells are"} decided; the shaded cells show why.`, "good");
    }
  } catch (e) {
    say(status, e.message, "error");
  } finally {
    busy(false);
  }
}

function applyHint() {
  if (!pendingHint) return;
  const stars = board.stars();
  const dots = board.dots();
  for (const [r, c, what] of pendingHint) (what === "star" ? stars : dots).push([r, c]);
  board.setMarks(stars, dots);
  clearReason();
  say(status, "Hint applied.");
  share();
  checkDone();
}

async function solve() {
  clearReason();
  say(status, "Solving…");
  busy(true);
  try {
    const doc = await api("/api/stars/solve", source());
    if (doc.status === "solved") {
      const stars = doc.solution;
      const taken = new Set(stars.map(rc));
      const dots = [];
      for (let r = 0; r < puzzle.size; r++) for (let c = 0; c < puzzle.size; c++) if (!taken.has(rc([r, c]))) dots.push([r, c]);
      board.setMarks(stars, dots);
      const unique = doc.unique === true ? "the solution is unique" : doc.unique === false ? "another solution exists too" : "uniqueness unknown (time limit)";
      say(status, `Solved: ${unique}.`, "good");
      share();
    } else if (doc.status === "unsolvable") {
      say(status, "No solution: no placement of stars follows every rule.", "warn");
    } else {
      say(status, "The time limit was reached before a solution turned up.", "warn");
    }
  } catch (e) {
    say(status, e.message, "error");
  } finally {
    busy(false);
  }
}

/** The whole solution as a person would reason it; choosing a step shows the board there. */
async function explainAll() {
  clearReason();
  say(status, "Working out every step…");
  busy(true);
  try {
    const doc = await api("/api/stars/explain", source());
    if (doc.status !== "solved") {
      say(status, doc.status === "unsolvable" ? "This puzzle has no solution." : "The time limit was reached.", "warn");
      return;
    }
    const list = document.getElementById("steps");
    list.replaceChildren(...doc.steps.map((step, i) => el("li", {},
      el("button", { type: "button", className: "link", onclick: () => showStep(doc.steps, i) },
        el("span", { className: "rule" }, `${step.rule} (${step.level})`)),
      ` ${step.reason}`)));
    const search = doc.used_search ? "; the rules ran out and search finished it" : "";
    document.getElementById("steps-summary").textContent =
      `${doc.steps.length} steps, difficulty ${doc.difficulty} (score ${doc.score})${search}. Choose a step to see the board after it.`;
    document.getElementById("steps-box").hidden = false;
    say(status, `Explained in ${doc.steps.length} steps (difficulty ${doc.difficulty}, score ${doc.score}).`, "good");
  } catch (e) {
    say(status, e.message, "error");
  } finally {
    busy(false);
  }
}

function showStep(steps, index) {
  const stars = [];
  const dots = [];
  for (const step of steps.slice(0, index + 1)) {
    for (const [r, c, what] of step.decided) (what === "star" ? stars : dots).push([r, c]);
  }
  board.setMarks(stars, dots);
  const step = steps[index];
  board.highlight(step.cells, step.decided.map(([r, c]) => [r, c]));
  say(status, `After step ${index + 1} of ${steps.length}: ${step.rule}.`);
  share();
}

async function checkUnique() {
  clearReason();
  say(status, "Checking uniqueness…");
  busy(true);
  try {
    const doc = await api("/api/stars/solve", source());
    if (doc.status === "unsolvable") say(status, "No solution at all.", "warn");
    else if (doc.unique === true) say(status, "Unique: the puzzle has exactly one solution.", "good");
    else if (doc.unique === false) say(status, "Not unique: the puzzle has more than one solution.", "warn");
    else say(status, "Unknown: the time limit was reached first.", "warn");
  } catch (e) {
    say(status, e.message, "error");
  } finally {
    busy(false);
  }
}

/** When the player has placed every star, say whether they are right. */
async function checkDone() {
  const placed = board.stars();
  if (placed.length !== puzzle.size * puzzle.stars) return;
  try {
    const doc = await api("/api/stars/solve", source());
    if (doc.status !== "solved") return;
    const want = new Set(doc.solution.map(rc));
    const right = placed.every((cell) => want.has(rc(cell)));
    say(status, right ? "Solved! Every star is in the right place." : "All stars are placed, but some are not right.",
      right ? "good" : "warn");
  } catch {
    // a failed check only means no message; the player can still press Solve
  }
}

function onMarks() {
  clearReason();
  say(status, "");
  share();
  checkDone();
}

// ---- start -------------------------------------------------------------------------------

async function init() {
  const p = params();
  puzzleInput.value = p.get("p") || EXAMPLE;
  starsInput.value = p.get("k") || "";
  loadForm.addEventListener("submit", (e) => { e.preventDefault(); load(puzzleInput.value); });
  document.getElementById("generate").addEventListener("click", generate);
  document.getElementById("hint").addEventListener("click", hint);
  applyButton.addEventListener("click", applyHint);
  document.getElementById("solve").addEventListener("click", solve);
  document.getElementById("unique").addEventListener("click", checkUnique);
  document.getElementById("explain").addEventListener("click", explainAll);
  document.getElementById("clear").addEventListener("click", () => {
    board.setMarks([], []);
    clearReason();
    say(status, "Marks cleared.");
    share();
  });
  busy(true);
  await load(puzzleInput.value, { s: p.get("s"), d: p.get("d") });
  loadForm.dataset.ready = "1";
}

init();
