// The Star Battle page: load, paste or generate a puzzle; solve, hint, check; play by hand.
import { api, config, el, followJob, params, say, setParams } from "./common.js";
import { Clock, clockText } from "./clock.js";
import { StarBoard } from "./starboard.js";
import { SOLVED, checkSays, loadMarks, problemLines, rc, saveMarks } from "./starplay.js";

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
let pendingHint = null; // what Apply does: {add: decided cells} or {remove: wrong marks}
let hintState = null; // the last hint ({doc, level, marks}): each press on the same marks shows one level more
let explanation = null; // the engine's explanation of the current puzzle (from the start), once asked
let explaining = null; // the request for it, while under way
let grading = null; // the short explain asked for the grade line when a puzzle loads
let walkAt = 0; // the step the walk-through shows (0: the start, before any step)
let genJob = null; // the running generate job (common.js followJob)
let ownMarks = null; // the player's board while the walk-through shows another ({stars, dots})

// The server's facts of the tasks this page runs (GET /api/config), once loaded.
let facts = null;
// The page's ?limit= as it opened (the address is rewritten once a puzzle loads).
const LIMIT_ASKED = Number(params().get("limit"));
/** Seconds a generate job may take: the most a page gives it, or the page's ?limit= (from 1
 * up to that), as on the fill page. */
function generateLimit() {
  const most = facts.stars_generate.page_most;
  return Math.min(most, Math.max(1, LIMIT_ASKED || most));
}
// The page's ?seed= makes Generate repeatable (same seed, same puzzle), as `--seed` does.
const GENERATE_SEED = /^\d+$/.test(params().get("seed") || "") ? Number(params().get("seed")) : null;
// The grade line, when a puzzle loads, asks an explain of at most the seconds that keep it a
// cheap request (`stars_explain.cheap_up_to`): enough for every real puzzle up to 14x14; a big
// one is worked out fully only when asked for, by Step through or Explain every step.
const walkBox = document.getElementById("walk");
const walkPos = document.getElementById("walk-pos");
const walkReason = document.getElementById("walk-reason");
const whyButton = document.getElementById("why");
const gradeLine = document.getElementById("grade");
const scrollBox = document.getElementById("board-box");
const scrollNote = document.getElementById("board-scroll-note");

// ---- cells as people write them (r3c5, from 1) -------------------------------------------

function parseCells(text) {
  return (text || "").split(/[_\s,]+/).map((s) => /^r(\d+)c(\d+)$/i.exec(s)).filter(Boolean)
    .map((m) => [Number(m[1]) - 1, Number(m[2]) - 1])
    .filter(([r, c]) => puzzle && r >= 0 && c >= 0 && r < puzzle.size && c < puzzle.size);
}

function share() {
  if (!puzzle) return;
  // The URL form names the regions 0, 1, 2...: a puzzle with labels of its own keeps its text.
  const numbered = puzzle.labels.every((label, i) => label === String(i));
  setParams({
    p: numbered || !puzzle.source ? puzzle.url : puzzle.source,
    k: starsInput.value,
    s: board.stars().map(rc).join("_"),
    d: board.dots().map(rc).join("_"),
  });
}

function busy(on) {
  for (const b of document.querySelectorAll(".buttons button")) {
    if (b.id === "gen-stop") continue;
    b.disabled = on || (!puzzle && !["load", "generate"].includes(b.id));
  }
  if (!on) {
    walkButtons();
    undoButtons();
  }
}

function undoButtons() {
  if (!board) return;
  // While the walk-through shows its board, Undo first brings the player's own back.
  document.getElementById("undo").disabled = !ownMarks && !board.past.length;
  document.getElementById("redo").disabled = !!ownMarks || !board.future.length;
}

function clearReason() {
  reasonBox.hidden = true;
  applyButton.hidden = true;
  pendingHint = null;
  hintState = null;
}

const clock = new Clock(document.getElementById("star-clock"));

// ---- loading -----------------------------------------------------------------------------

function show(doc, marks = null, grade = null) {
  puzzle = doc;
  ownMarks = null;
  solvedFrame(false); // the last puzzle's, if it was solved; this one's own check sets it again
  clock.reset(); // a new puzzle: its clock starts with its first mark
  board = new StarBoard(boardBox, doc, onMarks);
  const start = marks && (marks.stars.length || marks.dots.length) ? marks : loadMarks(doc) || marks;
  if (start) board.setMarks(start.stars, start.dots);
  showProblems();
  undoButtons();
  noteScrolling();
  const k = doc.stars;
  boardInfo.textContent = `${doc.size} × ${doc.size}, ${k} ${k === 1 ? "star" : "stars"} in every row, column and region.`;
  clearReason();
  document.getElementById("steps-box").hidden = true;
  walkBox.hidden = true;
  explanation = null;
  explaining = null;
  grading = null;
  say(status, "");
  share();
  checkDone();
  // A generated puzzle comes with its grade; any other gets a short explain, which the
  // walk-through then reuses when it finished in time.
  if (grade) gradeLine.textContent = gradeText(grade);
  else gradeQuickly();
}

function gradeText(doc) {
  if (doc.status === "unsolvable") return "No solution, so no difficulty.";
  if (doc.grade_complete === false) return "Difficulty: not worked out in the time the generator gives its grade; Step through or Explain every step works it out.";
  // (The quick grade is never hurried here: gradeQuickly does not keep it.)
  const hurry = doc.hurried
    ? " Worked out in a hurry: past half of its time limit the costliest rules gave way, so "
      + "with more time (puzzlesmith stars explain --time-limit 300) it may grade otherwise."
    : "";
  if (doc.difficulty === "search") return `Difficulty: beyond the rules (score ${doc.score}): search finishes it.${hurry}`;
  const count = doc.steps ? doc.steps.length : doc.step_count;
  const steps = count ? `, ${count} steps` : "";
  return `Difficulty: ${doc.difficulty} (score ${doc.score}${steps}).${hurry}`;
}

/** Whether an explanation is the whole of it: not cut short by its time limit (explain then
 * fills the rest from the solver's solution). */
function complete(doc) {
  if (doc.status === "unsolvable") return true;
  return doc.status === "solved" && !doc.cut_short;
}

/** The grade line from a quick explain (a cheap request's seconds at most); kept as the
 * explanation when it is complete (resolves to it, or to null). */
function gradeQuickly() {
  const asked = puzzle;
  const quick = facts.stars_explain.cheap_up_to;
  gradeLine.textContent = "Difficulty: working it out…";
  grading = api("/api/stars/explain", { ...source(), time_limit: quick }).then((doc) => {
    if (puzzle !== asked) return null;
    // A hurried explain may have taken other steps (or search steps) than a longer one.
    if (!complete(doc) || doc.hurried) {
      gradeLine.textContent = `Difficulty: not worked out within ${quick} s; Step through or Explain every step works it out.`;
      return null;
    }
    if (!explanation) explanation = doc;
    gradeLine.textContent = gradeText(doc);
    return doc;
  }, (e) => {
    if (puzzle === asked) gradeLine.textContent = `Difficulty: unknown (${e.message}).`;
    return null;
  });
}

/** The explanation of the current puzzle from the start: asked once, then kept. */
function explain() {
  if (explanation) return Promise.resolve(explanation);
  if (!explaining) {
    const asked = puzzle;
    const quick = grading || Promise.resolve(null);
    explaining = quick.then((done) => done || api("/api/stars/explain", source())).then((doc) => {
      if (puzzle !== asked) throw new Error("the puzzle changed");
      explanation = doc;
      gradeLine.textContent = doc.status === "solved" || doc.status === "unsolvable"
        ? gradeText(doc) : "Difficulty: unknown (the time limit was reached).";
      return doc;
    }, (e) => {
      if (puzzle === asked) {
        explaining = null;
        gradeLine.textContent = `Difficulty: unknown (${e.message}).`;
      }
      throw e;
    });
  }
  return explaining;
}

/** Read and show a puzzle; true when it is on the board. */
async function load(text, marks) {
  const k = starsInput.value ? Number(starsInput.value) : null;
  say(loadStatus, "Reading the puzzle…");
  busy(true);
  try {
    const doc = await api("/api/stars/parse", { puzzle: text, stars: k });
    // Asked about as given, so the explanations name its regions by its own labels (the URL
    // form numbers them from 0).
    doc.source = text;
    puzzle = doc;
    show(doc, marks && { stars: parseCells(marks.s), dots: parseCells(marks.d) });
    const warn = doc.warnings.length ? ` Note: ${doc.warnings.join("; ")}` : "";
    say(loadStatus, `Puzzle loaded: ${doc.size} × ${doc.size}.${warn}`, warn ? "warn" : "good");
    return true;
  } catch (e) {
    say(loadStatus, e.message, "error");
    return false;
  } finally {
    busy(false);
  }
}

async function generate() {
  const level = document.getElementById("gen-difficulty").value || null;
  const body = {
    size: Number(document.getElementById("gen-size").value),
    stars: Number(document.getElementById("gen-stars").value),
    difficulty: level,
    time_limit: generateLimit(),
    seed: GENERATE_SEED,
  };
  say(loadStatus, "Generating a puzzle with exactly one solution…");
  busy(true);
  let started;
  try {
    started = await api("/api/stars/generate-job", body);
  } catch (e) {
    say(loadStatus, e.message, "error");
    busy(false);
    return;
  }
  document.getElementById("gen-progress").value = 0;
  document.getElementById("gen-detail").textContent = "";
  document.getElementById("generating").hidden = false;
  const mine = followJob(started.job, { every: 250, onUpdate: (doc) => showGenerating(doc, level) });
  genJob = mine;
  document.getElementById("gen-stop").focus();
  let doc;
  try {
    doc = await mine.ended;
  } catch (e) {
    if (genJob === mine) {
      finishGenerate();
      say(loadStatus, e.message, "error");
    }
    return;
  }
  if (doc === null || genJob !== mine) return;
  finishGenerate();
  if (doc.state === "done") {
    await showGenerated(doc.result);
  } else if (doc.state === "stopped") {
    say(loadStatus, `Stopped after ${Math.floor(doc.progress.seconds)} s, before a puzzle turned up.`, "warn");
  } else if (doc.state === "timeout") {
    say(loadStatus, `No puzzle turned up within ${doc.progress.limit} s; try again, or another size or difficulty.`, "warn");
  } else {
    say(loadStatus, doc.detail || "Generating failed.", "error");
  }
}

/** A generate job's progress while it waits or runs. */
function showGenerating(doc, level) {
  const p = doc.progress;
  const bar = document.getElementById("gen-progress");
  const detail = document.getElementById("gen-detail");
  if (doc.state === "queued") {
    detail.textContent = `Waiting for a free worker${doc.position ? ` (number ${doc.position} in line)` : ""}…`;
    return;
  }
  const secs = `${Math.floor(p.seconds)} s of at most ${p.limit} s`;
  if (p.cells && p.undecided !== undefined) {
    // While steering towards a level: how much of the grid its rules already decide.
    bar.value = 1 - p.undecided / p.cells;
    detail.textContent = `Try ${p.attempt}: the ${level || "hard"} rules decide ${p.cells - p.undecided} of ${p.cells} cells; ${secs}`;
  } else {
    bar.value = p.fraction || 0;
    detail.textContent = p.attempt ? `Try ${p.attempt}; ${secs}` : secs;
  }
}

function finishGenerate() {
  genJob = null;
  document.getElementById("generating").hidden = true;
  busy(false);
}

async function stopGenerate() {
  if (!genJob) return;
  try {
    await genJob.stop();
  } catch (e) {
    say(loadStatus, e.message, "error");
  }
  document.getElementById("generate").focus();
}

async function showGenerated(made) {
  busy(true);
  try {
    puzzleInput.value = made.url;
    starsInput.value = "";
    const doc = await api("/api/stars/parse", { puzzle: made.url });
    show(doc, null, made);
    const secs = (made.elapsed_ms / 1000).toFixed(1);
    const grade = made.grade_complete === false ? "grade not worked out in time"
      : `difficulty ${made.difficulty}, score ${made.score}`;
    say(loadStatus, `Generated a ${made.size} × ${made.size} puzzle, ${grade} (seed ${made.seed}, ${secs} s).`, "good");
    board.moveTo(0, 0);
  } catch (e) {
    say(loadStatus, e.message, "error");
  } finally {
    busy(false);
  }
}

// ---- asking the solver -------------------------------------------------------------------

function source() {
  return { puzzle: puzzle.source || puzzle.url, stars: puzzle.stars };
}

async function hint() {
  backToOwnBoard(); // a hint is about the player's own marks
  const marks = JSON.stringify(board.snapshot());
  if (hintState && hintState.marks === marks) {
    // The same marks: one level more of the hint already found (the step stays at the last).
    hintState.level = Math.min(hintState.level + 1, 3);
    showHint();
    return;
  }
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
    if (doc.status !== "solved" || doc.cut_short) {
      // A cut-short hint's one step is the whole solution, not a hint.
      say(status, "The time limit was reached before a deduction turned up.", "warn");
      return;
    }
    if (!doc.steps.length) {
      say(status, "Nothing left to deduce: every cell is decided.", "good");
      return;
    }
    hintState = { doc, level: 1, marks };
    showHint();
  } catch (e) {
    say(status, e.message, "error");
  } finally {
    busy(false);
  }
}

/** The hint at its level: 1 where to look (its rows, columns or regions hatched), 2 the rule
 * (and the cells it looks at), 3 the step itself, with Apply (or, for wrong marks, Take back). */
function showHint() {
  const { doc, level } = hintState;
  const step = doc.steps[0];
  const mistake = step.rule === "mistake";
  pendingHint = null;
  applyButton.hidden = true;
  const more = mistake ? ["for what to look for", "to see which marks"] : ["for the rule", "for the cells it decides"];
  const obvious = doc.skipped.flatMap((s) => s.decided);
  const given = obvious.map(([r, c]) => [r, c]);
  if (level < 3) {
    board.highlight(level === 2 && !mistake ? step.cells : [], [], step.units, level === 2 ? given : []);
    reasonBox.replaceChildren(el("span", { className: "rule" }, `Hint ${level} of 3: `),
      level === 1 ? doc.nudge : doc.lesson);
    reasonBox.hidden = false;
    say(status, `Press Hint again ${more[level - 1]}.`, mistake ? "warn" : "good");
    return;
  }
  board.highlight(step.cells, step.decided.map(([r, c]) => [r, c]), step.units, given);
  const note = obvious.length ? [el("br"), el("span", { className: "obvious" },
    `Before it, what your stars already give: ${obvious.length === 1 ? "1 cell is" : `${obvious.length} cells are`} empty `
    + "(around your stars, and in rows, columns or regions with all their stars; dotted faintly); Apply marks them too.")] : [];
  reasonBox.replaceChildren(
    el("span", { className: "rule" }, `${step.rule} (${step.level}): `), step.reason, ...note);
  reasonBox.hidden = false;
  if (mistake) {
    pendingHint = { remove: step.cells };
    applyButton.textContent = step.cells.length === 1 ? "Take back the wrong mark" : "Take back the wrong marks";
    applyButton.hidden = false;
    say(status, step.cells.length === 1 ? "One of your marks is wrong (highlighted)." : "Some of your marks are wrong (highlighted).", "warn");
    return;
  }
  pendingHint = { add: [...obvious, ...step.decided] };
  applyButton.textContent = "Apply hint";
  applyButton.hidden = false;
  const n = step.decided.length;
  const cells = step.decided.map(([r, c, what]) => `${rc([r, c])} ${what === "star" ? "is a star" : "is empty"}`).join(", ");
  say(status, `Hint: ${cells}. The outlined ${n === 1 ? "cell is" : "cells are"} decided; the shaded cells show why.`, "good");
}

function applyHint() {
  if (!pendingHint) return;
  let stars = board.stars();
  let dots = board.dots();
  const { add, remove } = pendingHint;
  if (remove) {
    const gone = new Set(remove.map(rc));
    stars = stars.filter((cell) => !gone.has(rc(cell)));
    dots = dots.filter((cell) => !gone.has(rc(cell)));
  } else {
    for (const [r, c, what] of add) (what === "star" ? stars : dots).push([r, c]);
  }
  board.setMarks(stars, dots, { record: true });
  clearReason();
  played();
  say(status, remove ? "Wrong marks taken back." : "Hint applied.");
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
      backToOwnBoard();
      board.setMarks(stars, dots, { record: true });
      played({ done: false }); // the solver's board, not the player's solving
      const unique = doc.unique === true ? "the solution is unique" : doc.unique === false ? "another solution exists too" : "uniqueness unknown (time limit)";
      say(status, `Solved: ${unique}.`, "good");
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
    const doc = await explain();
    if (doc.status !== "solved") {
      say(status, doc.status === "unsolvable" ? "This puzzle has no solution." : "The time limit was reached.", "warn");
      return;
    }
    const list = document.getElementById("steps");
    list.replaceChildren(...doc.steps.map((step, i) => el("li", {},
      el("button", { type: "button", className: "link", onclick: () => showStep(i) },
        el("span", { className: "rule" }, `${step.rule} (${step.level})`)),
      ` ${step.reason}`)));
    const guesses = doc.steps.filter((s) => s.rule === "search").length - (doc.cut_short ? 1 : 0);
    const search = guesses ? "; the rules ran out and search finished it" : "";
    const grade = doc.cut_short
      ? `the time limit stopped the rules (the last step is the solver's); difficulty so far at least ${doc.difficulty} (score ${doc.score})`
      : `difficulty ${doc.difficulty} (score ${doc.score})`;
    document.getElementById("steps-summary").textContent =
      `${doc.steps.length} steps, ${grade}${search}. Choose a step to see the board after it.`;
    document.getElementById("steps-box").hidden = false;
    if (doc.cut_short) {
      say(status, `Explained ${doc.steps.length - 1} steps before the time limit; the solver filled in the rest.`, "warn");
    } else {
      say(status, `Explained in ${doc.steps.length} steps (difficulty ${doc.difficulty}, score ${doc.score}).`, "good");
    }
  } catch (e) {
    say(status, e.message, "error");
  } finally {
    busy(false);
  }
}

function showStep(index) {
  openWalk();
  walkTo(index + 1);
  const step = explanation.steps[index];
  say(status, `After step ${index + 1} of ${explanation.steps.length}: ${step.rule}.`);
}

// ---- stepping through the explanation ---------------------------------------------------

async function startWalk() {
  clearReason();
  say(status, "Working out every step…");
  busy(true);
  try {
    const doc = await explain();
    if (doc.status !== "solved") {
      say(status, doc.status === "unsolvable" ? "This puzzle has no solution." : "The time limit was reached.", "warn");
      return;
    }
    say(status, "");
    openWalk();
    walkTo(Math.min(1, doc.steps.length));
  } catch (e) {
    say(status, e.message, "error");
  } finally {
    busy(false);
  }
  document.getElementById("next").focus();
}

/** Show the board after step `at` (0: the start), its decided cells framed, and with "Show me
 * why" the cells and units it looked at. */
function walkTo(at) {
  solvedFrame(false);
  const steps = explanation.steps;
  walkAt = Math.max(0, Math.min(steps.length, at));
  const stars = [];
  const dots = [];
  for (const step of steps.slice(0, walkAt)) {
    for (const [r, c, what] of step.decided) (what === "star" ? stars : dots).push([r, c]);
  }
  board.setMarks(stars, dots);
  showProblems();
  walkButtons();
  if (walkAt === 0) {
    board.clearHighlight();
    walkPos.textContent = `The start: nothing decided yet. ${steps.length} steps to go.`;
    walkReason.hidden = true;
    return;
  }
  const step = steps[walkAt - 1];
  const why = whyButton.getAttribute("aria-pressed") === "true";
  board.highlight(why ? step.cells : [], step.decided.map(([r, c]) => [r, c]), why ? step.units : []);
  const decided = step.decided.map(([r, c, what]) => `${rc([r, c])} ${what === "star" ? "is a star" : "is empty"}`);
  const shown = decided.length > 6 ? `${decided.slice(0, 6).join(", ")} and ${decided.length - 6} more` : decided.join(", ");
  const looked = why && step.units.length ? ` It looked at ${step.units.map((u) => u.name).join(", ")} (hatched).` : "";
  walkPos.textContent = `Step ${walkAt} of ${steps.length}: ${shown}.${looked}`;
  walkReason.replaceChildren(el("span", { className: "rule" }, `${step.rule} (${step.level}): `), step.reason);
  walkReason.hidden = false;
}

/** Show the walk-through, keeping the player's own board to come back to. */
function openWalk() {
  if (!ownMarks) ownMarks = board.snapshot();
  walkBox.hidden = false;
  undoButtons();
}

/** Leave the walk-through, if it is open, for the player's own board. */
function backToOwnBoard() {
  if (!ownMarks) return;
  leaveWalk(true);
  played({ done: false });
}

/** Hide the walk-through; with `restore`, put the player's own marks back. */
function leaveWalk(restore = false) {
  if (!ownMarks) return;
  if (restore) {
    board.setMarks(ownMarks.stars, ownMarks.dots);
    board.clearHighlight();
  }
  ownMarks = null;
  walkBox.hidden = true;
  walkReason.hidden = true;
  undoButtons();
}

function walkButtons() {
  if (!explanation || walkBox.hidden) return;
  document.getElementById("prev").disabled = walkAt <= 0;
  document.getElementById("next").disabled = walkAt >= explanation.steps.length;
}

function toggleWhy() {
  const on = whyButton.getAttribute("aria-pressed") !== "true";
  whyButton.setAttribute("aria-pressed", String(on));
  if (explanation) walkTo(walkAt);
}

function walkKeys(event) {
  if (!explanation || event.target.closest(".starboard")) return;
  const moves = { ArrowLeft: walkAt - 1, ArrowRight: walkAt + 1, Home: 0, End: explanation.steps.length };
  if (!(event.key in moves)) return;
  event.preventDefault();
  walkTo(moves[event.key]);
  // Keep the focus on a button that still works at the ends.
  const next = document.getElementById("next");
  const prev = document.getElementById("prev");
  if (document.activeElement.disabled) (next.disabled ? prev : next).focus();
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

// ---- playing ----------------------------------------------------------------------------

/** After any change to the player's own board: keep it, share it, say what breaks, and (when
 * the player made it: `done`) whether it is solved. */
function played({ done = true } = {}) {
  solvedFrame(false);
  if (done) clock.start();
  saveMarks(puzzle, board.snapshot());
  share();
  showProblems();
  undoButtons();
  if (done) checkDone();
}

/** The rules the marks break, in words (the board marks them in red). */
function showProblems() {
  const box = document.getElementById("conflicts");
  const items = problemLines(board.problems, puzzle.stars, (u) => board.unitName(u));
  box.replaceChildren(...(items.length ? [el("p", { className: "conflicts-title" }, "Broken rules:"),
    el("ul", {}, ...items.map((t) => el("li", {}, t)))] : []));
  box.hidden = !items.length;
}

function marksBody() {
  return { ...source(), star: board.stars().map(rc), empty: board.dots().map(rc) };
}

/** Check: right or wrong so far, never where or what the answer is. */
async function check() {
  backToOwnBoard(); // the marks to check are the player's, not a step's
  clearReason();
  say(status, "Checking your marks…");
  busy(true);
  try {
    const doc = await api("/api/stars/check", marksBody());
    say(status, ...checkSays(doc));
    solvedFrame(doc.status === "solved");
  } catch (e) {
    say(status, e.message, "error");
  } finally {
    busy(false);
  }
}

/** When the player has placed every star without breaking a rule, the engine's validator
 * says whether the board is solved. */
async function checkDone() {
  const placed = board.stars();
  if (placed.length !== puzzle.size * puzzle.stars) return;
  const { touching, over, short } = board.problems;
  if (touching.length || over.length || short.length) {
    say(status, "All stars are placed, but some break the rules (marked in red).", "warn");
    return;
  }
  const asked = JSON.stringify(board.snapshot());
  const mine = puzzle;
  try {
    const doc = await api("/api/stars/check", marksBody());
    // The board moved on: other marks, the walk-through, or another puzzle altogether.
    if (JSON.stringify(board.snapshot()) !== asked || ownMarks || puzzle !== mine) return;
    if (doc.status === "solved") {
      const took = clock.begun ? ` Time ${clockText(clock.stop())}.` : "";
      say(status, SOLVED + took, "good");
      solvedFrame(true);
    }
  } catch {
    // a failed check only means no message; the player can still press Check
  }
}

/** A green frame round a solved board (until the next change). */
function solvedFrame(on) {
  scrollBox.classList.toggle("solved", on);
}

function onMarks(how) {
  if (ownMarks && how === "mark") {
    // Marking a cell during the walk-through carries on from the step shown; Undo goes
    // back to it, and then to the player's own board before the walk.
    board.past.splice(board.past.length - 1, 0, ownMarks);
    leaveWalk();
  }
  clearReason();
  say(status, "");
  played();
}

function undo() {
  if (ownMarks) {
    backToOwnBoard();
    say(status, "Back to your own board.");
  } else if (board.undo()) {
    say(status, "Undone.");
  }
}

function redo() {
  if (!ownMarks && board.redo()) say(status, "Redone.");
}

/** Ctrl+Z / Ctrl+Y (and Ctrl+Shift+Z) anywhere but in a text field, which has its own. */
function undoKeys(event) {
  if (!board || !(event.ctrlKey || event.metaKey) || event.altKey) return;
  if (event.target.closest("input, textarea, select")) return;
  const key = event.key.toLowerCase();
  if (key === "z" && !event.shiftKey) undo();
  else if (key === "y" || (key === "z" && event.shiftKey)) redo();
  else return;
  event.preventDefault();
}

/** Say so when the board is wider than its box (a big board on a phone), as the box then
 * scrolls sideways and its far side is out of sight. */
function noteScrolling() {
  scrollNote.hidden = scrollBox.scrollWidth <= scrollBox.clientWidth + 1;
}

// ---- start -------------------------------------------------------------------------------

async function init() {
  const p = params();
  puzzleInput.value = p.get("p") || EXAMPLE;
  starsInput.value = p.get("k") || "";
  // The board is above this form (a long scroll on a phone): a puzzle loaded by hand is shown
  // with the cursor on it, as a generated one is; the page's opening load moves nothing.
  loadForm.addEventListener("submit", async (e) => {
    e.preventDefault();
    if (await load(puzzleInput.value)) board.moveTo(0, 0);
  });
  document.getElementById("generate").addEventListener("click", generate);
  document.getElementById("hint").addEventListener("click", hint);
  applyButton.addEventListener("click", applyHint);
  document.getElementById("solve").addEventListener("click", solve);
  document.getElementById("unique").addEventListener("click", checkUnique);
  document.getElementById("explain").addEventListener("click", explainAll);
  document.getElementById("step").addEventListener("click", startWalk);
  document.getElementById("prev").addEventListener("click", () => walkTo(walkAt - 1));
  document.getElementById("next").addEventListener("click", () => walkTo(walkAt + 1));
  whyButton.addEventListener("click", toggleWhy);
  walkBox.addEventListener("keydown", walkKeys);
  document.getElementById("gen-stop").addEventListener("click", stopGenerate);
  document.getElementById("clear").addEventListener("click", () => {
    backToOwnBoard();
    board.setMarks([], [], { record: true });
    clearReason();
    played();
    say(status, "Marks cleared (Undo brings them back).");
  });
  document.getElementById("undo").addEventListener("click", undo);
  document.getElementById("redo").addEventListener("click", redo);
  document.getElementById("check").addEventListener("click", check);
  document.getElementById("walk-close").addEventListener("click", () => {
    backToOwnBoard();
    say(status, "Back to your own board.");
    document.getElementById("step").focus();
  });
  document.addEventListener("keydown", undoKeys);
  new ResizeObserver(noteScrolling).observe(scrollBox);
  busy(true);
  try {
    facts = (await config()).tasks;
  } catch (e) {
    say(loadStatus, e.message, "error");
    return;
  }
  await load(puzzleInput.value, { s: p.get("s"), d: p.get("d") });
  loadForm.dataset.ready = "1";
}

init();
