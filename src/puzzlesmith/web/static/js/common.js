// Helpers every page uses: calling the API, the server's task facts, following a job, the
// dictionary picker, page state in the URL.

// A button the page disables while its request runs loses the keyboard focus to the page's
// body, so after every answer a keyboard or screen-reader user would start again from the top.
// The focus goes back to it when it is enabled again, unless the reader has gone elsewhere.
let lostFocus = null;
document.addEventListener("focusin", (e) => { if (e.target !== lostFocus) lostFocus = null; });
new MutationObserver((changes) => {
  for (const { target } of changes) {
    if (target.disabled && target === document.activeElement) lostFocus = target;
    else if (!target.disabled && target === lostFocus) {
      lostFocus = null;
      if (document.activeElement === document.body || document.activeElement === null) target.focus();
    }
  }
}).observe(document, { subtree: true, attributes: true, attributeFilter: ["disabled"] });

/** An API error: `message` is the server's one-line `detail` (the CLI's own message). */
export class ApiError extends Error {
  constructor(message, status) {
    super(message);
    this.status = status;
  }
}

/** POST (or GET when body is undefined) a JSON API call; resolves to the answer document. */
export async function api(path, body, { signal, method } = {}) {
  const init = { method: method || (body === undefined ? "GET" : "POST"), signal, headers: {} };
  if (body !== undefined) {
    init.headers["content-type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(path, init);
  } catch (e) {
    if (e.name === "AbortError") throw e;
    throw new ApiError("cannot reach the puzzlesmith server: is `puzzlesmith serve` running?", 0);
  }
  let doc = null;
  try {
    doc = await response.json();
  } catch {
    doc = null;
  }
  if (!response.ok) {
    const detail = doc && typeof doc.detail === "string" ? doc.detail : `HTTP ${response.status}`;
    throw new ApiError(detail, response.status);
  }
  return doc;
}

let configAsked = null;

/** What the server declares of each task (GET /api/config): `tasks.fill.time_limit`, its
 * `page_most`, `tasks.stars_explain.cheap_up_to`... Asked once per page load; a page reads its
 * limits from here rather than copy them. */
export function config() {
  if (!configAsked) configAsked = api("/api/config").catch((e) => { configAsked = null; throw e; });
  return configAsked;
}

const JOB_ENDS = new Set(["done", "stopped", "timeout", "error"]);
const followed = new Set(); // jobs this page follows and has not seen end
// A job nobody will read holds a worker until its limit: stop each one when the page goes.
window.addEventListener("pagehide", () => {
  for (const id of followed) fetch(`/api/jobs/${id}`, { method: "DELETE", keepalive: true }).catch(() => {});
});

/**
 * Follow a job (the answer of a POST that starts one) until it ends: its state is asked every
 * `every` ms and handed to `onUpdate(doc)` while it is queued or running (`doc.position`,
 * `doc.progress`: seconds of its `limit`, and what its task reported). Returns
 * `{id, ended, stop, drop}`: `ended` resolves to the job's last state (done, stopped, timeout
 * or error), or to null once dropped, and rejects with the ApiError when its state cannot be
 * asked; `stop()` stops it (the Stop button: `ended` then resolves to its stopped state, and
 * an ApiError is thrown to the caller); `drop()` stops it quietly and follows it no more (the
 * page moved on). Every job a page follows is stopped when the page goes.
 */
export function followJob(id, { onUpdate = () => {}, every = 300 } = {}) {
  let timer = 0;
  let over = false;
  let settle = null;
  const ended = new Promise((resolve, reject) => { settle = { resolve, reject }; });
  const finish = (doc, error) => {
    if (over) return;
    over = true;
    clearTimeout(timer);
    followed.delete(id);
    if (error) settle.reject(error);
    else settle.resolve(doc);
  };
  const take = (doc) => {
    if (over) return;
    if (JOB_ENDS.has(doc.state)) {
      finish(doc);
      return;
    }
    onUpdate(doc);
    if (!over) timer = setTimeout(ask, every);
  };
  const ask = () => api(`/api/jobs/${id}`).then(take, (e) => finish(null, e));
  followed.add(id);
  timer = setTimeout(ask, every);
  return {
    id,
    ended,
    async stop() {
      if (over) return;
      take(await api(`/api/jobs/${id}`, undefined, { method: "DELETE" }));
    },
    drop() {
      if (over) return;
      finish(null);
      api(`/api/jobs/${id}`, undefined, { method: "DELETE" }).catch(() => {}); // it may be done already
    },
  };
}

/** Fill a <select> with the server's dictionaries, choosing `wanted` or the default. The list
 * is asked for again whenever the picker gets focus, so a list registered with
 * `puzzlesmith lexicon add` while the page is open shows up without a reload. */
export async function fillLexicons(select, wanted) {
  if (!select.dataset.refreshes) {
    select.dataset.refreshes = "1";
    select.addEventListener("focus", () => {
      api("/api/lexicons").then((doc) => {
        const same = doc.lexicons.length === select.options.length
          && doc.lexicons.every((l, i) => select.options[i].value === l.name);
        if (!same) setLexiconOptions(select, doc, select.value);
      }).catch(() => {});
    });
  }
  const doc = await api("/api/lexicons");
  setLexiconOptions(select, doc, wanted);
  return doc.default;
}

function setLexiconOptions(select, doc, wanted) {
  select.replaceChildren();
  for (const { name, source } of doc.lexicons) {
    const option = new Option(name, name);
    option.title = source;
    select.append(option);
  }
  select.value = wanted && doc.lexicons.some((l) => l.name === wanted) ? wanted : doc.default;
}

/** Show a message in a status line: kind is "", "error", "warn" or "good". */
export function say(el, text, kind = "") {
  el.textContent = text;
  el.className = `status${kind ? " " + kind : ""}`;
}

/** The page's query-string parameters. */
export function params() {
  return new URLSearchParams(window.location.search);
}

/** Replace the query string (no new history entry) so the address bar is a shareable link. */
export function setParams(values) {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined || value === null || value === "" || value === false) continue;
    query.set(key, value === true ? "1" : String(value));
  }
  const text = query.toString();
  const url = window.location.pathname + (text ? "?" + text : "");
  window.history.replaceState(null, "", url);
}

/** fn, called `ms` after the last of a burst of calls. */
export function debounce(fn, ms) {
  let timer = 0;
  return (...args) => {
    clearTimeout(timer);
    timer = setTimeout(() => fn(...args), ms);
  };
}

/** Create an element: el("li", {className: "x"}, "text", child, ...). */
export function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (key === "dataset") Object.assign(node.dataset, value);
    else if (key.startsWith("aria-") || key === "role") node.setAttribute(key, value);
    else node[key] = value;
  }
  node.append(...children.filter((c) => c !== null && c !== undefined));
  return node;
}

/** Show `note` (its words from `text()`; none: only the shading) while `box` is narrower than
 * what it holds, so a reader knows it scrolls sideways; site.css shades the box's edges (class
 * "scrolls"). */
export function scrollCue(box, note = null, text = () => "") {
  const check = () => {
    const scrolls = box.scrollWidth > box.clientWidth + 1;
    box.classList.toggle("scrolls", scrolls);
    if (!note) return;
    if (scrolls) note.textContent = text();
    note.hidden = !scrolls;
  };
  const observer = new ResizeObserver(check);
  observer.observe(box);
  if (box.firstElementChild) observer.observe(box.firstElementChild);
  check();
}

/** A word shown to be clicked (or focused) for its meaning (js/senses.js reads the closest
 * data-word); `notes`, said after the word to a screen reader, tell what bold or a star show. */
export function wordButton(word, notes = "", text = word) {
  return el("button", { type: "button", className: "word" }, text,
    notes ? el("span", { className: "sr-only" }, ` (${notes})`) : null);
}

/** Words grouped by length, longest first: [[length, [words...]], ...]. */
export function groupByLength(words) {
  const groups = new Map();
  for (const w of words) {
    const n = w.replace(/[ -]/g, "").length; // a phrase (new york) counts its letters
    if (!groups.has(n)) groups.set(n, []);
    groups.get(n).push(w);
  }
  return [...groups.entries()].sort((a, b) => b[0] - a[0]);
}

/**
 * Render words grouped by length into `container`.
 * common: Set of common words to mark (or null); full: Set of words that use every letter.
 */
export function renderGroups(container, words, { common = null, full = null, limit = 4000 } = {}) {
  container.replaceChildren();
  let shown = 0;
  for (const [length, group] of groupByLength(words)) {
    if (shown >= limit) break;
    const part = group.slice(0, limit - shown);
    shown += part.length;
    const id = `len-${length}-${Math.random().toString(36).slice(2, 7)}`;
    const nCommon = common ? group.filter((w) => common.has(w)).length : 0;
    const n = `${group.length} ${group.length === 1 ? "word" : "words"}`;
    const counts = common ? `${n}, ${nCommon} common` : n;
    container.append(
      el("section", { "aria-labelledby": id },
        el("h3", { id }, `${length} letters`, el("span", { className: "n" }, `(${counts})`)),
        el("ul", { className: "words" }, ...part.map((w) => {
          const classes = [];
          if (common) classes.push(common.has(w) ? "common" : "rare");
          if (full && full.has(w)) classes.push("full");
          // Bold and a star are invisible to a screen reader; say it in words too.
          const notes = [common && common.has(w) ? "common" : "", full && full.has(w) ? "uses every letter" : ""]
            .filter(Boolean).join(", ");
          return el("li", { className: classes.join(" "), dataset: { word: w } }, wordButton(w, notes));
        }))));
  }
  return shown;
}
