// The senses panel: click or focus any word the app shows (an element with data-word) and
// its WordNet senses appear in a small panel, from /api/define (the `define --json` document).
import { api, el } from "./common.js";

const cache = new Map(); // word -> the define document (or its promise)
let panel = null;
let title = null;
let body = null;
let current = "";
let timer = 0;

function ensurePanel() {
  if (panel) return;
  title = el("h2", { id: "senses-title" });
  const close = el("button", { type: "button", className: "secondary close", "aria-label": "Close the meanings panel" }, "×");
  close.addEventListener("click", hide);
  body = el("div", { className: "senses-body" });
  panel = el("aside", { id: "senses", className: "senses card", "aria-labelledby": "senses-title", "aria-live": "polite" },
    el("div", { className: "senses-head" }, title, close), body);
  panel.hidden = true;
  document.body.append(panel);
}

function hide() {
  if (panel) panel.hidden = true;
  current = "";
}

function lookup(word) {
  if (!cache.has(word)) {
    const ask = api("/api/define", { word }).catch((e) => { cache.delete(word); throw e; });
    cache.set(word, ask);
  }
  return cache.get(word);
}

function wordList(words) {
  // other words in the panel open their own senses
  return words.flatMap((w, i) => [i ? ", " : "", el("span", { className: "word-link", dataset: { word: w.toLowerCase() } }, w)]);
}

function render(doc) {
  body.replaceChildren();
  if (doc.base) body.append(el("p", { className: "hint-text" }, `base form: ${doc.base}`));
  if (!doc.senses.length) {
    body.append(el("p", {}, "No sense in WordNet."));
    return;
  }
  let pos = "";
  let list = null;
  for (const [i, s] of doc.senses.entries()) {
    if (s.pos !== pos) {
      pos = s.pos;
      list = el("ol", { className: "sense-list", start: i + 1 }); // numbered as `define` prints
      body.append(el("h3", {}, pos), list);
    }
    list.append(el("li", { className: "sense" },
      el("span", { className: "gloss" }, s.gloss),
      ...s.examples.map((e) => el("q", {}, e)),
      s.synonyms.length ? el("span", { className: "rel" }, "synonyms: ", ...wordList(s.synonyms)) : null,
      s.kind_of.length ? el("span", { className: "rel" }, "kind of: ", ...wordList(s.kind_of)) : null));
  }
}

/** Show the senses of a word in the panel. */
export async function showSenses(word) {
  ensurePanel();
  word = word.toLowerCase();
  if (word === current && !panel.hidden) return;
  current = word;
  title.textContent = word;
  body.replaceChildren(el("p", { className: "hint-text" }, "Looking up…"));
  panel.hidden = false;
  try {
    const doc = await lookup(word);
    if (current === word) render(doc);
  } catch (e) {
    if (current === word) body.replaceChildren(el("p", { className: "status error" }, e.message));
  }
}

function wordOf(target) {
  const node = target && target.closest ? target.closest("[data-word]") : null;
  return node ? node.dataset.word : null;
}

function makeFocusable(root) {
  const nodes = root.matches && root.matches("[data-word]") ? [root] : [];
  if (root.querySelectorAll) nodes.push(...root.querySelectorAll("[data-word]"));
  for (const node of nodes) {
    if (node.tabIndex < 0 && !node.hasAttribute("tabindex")) node.tabIndex = 0;
    if (!node.title) node.title = "Show what it means";
  }
}

document.addEventListener("click", (e) => {
  const word = wordOf(e.target);
  if (word) showSenses(word);
});
document.addEventListener("focusin", (e) => {
  const word = wordOf(e.target);
  if (!word) return;
  clearTimeout(timer); // tabbing along a list asks only for the word it stops at
  timer = setTimeout(() => showSenses(word), 120);
});
document.addEventListener("pointerdown", (e) => {
  // a press anywhere else (not on a word, not in the panel) puts the panel away
  if (panel && !panel.hidden && !panel.contains(e.target) && !wordOf(e.target)) hide();
});
document.addEventListener("keydown", (e) => {
  if (e.key === "Escape" && panel && !panel.hidden) hide();
});
new MutationObserver((changes) => {
  for (const change of changes) for (const node of change.addedNodes) if (node.nodeType === 1) makeFocusable(node);
}).observe(document.documentElement, { childList: true, subtree: true });
makeFocusable(document.documentElement);
