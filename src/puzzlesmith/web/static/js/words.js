// The Words page: pattern search and anagrams, answered as you type.
import { api, debounce, fillLexicons, params, renderGroups, say, setParams } from "./common.js";

const LIMIT = 3000; // words drawn at most; the count still says how many match

const form = document.getElementById("form");
const query = document.getElementById("query");
const queryLabel = document.getElementById("query-label");
const queryHelp = document.getElementById("query-help");
const lexicon = document.getElementById("lexicon");
const common = document.getElementById("common");
const status = document.getElementById("status");
const legend = document.getElementById("legend");
const results = document.getElementById("results");

const HELP = {
  match: ["Pattern", "a?p?e",
    "? one letter · * any run · [abc] one of · @ vowel · # consonant · 1231 repeated letters · a??le/pleat also an anagram"],
  anagram: ["Letters", "listen", "Letters to build words from; ? is a blank tile."],
};

let inFlight = null;

function mode() {
  return form.querySelector("input[name=mode]:checked").value;
}

function showMode() {
  const [label, placeholder, help] = HELP[mode()];
  queryLabel.textContent = label;
  query.placeholder = placeholder;
  queryHelp.textContent = help;
}

function requestFor(text, commonOnly) {
  const base = { lexicon: lexicon.value || null, common: commonOnly };
  return mode() === "match"
    ? ["/api/match", { ...base, pattern: text, limit: LIMIT }]
    : ["/api/anagram", { ...base, letters: text }];
}

async function search() {
  const text = query.value.trim();
  setParams({ mode: mode() === "match" ? "" : "anagram", q: text, lexicon: lexicon.value, common: common.checked });
  if (inFlight) inFlight.abort();
  if (!text) {
    results.replaceChildren();
    legend.hidden = true;
    say(status, "");
    return;
  }
  const controller = new AbortController();
  inFlight = controller;
  const signal = controller.signal;
  try {
    const [path, body] = requestFor(text, common.checked);
    // Common words are marked by asking the same question of the common-words dictionary,
    // so each answer stays exactly the CLI's --json document.
    const asks = [api(path, body, { signal })];
    if (!common.checked) asks.push(api(...requestFor(text, true), { signal }));
    const [doc, commonDoc] = await Promise.all(asks);
    if (signal.aborted) return;
    const marked = commonDoc ? new Set(commonDoc.words) : null;
    const full = doc.full ? new Set(doc.full) : null;
    const shown = renderGroups(results, doc.words, { common: marked, full });
    const count = doc.count ?? doc.words.length;
    let line = `${count.toLocaleString()} ${count === 1 ? "word" : "words"}`;
    if (shown < count) line += `, showing the first ${shown.toLocaleString()}`;
    if (full && full.size) line += `; ${full.size} use every letter`;
    say(status, line);
    const notes = [];
    if (marked && doc.words.length) notes.push("bold = common word");
    if (full && full.size) notes.push("★ = uses every letter");
    legend.textContent = notes.join(" · ");
    legend.hidden = notes.length === 0;
  } catch (e) {
    if (e.name === "AbortError") return;
    results.replaceChildren();
    legend.hidden = true;
    say(status, e.message, "error");
  } finally {
    if (inFlight === controller) inFlight = null;
  }
}

const searchSoon = debounce(search, 150);

async function init() {
  const p = params();
  if (p.get("mode") === "anagram") document.getElementById("mode-anagram").checked = true;
  query.value = p.get("q") || "";
  common.checked = p.get("common") === "1";
  showMode();
  query.addEventListener("input", searchSoon);
  lexicon.addEventListener("change", search);
  common.addEventListener("change", search);
  for (const radio of form.querySelectorAll("input[name=mode]")) {
    radio.addEventListener("change", () => { showMode(); search(); });
  }
  form.addEventListener("submit", (e) => { e.preventDefault(); search(); });
  query.focus();
  try {
    await fillLexicons(lexicon, p.get("lexicon"));
  } catch (e) {
    say(status, e.message, "error");
    return;
  }
  form.dataset.ready = "1";
  if (query.value) search();
}

init();
