// The Q-Less page: letter boxes, dice, the solver, another solution, and counting as a job.
import { api, el, fillLexicons, params, renderGroups, say, setParams } from "./common.js";
import "./senses.js";

const BOXES = 12;
const MAX_LETTERS = 16;
const COUNT_TIMEOUT = 120; // seconds a count may run before it reports "at least"

const form = document.getElementById("form");
const lettersBox = document.getElementById("letters");
const lexicon = document.getElementById("lexicon");
const common = document.getElementById("common");
const status = document.getElementById("status");
const anotherButton = document.getElementById("another");
const countButton = document.getElementById("count");
const counting = document.getElementById("counting");
const countProgress = document.getElementById("count-progress");
const countTime = document.getElementById("count-time");
const boardCard = document.getElementById("board-card");
const board = document.getElementById("board");
const boardWords = document.getElementById("board-words");
const anagramCard = document.getElementById("anagram-card");

const hintBox = document.getElementById("hint-box");
const hintText = document.getElementById("hint-text");
const hintBoard = document.getElementById("hint-board");

let boxes = [];
let seed = 0; // the search order of the last solve; Another solution moves it on
let hintLevel = 0; // the hint level shown for these letters; each press goes one further
let job = null; // the running count: {id, timer}

// ---- letter boxes ----------------------------------------------------------------------

function buildBoxes(n, letters = "") {
  lettersBox.replaceChildren();
  boxes = [];
  for (let i = 0; i < n; i++) {
    const input = el("input", {
      className: "cell", type: "text", maxLength: 1, value: letters[i] || "",
      autocomplete: "off", spellcheck: false, autocapitalize: "none", "aria-label": `Letter ${i + 1}`,
    });
    input.dataset.i = i;
    boxes.push(input);
    lettersBox.append(input);
  }
}

function letters() {
  return boxes.map((b) => b.value.toLowerCase()).join("");
}

function setLetters(text) {
  const clean = text.toLowerCase().replace(/[^a-z]/g, "").slice(0, MAX_LETTERS);
  buildBoxes(Math.max(BOXES, clean.length), clean);
}

function focusBox(i) {
  const box = boxes[Math.max(0, Math.min(i, boxes.length - 1))];
  box.focus();
  box.select();
}

function changed() {
  seed = 0;
  anotherButton.disabled = true;
  resetHint();
  share();
}

// ---- hints and the roll of the day -----------------------------------------------------

function resetHint() {
  hintLevel = 0;
  hintBox.hidden = true;
  hintBoard.hidden = true;
  document.getElementById("hint").textContent = "Hint";
}

async function nextHint() {
  const level = Math.min(hintLevel + 1, 3);
  busy(true);
  try {
    const doc = await api("/api/qless/hint", { letters: letters(), level, lexicon: lexicon.value || null });
    hintLevel = level;
    hintBox.hidden = false;
    if (doc.status !== "solved") {
      hintText.textContent = "No hint: this roll has no solution.";
      hintBoard.hidden = true;
      return;
    }
    const first = doc.first_letter.toUpperCase();
    let text = `Hint ${level} of 3: the longest word of a solution has ${doc.length} letters and starts with ${first}.`;
    if (level >= 2) text += ` It is ${doc.word.toUpperCase()}.`;
    if (level >= 3) text += " Here it is on the board; the other cells are yours to fill.";
    hintText.textContent = text;
    if (level >= 3) {
      hintBoard.replaceChildren();
      const width = Math.max(...doc.board.map((r) => r.length));
      hintBoard.style.gridTemplateColumns = `repeat(${width}, 2.2rem)`;
      for (const row of doc.board) {
        for (const ch of row) hintBoard.append(el("div", { className: ch === "." ? "tile empty" : "tile" }, ch === "." ? "" : ch));
      }
      hintBoard.setAttribute("aria-label", `The word ${doc.word} on a board of ${doc.board.length} rows`);
      hintBoard.hidden = false;
    }
    document.getElementById("hint").textContent = level < 3 ? "Another hint" : "Hint";
  } catch (e) {
    say(status, e.message, "error");
  } finally {
    busy(false);
  }
}

function today() {
  const d = new Date(); // the player's own date, not the server's
  const pad = (n) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

async function rollOfTheDay() {
  busy(true);
  say(status, "Finding the roll of the day…");
  try {
    const date = params().get("date") || today();
    const doc = await api("/api/qless/daily", { date, lexicon: lexicon.value || null });
    setLetters(doc.letters);
    changed();
    boardCard.hidden = true;
    anagramCard.hidden = true;
    say(status, `Roll of the day ${doc.date}: ${doc.letters.toUpperCase()} — ${doc.grade_text} ` +
      `(${doc.common_solutions.toLocaleString("en-US")} common-word solutions). Try it, then Solve.`, "good");
  } catch (e) {
    say(status, e.message, "error");
  } finally {
    busy(false);
  }
}

function onKey(event) {
  const box = event.target;
  if (!box.classList.contains("cell") || event.ctrlKey || event.metaKey || event.altKey) return;
  const i = Number(box.dataset.i);
  const key = event.key;
  if (/^[a-zA-Z]$/.test(key)) {
    box.value = key.toLowerCase();
    if (i === boxes.length - 1 && boxes.length < MAX_LETTERS) {
      // A thirteenth letter and on: the row grows (a roll may have up to 16).
      const text = letters();
      buildBoxes(boxes.length + 1, text);
    }
    focusBox(i + 1);
    changed();
  } else if (key === "Backspace") {
    if (box.value) box.value = "";
    else if (i > 0) { boxes[i - 1].value = ""; focusBox(i - 1); }
    changed();
  } else if (key === "Delete") { box.value = ""; changed(); }
  else if (key === "ArrowRight") focusBox(i + 1);
  else if (key === "ArrowLeft") focusBox(i - 1);
  else if (key === "Home") focusBox(0);
  else if (key === "End") focusBox(boxes.length - 1);
  else if (key === "Enter") { event.preventDefault(); solve(0); return; }
  else return;
  event.preventDefault();
}

function onPaste(event) {
  event.preventDefault();
  const text = (event.clipboardData || window.clipboardData).getData("text");
  setLetters(text);
  focusBox(letters().length);
  changed();
}

function share() {
  setParams({ letters: letters(), seed: seed || "", common: common.checked, lexicon: lexicon.value });
}

// ---- showing answers -------------------------------------------------------------------

function drawBoard(rows) {
  board.replaceChildren();
  const width = Math.max(...rows.map((r) => r.length));
  board.style.gridTemplateColumns = `repeat(${width}, 2.2rem)`;
  for (const row of rows) {
    for (const ch of row.padEnd(width, ".")) {
      board.append(ch === "." ? el("div", { className: "tile empty" }) : el("div", { className: "tile" }, ch));
    }
  }
  boardCard.hidden = false;
}

let shownKey = null; // the board on show, to tell whether "another" solution really is one

function showBoard(doc) {
  drawBoard(doc.board);
  shownKey = doc.board.join("/");
  const words = doc.words.join(", ");
  board.setAttribute("aria-label", `Crossword of ${doc.board.length} rows using the words ${words}`);
  boardWords.replaceChildren("Words: ", ...doc.words.flatMap((w, i) =>
    [i ? ", " : "", el("span", { className: "word-link", dataset: { word: w } }, w)]));
}

function showAnagrams(doc) {
  anagramCard.hidden = false;
  document.getElementById("anagram-count").textContent =
    `${doc.anagram_count} words of 3 or more letters can be built from ${doc.letters.toUpperCase()}.`;
  renderGroups(document.getElementById("anagrams"), doc.anagrams);
}

function report(doc) {
  showAnagrams(doc);
  if (doc.status === "solved") {
    showBoard(doc);
    if (doc.fell_back) {
      say(status, "No common-words solution turned up, so this one uses all words (fell back to all words).", "warn");
    } else {
      const words = doc.words.join(", ");
      say(status, doc.common_only ? `Solved with common words only: ${words}.` : `Solved: ${words}.`, "good");
    }
    anotherButton.disabled = false;
  } else {
    boardCard.hidden = true;
    anotherButton.disabled = true;
    if (doc.status === "unsolvable") {
      say(status, "No solution exists: the exhaustive search found no crossword that uses every letter.", "warn");
    } else {
      say(status, `The time limit was reached before a crossword turned up (after ${doc.placements.toLocaleString()} placements).`, "warn");
    }
  }
}

// ---- actions ---------------------------------------------------------------------------

function busy(on) {
  for (const b of form.querySelectorAll("button")) {
    if (b.id === "stop") continue;
    if (b.id === "another") b.disabled = on || boardCard.hidden;
    else b.disabled = on;
  }
  form.setAttribute("aria-busy", on ? "true" : "false");
}

/** The roll's stored result from the Q-Less atlas, if this machine has one that holds it. */
async function showAtlas(text) {
  const note = document.getElementById("atlas");
  note.hidden = true;
  let doc;
  try {
    doc = await api("/api/qless/atlas", { letters: text, common: common.checked, lexicon: lexicon.value || null });
  } catch {
    return; // no atlas on this machine: nothing to add
  }
  if (!doc || doc.found === false || !doc.atlas) return;
  const a = doc.atlas;
  const count = a.solution_count === null || a.solution_count === undefined ? ""
    : `, ${a.count_complete ? "exactly" : "at least"} ${a.solution_count.toLocaleString()} solutions`;
  note.textContent = `Atlas (stored result): ${doc.status}${count}; ${a.lexicon}, ${a.solved_at}.`;
  note.hidden = false;
}

const ANOTHER_TRIES = 5; // seeds tried for a layout different from the one shown

async function solve(withSeed, { another = false } = {}) {
  const text = letters();
  const before = another && !boardCard.hidden ? shownKey : null;
  seed = withSeed;
  if (!another) showAtlas(text);
  say(status, another ? "Looking for another solution…" : "Solving…");
  busy(true);
  try {
    let doc;
    // Another search order may still land on the same layout: go on to the next order.
    for (let i = 0; ; i++) {
      doc = await api("/api/qless/solve", {
        letters: text, seed, common: common.checked, lexicon: lexicon.value || null,
      });
      const same = doc.status === "solved" && doc.board.join("/") === before;
      if (!same || i === ANOTHER_TRIES - 1) break;
      seed += 1;
    }
    report(doc);
    if (another && doc.status === "solved" && doc.board.join("/") === before) {
      say(status, `No other layout turned up in ${ANOTHER_TRIES} more search orders.`, "warn");
    }
  } catch (e) {
    boardCard.hidden = true;
    anotherButton.disabled = true;
    say(status, e.message, "error");
  } finally {
    busy(false);
    anotherButton.disabled = boardCard.hidden;
    share();
  }
}

async function roll() {
  busy(true);
  try {
    const doc = await api("/api/qless/roll", {});
    setLetters(doc.letters);
    changed();
  } catch (e) {
    say(status, e.message, "error");
    busy(false);
    return;
  }
  busy(false);
  await solve(0);
}

function countLine(n) {
  return `${n.toLocaleString()} distinct ${n === 1 ? "solution" : "solutions"}`;
}

async function startCount() {
  say(status, "Counting…");
  busy(true);
  try {
    const started = await api("/api/qless/count", {
      letters: letters(), common: common.checked, lexicon: lexicon.value || null, timeout: COUNT_TIMEOUT,
    });
    counting.hidden = false;
    countProgress.value = 0;
    countTime.textContent = "";
    job = { id: started.job, timer: setInterval(poll, 300) };
    document.getElementById("stop").focus();
  } catch (e) {
    say(status, e.message, "error");
    busy(false);
  }
}

async function poll() {
  if (!job) return;
  const id = job.id;
  let doc;
  try {
    doc = await api(`/api/jobs/${id}`);
  } catch (e) {
    finishCount();
    say(status, e.message, "error");
    return;
  }
  if (!job || job.id !== id) return;
  countProgress.value = doc.progress.fraction || 0;
  if (doc.state === "queued") {
    say(status, "Waiting for a free worker (another count is running)…");
    return;
  }
  if (doc.state === "running") {
    // The seconds go beside the bar, not in the live status line, which would chatter.
    if (status.textContent !== "Counting…") say(status, "Counting…");
    const found = doc.progress.solutions;
    const so_far = found ? `, ${found.toLocaleString("en-US")} found so far` : "";
    countTime.textContent = `${Math.floor(doc.progress.seconds)} s of at most ${COUNT_TIMEOUT} s${so_far}`;
    return;
  }
  finishCount();
  if (doc.state === "done") {
    const r = doc.result;
    showAnagrams(r);
    if (r.board) showBoard(r);
    if (r.status === "unsolvable") {
      say(status, "No solution exists: the exhaustive search found no crossword that uses every letter.", "warn");
    } else if (r.count_complete) {
      say(status, `Exactly ${countLine(r.solutions)}.`, "good");
    } else {
      say(status, `The ${COUNT_TIMEOUT} s limit was reached before the count finished.`, "warn");
    }
  } else if (doc.state === "stopped") {
    const found = doc.progress.solutions;
    const atLeast = found ? ` (at least ${countLine(found)})` : "";
    say(status, `Stopped after ${Math.floor(doc.progress.seconds)} s, before the count finished${atLeast}.`, "warn");
  } else {
    say(status, doc.detail || "The count failed.", "error");
  }
}

function finishCount() {
  if (job) clearInterval(job.timer);
  job = null;
  counting.hidden = true;
  busy(false);
}

async function stopCount() {
  if (!job) return;
  const id = job.id;
  try {
    await api(`/api/jobs/${id}`, undefined, { method: "DELETE" });
  } catch (e) {
    say(status, e.message, "error");
  }
  await poll();
  countButton.focus();
}

// ---- start -----------------------------------------------------------------------------

async function init() {
  const p = params();
  setLetters(p.get("letters") || "");
  seed = Number(p.get("seed")) || 0;
  common.checked = p.get("common") === "1";
  lettersBox.addEventListener("keydown", onKey);
  lettersBox.addEventListener("paste", onPaste);
  lettersBox.addEventListener("input", (e) => { // phones' soft keyboards send input, not keydown
    const box = e.target;
    box.value = box.value.replace(/[^a-z]/gi, "").slice(-1).toLowerCase();
    if (box.value) focusBox(Number(box.dataset.i) + 1);
    changed();
  });
  form.addEventListener("submit", (e) => { e.preventDefault(); solve(0); });
  anotherButton.addEventListener("click", () => solve(seed + 1, { another: true }));
  document.getElementById("roll").addEventListener("click", roll);
  countButton.addEventListener("click", startCount);
  document.getElementById("hint").addEventListener("click", nextHint);
  document.getElementById("daily").addEventListener("click", rollOfTheDay);
  document.getElementById("stop").addEventListener("click", stopCount);
  common.addEventListener("change", share);
  lexicon.addEventListener("change", share);
  try {
    await fillLexicons(lexicon, p.get("lexicon"));
  } catch (e) {
    say(status, e.message, "error");
  }
  form.dataset.ready = "1";
  if (letters()) await solve(seed);
  else focusBox(0);
}

init();
