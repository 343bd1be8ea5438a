// The Q-Less page: letter boxes, dice, the solver, another solution, counting as a job, hints,
// the roll of the day, and the board to build on (qless-play.js).
//
// Nothing on the page may describe other letters than the ones shown: every change of the
// input (letters, dictionary, common words) clears the answers on show and moves `gen` on;
// an answer that comes back for an older `gen` is dropped.
import { api, config, el, fillLexicons, followJob, params, renderGroups, say, setParams } from "./common.js";
import { decode } from "./qless-board.js";
import { clockText } from "./clock.js";
import { Play } from "./qless-play.js";
import "./senses.js";

const BOXES = 12;
const MIN_LETTERS = 3;
const MAX_LETTERS = 16;

const $ = (id) => document.getElementById(id);
const form = $("form");
const lettersBox = $("letters");
const lettersMsg = $("letters-msg");
const lexicon = $("lexicon");
const common = $("common");
const status = $("status");
const anotherButton = $("another");
const countButton = $("count");
const counting = $("counting");
const countProgress = $("count-progress");
const countTime = $("count-time");
const boardCard = $("board-card");
const board = $("board");
const boardWords = $("board-words");
const anagramCard = $("anagram-card");
const atlasNote = $("atlas");
const hintBox = $("hint-box");
const hintText = $("hint-text");

let boxes = [];
let seed = 0; // the search order of the last solve; Another solution moves it on
let hintLevel = 0; // the hint level shown for these letters; each press goes one further
let job = null; // the running count (common.js followJob)
let gen = 0; // moves on with every change of the input; answers for an older one are dropped
let inflight = new AbortController(); // the requests of this `gen`, aborted when it moves on
let answered = false; // a solver answer for these letters is on show (the URL says letters=)
let daily = null; // the date when the letters are that day's roll
let linkRows = null; // the board in the link, until the roll it belongs to is set

const play = new Play({
  card: $("play-card"), board: $("play-board"), keys: $("play-keys"), clock: $("play-clock"),
  cue: $("play-cue"), rack: $("rack"), msg: $("play-msg"),
  summary: $("play-summary"), runs: $("play-runs"), solved: $("solved"),
  undo: $("p-undo"), redo: $("p-redo"), shuffle: $("p-shuffle"), clear: $("p-clear"),
}, { lexicon: () => lexicon.value, onChange: share, onSolved: handSolved });

// ---- letter boxes ----------------------------------------------------------------------

function buildBoxes(n, letters = "") {
  lettersBox.replaceChildren();
  boxes = [];
  for (let i = 0; i < n; i++) {
    const input = el("input", {
      className: "cell", type: "text", maxLength: 1, value: letters[i] || "",
      autocomplete: "off", spellcheck: false, autocapitalize: "none", "aria-label": `Letter ${i + 1}`,
      "aria-describedby": "letters-msg",
    });
    input.dataset.i = i;
    boxes.push(input);
    lettersBox.append(input);
  }
}

function letters() {
  return boxes.map((b) => b.value.toLowerCase()).join("");
}

/** The roll the letters make, or null while they are too few. */
function roll() {
  const text = letters();
  return text.length >= MIN_LETTERS ? text : null;
}

function note(text) {
  lettersMsg.textContent = text;
  lettersMsg.hidden = !text;
}

/** Letters from a paste or a link: what is not a letter, or past the sixteenth, is left out
 * and the message next to the boxes says so. */
function setLetters(text, from = "") {
  const raw = String(text);
  const kept = raw.toLowerCase().replace(/[^a-z]/g, "");
  const dropped = raw.replace(/[a-zA-Z\s]/g, "");
  const clean = kept.slice(0, MAX_LETTERS);
  buildBoxes(Math.max(BOXES, clean.length), clean);
  const said = [];
  if (dropped) said.push(`left out ${[...new Set(dropped)].map((c) => `“${c}”`).join(", ")} (a roll is letters a-z)`);
  if (kept.length > MAX_LETTERS) said.push(`kept the first ${MAX_LETTERS} letters and left out “${kept.slice(MAX_LETTERS).toUpperCase()}” (a roll has at most ${MAX_LETTERS})`);
  note(said.length ? `${from || "From the letters given"}: ${said.join("; ")}.` : "");
}

function focusBox(i) {
  const box = boxes[Math.max(0, Math.min(i, boxes.length - 1))];
  box.focus();
  box.select();
}

// ---- the input changed: nothing of the old answers may stay -------------------------------

function stale({ keepPlay = false } = {}) {
  gen += 1;
  inflight.abort();
  inflight = new AbortController();
  seed = 0;
  answered = false;
  daily = null;
  shownSets.clear();
  boardCard.hidden = true;
  anagramCard.hidden = true;
  atlasNote.hidden = true;
  anotherButton.disabled = true;
  say(status, "");
  resetHint();
  if (job) stopJob();
  busy(false);
  if (!keepPlay) play.setRoll(roll(), linkRows);
  linkRows = null;
  share();
}

function stopJob() {
  const following = job;
  finishCount();
  following.drop();
}

/** Run `fn(signal)` for the current input; its answer is dropped if the input changed. */
async function current(fn) {
  const mine = gen;
  try {
    const doc = await fn(inflight.signal);
    return mine === gen ? { doc } : null;
  } catch (e) {
    if (mine !== gen || e.name === "AbortError") return null;
    throw e;
  }
}

// ---- hints and the roll of the day -----------------------------------------------------

function resetHint() {
  hintLevel = 0;
  hintBox.hidden = true;
  $("hint").textContent = "Hint";
}

async function nextHint() {
  const level = Math.min(hintLevel + 1, 3);
  busy(true);
  try {
    const got = await current((signal) => api("/api/qless/hint",
      { letters: letters(), level, lexicon: lexicon.value || null }, { signal }));
    if (!got) return;
    const doc = got.doc;
    hintLevel = level;
    hintBox.hidden = false;
    if (doc.status !== "solved") {
      hintText.textContent = "No hint: this roll has no solution.";
      return;
    }
    const first = doc.first_letter.toUpperCase();
    let text = `Hint ${level} of 3: the longest word of a solution has ${doc.length} letters and starts with ${first}.`;
    if (level >= 2) text += ` It is ${doc.word.toUpperCase()}.`;
    if (level >= 3) {
      const placed = play.placeRows(doc.board);
      if (!placed) text += " It could not be put on your board.";
      else if (!placed.sentBack) text += " It is on your board now; the other tiles are yours to place around it (Undo takes it off).";
      else {
        // The word is placed on a board of its own: say where the player's tiles went.
        const n = placed.sentBack;
        text += ` It is on your board now, in place of your ${n === 1 ? "tile, which went" : `${n} tiles, which went`}`
          + " back to the rack (Undo puts them back); the other tiles are yours to place around it.";
      }
    }
    hintText.textContent = text;
    $("hint").textContent = level < 3 ? "Another hint" : "Hint";
    if (level >= 3) $("play-board").scrollIntoView({ block: "nearest" });
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

/** "2,528" when the count is complete, else "at least 2,387": a count cut short is a lower bound. */
function countText(n, complete) {
  return `${complete ? "" : "at least "}${n.toLocaleString("en-US")}`;
}

/** The roll of a date: its letters at once, then its grade (a second or two) in the status. */
async function rollOfTheDay(date) {
  busy(true);
  say(status, "Finding the roll of the day…");
  try {
    const ask = (grade) => current((signal) => api("/api/qless/daily",
      { date, grade, lexicon: lexicon.value || null }, { signal }));
    const got = await ask(false);
    if (!got) return;
    const doc = got.doc;
    setLetters(doc.letters);
    stale();
    daily = doc.date;
    share();
    const head = `Roll of the day ${doc.date}: ${doc.letters.toUpperCase()}`;
    say(status, `${head}. Build it on your board. Grading it…`, "good");
    $("play-board").focus();
    busy(false);
    const graded = await ask(true);
    if (!graded) return;
    const g = graded.doc;
    let text = `${head} — ${g.grade_text} (${countText(g.common_solutions, g.common_complete)} common-word solutions`;
    if (g.solutions !== null && g.solutions !== undefined) text += `, ${countText(g.solutions, g.solutions_complete)} with all words`;
    if (g.time_limit_cut) text += "; the time limit cut the count on a busy server, another try may count more";
    say(status, `${text}). Build it on your board.`, "good");
  } catch (e) {
    say(status, e.message, "error");
  } finally {
    busy(false);
  }
}

// ---- typing the letters ----------------------------------------------------------------

function onKey(event) {
  const box = event.target;
  if (!box.classList.contains("cell") || event.ctrlKey || event.metaKey || event.altKey) return;
  const i = Number(box.dataset.i);
  const key = event.key;
  if (/^[a-zA-Z]$/.test(key)) {
    // The last of sixteen boxes, filled and not chosen to be typed over: a seventeenth letter.
    const full = i === MAX_LETTERS - 1 && box.value && box.selectionStart === box.selectionEnd;
    if (full) {
      note(`A roll has at most ${MAX_LETTERS} letters: “${key.toUpperCase()}” was not added.`);
    } else {
      note("");
      box.value = key.toLowerCase();
      if (i === boxes.length - 1 && boxes.length < MAX_LETTERS) {
        // A thirteenth letter and on: the row grows (a roll may have up to 16).
        buildBoxes(boxes.length + 1, letters());
      }
      if (i + 1 < boxes.length) focusBox(i + 1);
      else boxes[i].focus(); // the caret after the sixteenth letter, nothing selected
      stale();
    }
  } else if (key === "Backspace") {
    note("");
    if (box.value) box.value = "";
    else if (i > 0) { boxes[i - 1].value = ""; focusBox(i - 1); }
    stale();
  } else if (key === "Delete") { note(""); box.value = ""; stale(); }
  else if (key === "ArrowRight") focusBox(i + 1);
  else if (key === "ArrowLeft") focusBox(i - 1);
  else if (key === "Home") focusBox(0);
  else if (key === "End") focusBox(boxes.length - 1);
  else if (key === "Enter") { event.preventDefault(); solve(0); return; }
  else if (key.length === 1 && key !== " ") {
    note(`Only letters a-z go in a roll: “${key}” was not added.`);
  } else return;
  event.preventDefault();
}

function onPaste(event) {
  event.preventDefault();
  const text = (event.clipboardData || window.clipboardData).getData("text");
  setLetters(text, "From the paste");
  focusBox(letters().length);
  stale();
}

function onInput(e) { // phones' soft keyboards send input, not keydown
  const box = e.target;
  const typed = box.value;
  box.value = typed.replace(/[^a-z]/gi, "").slice(-1).toLowerCase();
  if (typed && !box.value) note(`Only letters a-z go in a roll: “${typed}” was not added.`);
  else note("");
  if (box.value) focusBox(Number(box.dataset.i) + 1);
  stale();
}

/** The address bar: the solver's permalink once an answer is on show (letters=), else the
 * roll and the board being built (roll=, board=), which give nothing away. */
function share() {
  const text = letters();
  setParams({
    letters: answered ? text : "", roll: answered || daily ? "" : text, daily: daily || "",
    seed: answered ? seed || "" : "", common: common.checked, lexicon: lexicon.value,
    board: play.encoded(),
  });
  const link = $("share-link");
  const valid = roll() !== null;
  $("share").hidden = !valid;
  if (valid) {
    const q = new URLSearchParams(daily ? { daily } : { roll: text });
    if (lexicon.value && lexicon.options.length && lexicon.value !== lexicon.options[0].value) q.set("lexicon", lexicon.value);
    link.href = `/qless?${q}`;
    link.textContent = new URL(link.href, location.href).href;
  }
}

// ---- showing answers -------------------------------------------------------------------

function drawBoard(rows) {
  board.replaceChildren();
  const width = Math.max(...rows.map((r) => r.length));
  board.style.setProperty("--cols", width);
  for (const row of rows) {
    for (const ch of row.padEnd(width, ".")) {
      board.append(ch === "." ? el("div", { className: "tile empty" }) : el("div", { className: "tile" }, ch));
    }
  }
  boardCard.hidden = false;
  const fit = board.parentElement;
  $("board-cue").hidden = fit.scrollWidth <= fit.clientWidth + 1;
}

// The sets of words shown for these letters (sorted, joined): "another" solution is another
// set of words, not the same words laid out again.
const shownSets = new Set();
const wordSet = (doc) => [...doc.words].sort().join(" ");

function showBoard(doc) {
  drawBoard(doc.board);
  shownSets.add(wordSet(doc));
  const words = doc.words.join(", ");
  board.setAttribute("aria-label", `Crossword of ${doc.board.length} rows using the words ${words}`);
  boardWords.replaceChildren("Words: ", ...doc.words.flatMap((w, i) =>
    [i ? ", " : "", el("span", { className: "word-link", dataset: { word: w } }, w)]));
}

/** The anagram list, common words in bold as on the Words page (asked of the common-words
 * dictionary; the list shows unmarked if that answer does not come). */
async function showAnagrams(doc) {
  anagramCard.hidden = false;
  const count = $("anagram-count");
  count.textContent = `${doc.anagram_count} words of 3 or more letters can be built from ${doc.letters.toUpperCase()}.`;
  renderGroups($("anagrams"), doc.anagrams);
  const got = await current((signal) => api("/api/anagram",
    { letters: doc.letters, common: true, lexicon: lexicon.value || null }, { signal })).catch(() => null);
  if (!got) return;
  const marked = new Set(got.doc.words);
  renderGroups($("anagrams"), doc.anagrams, { common: marked });
  count.textContent += " Bold: common words.";
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

/** The roll's stored result from the Q-Less atlas, if this server has one that holds it. */
async function atlasFor(text) {
  const got = await current((signal) => api("/api/qless/atlas",
    { letters: text, common: common.checked, lexicon: lexicon.value || null }, { signal })).catch(() => null);
  const doc = got && got.doc;
  return doc && doc.found !== false && doc.atlas ? doc : null;
}

async function showAtlas(text) {
  atlasNote.hidden = true;
  const doc = await atlasFor(text);
  if (!doc) return;
  const a = doc.atlas;
  const count = a.solution_count === null || a.solution_count === undefined ? ""
    : `, ${a.count_complete ? "exactly" : "at least"} ${a.solution_count.toLocaleString()} solutions`;
  atlasNote.textContent = `Atlas (stored result): ${doc.status}${count}; ${a.lexicon}, ${a.solved_at}.`;
  atlasNote.hidden = false;
}

const ANOTHER_TRIES = 12; // search orders tried for a set of words not shown yet

async function solve(withSeed, { another = false } = {}) {
  const text = letters();
  if (!another) shownSets.clear();
  seed = withSeed;
  if (!another) showAtlas(text);
  say(status, another ? "Looking for another solution…" : "Solving…");
  busy(true);
  const mine = gen;
  try {
    let doc;
    let seen = false;
    // Another search order may still land on words already shown: go on to the next order.
    for (let i = 0; ; i++) {
      const got = await current((signal) => api("/api/qless/solve", {
        letters: text, seed, common: common.checked, lexicon: lexicon.value || null,
      }, { signal }));
      if (!got) return;
      doc = got.doc;
      seen = another && doc.status === "solved" && shownSets.has(wordSet(doc));
      if (!seen || i === ANOTHER_TRIES - 1) break;
      seed += 1;
    }
    answered = true;
    if (seen) {
      // The board on show stays: the search orders tried gave only word sets shown already.
      say(status, `No other set of words turned up in ${ANOTHER_TRIES} more search orders`
        + ` (${shownSets.size} shown so far).`, "warn");
    } else {
      report(doc);
    }
  } catch (e) {
    boardCard.hidden = true;
    anotherButton.disabled = true;
    say(status, e.message, "error");
  } finally {
    if (mine === gen) {
      busy(false);
      anotherButton.disabled = boardCard.hidden;
      share();
    }
  }
}

/** New dice, as at the table: the roll goes to the rack, and the answer stays hidden until
 * Solve is pressed. */
async function rollDice() {
  busy(true);
  try {
    const got = await current((signal) => api("/api/qless/roll", {}, { signal }));
    if (!got) return;
    setLetters(got.doc.letters);
    stale();
    say(status, `Rolled ${got.doc.letters.toUpperCase()}: build it on your board, or press Solve.`, "good");
  } catch (e) {
    say(status, e.message, "error");
  } finally {
    busy(false);
  }
}

function countLine(n) {
  return `${n.toLocaleString()} distinct ${n === 1 ? "solution" : "solutions"}`;
}

async function startCount() {
  say(status, "Counting…");
  busy(true);
  let got;
  try {
    // The count's own time limit (the server's default for it): the bar shows how much is used.
    got = await current((signal) => api("/api/qless/count", {
      letters: letters(), common: common.checked, lexicon: lexicon.value || null,
    }, { signal }));
  } catch (e) {
    say(status, e.message, "error");
    busy(false);
    return;
  }
  if (!got) return;
  counting.hidden = false;
  countProgress.value = 0;
  countTime.textContent = "";
  const mine = followJob(got.doc.job, { onUpdate: showCounting });
  job = mine;
  $("stop").focus();
  let doc;
  try {
    doc = await mine.ended;
  } catch (e) {
    if (job === mine) {
      finishCount();
      say(status, e.message, "error");
    }
    return;
  }
  if (doc === null || job !== mine) return; // the letters changed: not ours to show
  finishCount();
  showCounted(doc);
}

function showCounting(doc) {
  countProgress.value = doc.progress.fraction || 0;
  if (doc.state === "queued") {
    const place = doc.position ? `, number ${doc.position} in line` : "";
    say(status, `Waiting for a free worker (other long work is running${place})…`);
    return;
  }
  // The seconds go beside the bar, not in the live status line, which would chatter.
  if (status.textContent !== "Counting…") say(status, "Counting…");
  const found = doc.progress.solutions;
  const soFar = found ? `, ${found.toLocaleString("en-US")} found so far` : "";
  countTime.textContent = `${Math.floor(doc.progress.seconds)} s of at most ${doc.progress.limit} s${soFar}`;
}

function showCounted(doc) {
  if (doc.state === "done") {
    const r = doc.result;
    showAnagrams(r);
    // A count says how many, not which: the board it found shows only next to a solve's.
    if (r.board && answered) showBoard(r);
    else boardCard.hidden = true;
    if (r.status === "unsolvable") {
      say(status, "No solution exists: the exhaustive search found no crossword that uses every letter.", "warn");
    } else if (r.count_complete) {
      say(status, `Exactly ${countLine(r.solutions)}.`, "good");
    } else {
      say(status, `The ${doc.progress.limit} s limit was reached before the count finished` +
        (r.solutions ? ` (at least ${countLine(r.solutions)}).` : "."), "warn");
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
  job = null;
  counting.hidden = true;
  busy(false);
}

async function stopCount() {
  if (!job) return;
  try {
    await job.stop();
  } catch (e) {
    say(status, e.message, "error");
  }
  countButton.focus();
}

// ---- a board solved by hand: time, words, how many solutions, the grade ---------------------

function duration(ms) {
  const s = Math.max(1, Math.round(ms / 1000));
  const m = Math.floor(s / 60);
  return m ? `${m} min ${s % 60} s` : `${s} s`;
}

const counted = new Map(); // roll + dictionary -> the count line already worked out
const beingCounted = new Set(); // roll + dictionary whose count is being worked out

const STREAK = "puzzlesmith.qless.daily-solved"; // localStorage: the days whose roll was solved

/** Record the day's roll as solved; the days solved in a row up to that day. */
function streakAfter(day) {
  let days = [];
  try { days = JSON.parse(localStorage.getItem(STREAK) || "[]"); } catch { days = []; }
  if (!Array.isArray(days)) days = [];
  const have = new Set(days);
  have.add(day);
  try { localStorage.setItem(STREAK, JSON.stringify([...have].sort().slice(-400))); } catch { /* storage off */ }
  let n = 0;
  const d = new Date(`${day}T12:00:00Z`);
  while (have.has(d.toISOString().slice(0, 10))) {
    n += 1;
    d.setUTCDate(d.getUTCDate() - 1);
  }
  return n;
}

/** The result line to share: which puzzle, the time and how many words, never the words. */
function shareLine(doc, ms) {
  const which = daily ? `Q-Less ${daily}` : `Q-Less ${doc.letters.toUpperCase()}`;
  const n = doc.words.length;
  return [which, ms === null ? null : `solved in ${clockText(ms)}`, `${n} ${n === 1 ? "word" : "words"}`]
    .filter(Boolean).join(" · ");
}

async function handSolved(doc, ms) {
  const words = doc.words.map((w) => w.toUpperCase()).join(", ");
  const took = ms === null ? "" : ` in ${duration(ms)}`;
  $("solved-text").replaceChildren(el("strong", {}, "Solved"), `${took}: ${words}.`);
  $("share-line").textContent = shareLine(doc, ms);
  $("copy-said").textContent = "";
  const streak = $("streak");
  streak.hidden = !daily;
  if (daily) {
    const n = streakAfter(daily);
    streak.textContent = `Streak: ${n} ${n === 1 ? "day" : "days"} in a row solved (kept in this browser).`;
  }
  const line = $("solved-count");
  const key = `${doc.letters}/${lexicon.value}`;
  // The line kept in this browser with this very board, for the dictionary the check that
  // just passed it names: no grade, atlas or count asked for again (the grade alone is seconds).
  const kept = play.keptGrade(doc.lexicon);
  if (kept !== null) { line.textContent = kept; return; }
  if (counted.has(key)) { line.textContent = counted.get(key); return; }
  if (beingCounted.has(key)) return; // solved again while its count runs: that count will say
  beingCounted.add(key);
  const board = play.encoded();
  try {
    const mine = gen;
    line.textContent = "Grading this roll and counting its solutions…";
    const grade = await gradeOf(doc.letters);
    if (mine !== gen) return; // other letters now: no count for these
    const howMany = await solutionsOf(doc.letters, line, grade);
    if (howMany === null) return;
    const cut = grade && grade.time_limit_cut ? " (the time limit cut it on a busy server)" : "";
    const text = `${howMany.text}${grade ? `; grade: ${grade.grade_text}${cut}` : ""}.`;
    counted.set(key, text);
    // Kept only when final: a grade that failed, was cut by the clock, or a count cut short
    // is asked again next time.
    if (grade && !cut && howMany.final) play.keepGrade(doc.letters, board, doc.lexicon, text);
    if (play.roll === doc.letters) line.textContent = text;
  } finally {
    beingCounted.delete(key);
  }
}

async function gradeOf(text) {
  const got = await current(async (signal) => api("/api/qless/grade", {
    letters: text, lexicon: lexicon.value || null, time_limit: (await config()).tasks.qless_grade.background,
  }, { signal })).catch(() => null);
  return got ? got.doc : null;
}

/** {text: "This roll has exactly N solutions", final} from the atlas when it holds the roll,
 * else from the grade's own count when it finished, else from a count job ("at least N" when
 * it stops at its limit); final is false for an answer another try could better (an error, a
 * count stopped early). Null if the letters changed. */
async function solutionsOf(text, line, grade) {
  const mine = gen;
  const stored = await atlasFor(text);
  if (mine !== gen) return null;
  if (stored && stored.atlas.solution_count !== null && stored.atlas.solution_count !== undefined) {
    return { text: `This roll has ${stored.atlas.count_complete ? "exactly" : "at least"} ${countLine(stored.atlas.solution_count)} (stored in the atlas)`, final: true };
  }
  // The grade counts every solution too, within its own limit: an exact count needs no job.
  if (grade && grade.solutions_complete && grade.solutions !== null) {
    return { text: `This roll has exactly ${countLine(grade.solutions)}`, final: true };
  }
  let started;
  try {
    const seconds = (await config()).tasks.qless_count.background;
    started = await api("/api/qless/count", { letters: text, lexicon: lexicon.value || null, time_limit: seconds });
  } catch (e) {
    return { text: `The solutions could not be counted: ${e.message}`, final: false };
  }
  const following = followJob(started.job, {
    every: 400,
    onUpdate: (doc) => {
      if (mine !== gen) { following.drop(); return; } // other letters now: no count for these
      const found = doc.progress.solutions || 0;
      if (doc.state === "queued") line.textContent = "Counting this roll's solutions: waiting for a free worker…";
      else {
        line.textContent = `Counting this roll's solutions: ${found.toLocaleString("en-US")} so far, ` +
          `${Math.floor(doc.progress.seconds)} s of at most ${doc.progress.limit} s…`;
      }
    },
  });
  let doc;
  try {
    doc = await following.ended;
  } catch (e) {
    return { text: `The solutions could not be counted: ${e.message}`, final: false };
  }
  if (doc === null || mine !== gen) return null;
  const found = doc.progress.solutions || (doc.result && doc.result.solutions) || 0;
  if (doc.state === "done") {
    const r = doc.result;
    return {
      text: r.count_complete ? `This roll has exactly ${countLine(r.solutions)}`
        : `This roll has at least ${countLine(r.solutions)} (the count stopped at its ${doc.progress.limit} s limit)`,
      final: true, // at its limit too: another visit would spend the same minute for a like figure
    };
  }
  return { text: found ? `This roll has at least ${countLine(found)} (the count stopped early)` : "The count stopped before it finished", final: false };
}

// ---- start -----------------------------------------------------------------------------

async function init() {
  const p = params();
  const given = p.get("letters") || p.get("roll") || "";
  setLetters(given, "From the link");
  seed = Number(p.get("seed")) || 0;
  common.checked = p.get("common") === "1";
  lettersBox.addEventListener("keydown", onKey);
  lettersBox.addEventListener("paste", onPaste);
  lettersBox.addEventListener("input", onInput);
  form.addEventListener("submit", (e) => { e.preventDefault(); solve(0); });
  anotherButton.addEventListener("click", () => solve(seed + 1, { another: true }));
  $("copy-share").addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText($("share-line").textContent);
      $("copy-said").textContent = "Copied.";
    } catch {
      $("copy-said").textContent = "Copying is not allowed here: select the line and copy it.";
    }
  });
  $("roll").addEventListener("click", rollDice);
  countButton.addEventListener("click", startCount);
  $("hint").addEventListener("click", nextHint);
  $("daily").addEventListener("click", () => rollOfTheDay(p.get("date") || today()));
  $("stop").addEventListener("click", stopCount);
  common.addEventListener("change", () => stale({ keepPlay: true }));
  lexicon.addEventListener("change", () => { stale({ keepPlay: true }); play.recheck(); });
  try {
    await fillLexicons(lexicon, p.get("lexicon"));
  } catch (e) {
    say(status, e.message, "error");
  }
  // No board in the link: the one kept in this browser for the roll, if any.
  const rows = p.has("board") ? decode(p.get("board")) : null;
  if (p.get("daily")) linkRows = rows;
  else play.setRoll(roll(), rows);
  if (p.has("board") && rows === null) play.say("The board in the link is not rows of letters and dots, so it is not used.");
  form.dataset.ready = "1";
  if (p.get("daily")) await rollOfTheDay(p.get("daily"));
  else if (p.get("letters") && roll()) await solve(seed);
  else {
    share();
    // A roll to play: the keys go to the board (without scrolling the page to it).
    if (roll()) $("play-board").focus({ preventScroll: true });
    else focusBox(letters().length);
  }
}

init();
