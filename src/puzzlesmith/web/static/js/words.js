// The Words page: pattern search and anagrams, answered as you type.
import { api, debounce, el, fillLexicons, params, renderGroups, say, setParams, wordButton } from "./common.js";
import "./senses.js";

const LIMIT = 3000; // words drawn at most; the count still says how many match
const BUSY_AFTER_MS = 300; // a query answered sooner shows no busy sign (no flicker while typing)

const form = document.getElementById("form");
const query = document.getElementById("query");
const queryLabel = document.getElementById("query-label");
const queryHelp = document.getElementById("query-help");
const lexicon = document.getElementById("lexicon");
const common = document.getElementById("common");
const foreign = document.getElementById("foreign");
const status = document.getElementById("status");
const legend = document.getElementById("legend");
const results = document.getElementById("results");
const phrases = document.getElementById("phrases");
const elsewhere = document.getElementById("elsewhere");
const contains = document.getElementById("contains");
const excludes = document.getElementById("excludes");
const freq = document.getElementById("freq");
const nWords = document.getElementById("n-words");
const meaning = document.getElementById("meaning");
const meaningHow = document.getElementById("meaning-how");
const withPhrases = document.getElementById("with-phrases");
const rhymes = document.getElementById("rhymes");
const nearRhymes = document.getElementById("near-rhymes");
const soundsLike = document.getElementById("sounds-like");
const syllables = document.getElementById("syllables");

const HELP = {
  match: ["Pattern", "a?p?e",
    "? one letter · * any run · [abc] one of · @ vowel · # consonant · 1231 repeated letters · a??le/pleat also an anagram"],
  anagram: ["Letters", "listen", "Letters to build words from; ? is a blank tile."],
  equation: ["Equation", "AB;BA;|A|=2;|B|=2;!=AB",
    "A-Z variables · ~A reversed · ; between patterns · |A|=3 or 2-4 lengths · |AB|=5 · !=AB differ · A=(3-5:a*)"],
};
const EQUATION_LIMIT = 200; // solutions listed at most; the count still says how many

let inFlight = null;

function mode() {
  return form.querySelector("input[name=mode]:checked").value;
}

function showMode() {
  const [label, placeholder, help] = HELP[mode()];
  queryLabel.textContent = label;
  query.placeholder = placeholder;
  queryHelp.textContent = help;
  document.getElementById("match-options").hidden = mode() !== "match";
  document.getElementById("anagram-options").hidden = mode() !== "anagram";
  // Equations take a kind-of filter only (no ranking by meaning, no phrases, no sounds).
  const equation = mode() === "equation";
  document.getElementById("sound-options").hidden = equation;
  // (equation mode has none of the options behind "More options")
  document.getElementById("more").hidden = equation;
  withPhrases.closest("label").hidden = equation;
  meaningHow.querySelector("option[value=means]").disabled = equation;
  if (equation && meaningHow.value === "means") meaningHow.value = "kind_of";
}

function meaningFilter() {
  const topic = meaning.value.trim();
  if (!topic) return {};
  return meaningHow.value === "means" ? { means: topic } : { kind_of: topic };
}

/** The sound filters (CMU Pronouncing Dictionary) that are filled in. */
function soundFilter() {
  const out = {};
  if (rhymes.value.trim()) out.rhymes = rhymes.value.trim();
  if (rhymes.value.trim() && nearRhymes.checked) out.near_rhymes = true;
  if (soundsLike.value.trim()) out.sounds_like = soundsLike.value.trim();
  if (syllables.value.trim()) out.syllables = Number(syllables.value);
  return out;
}

function requestFor(text, commonOnly) {
  if (mode() === "equation") {
    return ["/api/equation", {
      lexicon: lexicon.value || null, common: commonOnly, foreign: foreign.checked, query: text, limit: EQUATION_LIMIT,
      time_limit: 5, kind_of: meaningFilter().kind_of || null,
    }];
  }
  const base = {
    lexicon: lexicon.value || null, common: commonOnly, foreign: foreign.checked, ...meaningFilter(),
    phrases: withPhrases.checked,
    ...soundFilter(),
  };
  return mode() === "match"
    ? ["/api/match", {
      ...base, pattern: text, limit: LIMIT, contains: contains.value.trim(),
      excludes: excludes.value.trim(), sort: freq.checked ? "freq" : null,
    }]
    : ["/api/anagram", { ...base, letters: text, words: Number(nWords.value) }];
}

async function search() {
  const text = query.value.trim();
  setParams({
    mode: mode() === "match" ? "" : mode(), q: text, lexicon: lexicon.value, common: common.checked,
    noforeign: !foreign.checked,
    contains: mode() === "match" ? contains.value.trim() : "",
    excludes: mode() === "match" ? excludes.value.trim() : "",
    sort: mode() === "match" && freq.checked ? "freq" : "",
    words: mode() === "anagram" && nWords.value !== "1" ? nWords.value : "",
    ...(meaning.value.trim() ? { [meaningHow.value === "means" ? "means" : "kind"]: meaning.value.trim() } : {}),
    phrases: withPhrases.checked,
    rhymes: mode() !== "equation" ? rhymes.value.trim() : "",
    near: mode() !== "equation" && nearRhymes.checked,
    like: mode() !== "equation" ? soundsLike.value.trim() : "",
    syllables: mode() !== "equation" ? syllables.value.trim() : "",
  });
  if (inFlight) inFlight.abort();
  if (!text) {
    results.replaceChildren();
    phrases.replaceChildren();
    showElsewhere(null);
    legend.hidden = true;
    say(status, "");
    return;
  }
  const controller = new AbortController();
  inFlight = controller;
  const signal = controller.signal;
  // A query that takes a while (a first rhyme or meaning loads its data) says so, and the
  // answers on show, which are the last query's, are greyed: they no longer describe it.
  const slow = setTimeout(() => {
    if (inFlight !== controller) return;
    say(status, "Searching…");
    results.setAttribute("aria-busy", "true");
  }, BUSY_AFTER_MS);
  try {
    const [path, body] = requestFor(text, common.checked);
    if (mode() === "equation") {
      const doc = await api(path, body, { signal });
      if (signal.aborted) return;
      showSolutions(doc);
      return;
    }
    // Common words are marked by asking the same question of the common-words dictionary,
    // so each answer stays exactly the CLI's --json document.
    const asks = [api(path, body, { signal })];
    if (!common.checked) asks.push(api(...requestFor(text, true), { signal }));
    const [doc, commonDoc] = await Promise.all(asks);
    if (signal.aborted) return;
    const marked = commonDoc ? new Set(commonDoc.words) : null;
    const multi = mode() === "anagram" && Number(nWords.value) > 1;
    const full = doc.full && !multi ? new Set(doc.full) : null;
    showPhrases(multi ? doc : null);
    // --means answers come ranked by meaning, rhymes strongest first: keep that order, ungrouped
    const ranked = mode() === "match" && ((meaningHow.value === "means" && meaning.value.trim())
      || soundsLike.value.trim() || rhymes.value.trim());
    const shown = (freq.checked || ranked) && mode() === "match"
      ? renderFlat(doc.words, marked)
      : renderGroups(results, doc.words, { common: marked, full });
    const count = doc.count ?? doc.words.length;
    let line = `${count.toLocaleString()} ${count === 1 ? "word" : "words"}`;
    if (shown < count) line += `, showing the first ${shown.toLocaleString()}`;
    if (doc.skipped) line += ` (${doc.skipped.toLocaleString()} left out: not in the pronouncing dictionary)`;
    // A description is answered without the words WordNet knows nowhere: say which, as the CLI does
    if (doc.left_out && doc.left_out.length) {
      line += `; read without ${doc.left_out.map((w) => `“${w}”`).join(", ")}, in no WordNet definition`;
    }
    if (full && full.size) line += `; ${full.size} use every letter`;
    if (multi) line += `; ${doc.full.length} ${nWords.value}-word anagrams${doc.timed_out ? " (time limit reached: maybe more)" : ""}`;
    say(status, line);
    const notes = [];
    if (marked && doc.words.length) notes.push("bold = common word");
    if (full && full.size) notes.push("★ = uses every letter");
    legend.textContent = notes.join(" · ");
    legend.hidden = notes.length === 0;
    showElsewhere(doc);
  } catch (e) {
    if (e.name === "AbortError") return;
    results.replaceChildren();
    phrases.replaceChildren();
    showElsewhere(null);
    legend.hidden = true;
    say(status, e.message, "error");
  } finally {
    clearTimeout(slow);
    if (inFlight === controller) {
      inFlight = null;
      results.removeAttribute("aria-busy");
    }
  }
}

/** The names of a meaning's category that the dictionary searched lacks and the crossword
 * list holds (`names_elsewhere`, the CLI's line after the words): `??????:planet` on the
 * bundled list answers only vesper, and Saturn and Uranus are named here. */
function showElsewhere(doc) {
  const names = doc && doc.names_elsewhere ? doc.names_elsewhere : [];
  const searched = doc && doc.lexicon ? doc.lexicon.split("+")[0] : "";
  elsewhere.replaceChildren(...(names.length ? [
    `Names not in ${searched}, from the crossword list: `,
    el("ul", { className: "words inline" }, ...names.map((w) => el("li", { dataset: { word: w } }, wordButton(w)))),
  ] : []));
  elsewhere.hidden = names.length === 0;
}

/** An equation's solutions: the words each makes, and its variables. */
function showSolutions(doc) {
  phrases.replaceChildren();
  showElsewhere(null);
  legend.hidden = true;
  results.replaceChildren(el("ol", { className: "equation-solutions" }, ...doc.solutions.map((s) => el("li", {},
    ...s.words.map((w) => el("span", { dataset: { word: w } }, wordButton(w))),
    el("span", { className: "vars" }, Object.entries(s.vars).map(([k, v]) => `${k}=${v}`).join(" "))))));
  const n = doc.count;
  let line = `${doc.exact ? "" : "at least "}${n.toLocaleString()} ${n === 1 && doc.exact ? "solution" : "solutions"}`;
  if (doc.solutions.length < n) line += `, showing the first ${doc.solutions.length.toLocaleString()}`;
  if (!doc.exact) line += " (the time limit stopped the search)";
  say(status, line);
}

/** Multi-word anagrams that use every letter, above the word list. */
function showPhrases(doc) {
  phrases.replaceChildren();
  if (!doc) return;
  const shown = doc.full.slice(0, LIMIT);
  phrases.append(
    el("h3", {}, `${nWords.value}-word anagrams using every letter`,
      el("span", { className: "n" }, ` (${doc.full.length})`)),
    el("ul", { className: "words" }, ...shown.map((p) => el("li", { dataset: { word: p } }, wordButton(p)))));
}

/** Words in frequency order (most frequent first), not grouped. */
function renderFlat(words, marked) {
  const part = words.slice(0, LIMIT);
  results.replaceChildren(el("ul", { className: "words" }, ...part.map((w) => {
    const common = marked && marked.has(w);
    return el("li", { className: marked ? (common ? "common" : "rare") : "", dataset: { word: w } },
      wordButton(w, common ? "common" : ""));
  })));
  return part.length;
}

const searchSoon = debounce(search, 150);

async function init() {
  const p = params();
  if (["anagram", "equation"].includes(p.get("mode"))) {
    document.getElementById(`mode-${p.get("mode")}`).checked = true;
  }
  query.value = p.get("q") || "";
  common.checked = p.get("common") === "1";
  foreign.checked = p.get("noforeign") !== "1";
  contains.value = p.get("contains") || "";
  excludes.value = p.get("excludes") || "";
  freq.checked = p.get("sort") === "freq";
  nWords.value = ["2", "3"].includes(p.get("words")) ? p.get("words") : "1";
  if (p.has("words") && !["1", "2", "3"].includes(p.get("words"))) {
    document.getElementById("words-note").textContent =
      `The address asked for "${p.get("words")}" words per anagram; the page offers 1 to 3 and shows 1.`;
  }
  nWords.addEventListener("change", () => { document.getElementById("words-note").textContent = ""; });
  meaningHow.value = p.get("means") ? "means" : "kind_of";
  meaning.value = p.get("means") || p.get("kind") || "";
  withPhrases.checked = p.get("phrases") === "1";
  rhymes.value = p.get("rhymes") || "";
  nearRhymes.checked = p.get("near") === "1";
  soundsLike.value = p.get("like") || "";
  syllables.value = p.get("syllables") || "";
  if (contains.value || excludes.value || freq.checked || nWords.value !== "1" || p.has("words")
      || rhymes.value || nearRhymes.checked || soundsLike.value || syllables.value) {
    document.getElementById("more").open = true;
  }
  showMode();
  query.addEventListener("input", searchSoon);
  lexicon.addEventListener("change", search);
  common.addEventListener("change", search);
  foreign.addEventListener("change", search);
  for (const input of [contains, excludes, meaning, rhymes, soundsLike, syllables]) {
    input.addEventListener("input", searchSoon);
  }
  for (const input of [freq, nWords, meaningHow, withPhrases, nearRhymes]) {
    input.addEventListener("change", search);
  }
  for (const radio of form.querySelectorAll("input[name=mode]")) {
    radio.addEventListener("change", () => { showMode(); search(); });
  }
  // Answers come as you type; Enter in a field asks at once (the form has no submit button).
  form.addEventListener("keydown", (e) => {
    if (e.key === "Enter" && e.target.matches("input[type=search], input[type=text]")) {
      e.preventDefault();
      search();
    }
  });
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
