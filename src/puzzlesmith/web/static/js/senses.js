// The senses panel: click or focus any word the app shows (an element with data-word) and
// its WordNet senses appear in a small panel, from /api/define (the `define --json` document).
// The panel only ever describes a word the page shows: when new results drop that word it
// closes; while they still show it, it stays (and follows the word if it moved).
import { api, el } from "./common.js";

const cache = new Map(); // word -> the define document (or its promise)
let panel = null;
let title = null;
let body = null;
let current = "";
let source = ""; // the word on the page (outside the panel) that opened it
let timer = 0;
const PHONE = matchMedia("(max-width: 719px)"); // site.css docks the panel along the bottom

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
  document.body.classList.remove("senses-open");
  current = "";
  source = "";
}

/** The page's element (outside the panel) that shows `word`, if any. */
function shownOnPage(word) {
  for (const node of document.querySelectorAll("[data-word]")) {
    if (node.dataset.word.toLowerCase() === word && !panel.contains(node)) return node;
  }
  return null;
}

/** On a phone the panel is docked along the bottom: keep the word it describes above it. */
function keepInView(node) {
  if (!node || panel.hidden || !PHONE.matches) return;
  const word = node.getBoundingClientRect();
  const top = panel.getBoundingClientRect().top;
  if (word.bottom > top - 8) window.scrollBy({ top: word.bottom - top + 16 });
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

/** Show the senses of a word in the panel (`from`: the element clicked or focused). */
export async function showSenses(word, from = null) {
  ensurePanel();
  word = word.toLowerCase();
  if (!from || !panel.contains(from)) source = word; // a word inside the panel keeps the source
  if (word === current && !panel.hidden) return;
  current = word;
  title.textContent = word;
  body.replaceChildren(el("p", { className: "hint-text" }, "Looking up…"));
  panel.hidden = false;
  document.body.classList.add("senses-open");
  if (from && !panel.contains(from)) keepInView(from);
  try {
    const doc = await lookup(word);
    if (current === word) render(doc);
  } catch (e) {
    if (current === word) body.replaceChildren(el("p", { className: "status error" }, e.message));
  }
}

function wordNode(target) {
  return target && target.closest ? target.closest("[data-word]") : null;
}

function wordOf(target) {
  const node = wordNode(target);
  return node ? node.dataset.word : null;
}

/** A word that is not a button and holds none (a page's plain <span data-word>) becomes one to
 * assistive technology: a tab stop with the button role, Enter and Space open its meaning. */
function makeFocusable(root) {
  const nodes = root.matches && root.matches("[data-word]") ? [root] : [];
  if (root.querySelectorAll) nodes.push(...root.querySelectorAll("[data-word]"));
  for (const node of nodes) {
    const button = node.matches("button") ? node : node.querySelector("button");
    if (!button && !node.hasAttribute("tabindex")) {
      node.tabIndex = 0;
      node.setAttribute("role", "button");
    }
    if (!(button || node).title) (button || node).title = "Show what it means";
  }
}

document.addEventListener("click", (e) => {
  const word = wordOf(e.target);
  if (word) showSenses(word, wordNode(e.target));
});
document.addEventListener("focusin", (e) => {
  const word = wordOf(e.target);
  if (!word) return;
  clearTimeout(timer); // tabbing along a list asks only for the word it stops at
  timer = setTimeout(() => showSenses(word, wordNode(e.target)), 120);
});
document.addEventListener("pointerdown", (e) => {
  // a press anywhere else (not on a word, not in the panel) puts the panel away
  if (panel && !panel.hidden && !panel.contains(e.target) && !wordOf(e.target)) hide();
});
document.addEventListener("keydown", (e) => {
  if (e.key === "Escape" && panel && !panel.hidden) hide();
  const node = wordNode(e.target);
  if ((e.key === "Enter" || e.key === " ") && node && node === e.target && node.getAttribute("role") === "button") {
    e.preventDefault();
    showSenses(node.dataset.word, node);
  }
});
new MutationObserver((changes) => {
  let removed = false;
  for (const change of changes) {
    for (const node of change.addedNodes) if (node.nodeType === 1) makeFocusable(node);
    removed ||= change.removedNodes.length > 0;
  }
  if (removed && panel && !panel.hidden && source) {
    const node = shownOnPage(source);
    if (node) keepInView(node);
    else hide();
  }
}).observe(document.documentElement, { childList: true, subtree: true });
makeFocusable(document.documentElement);
