// The crossword editor's lists: every entry with its figures and clue field, the selected
// entry's candidates, and the weakest entries. Rendering only; fill.js owns the state.
import { el } from "./common.js";

const fmt = (n) => n.toLocaleString("en");

/** Shown letters of an entry: upper case, a middle dot for an empty cell. */
export function shown(text) {
  return text.toUpperCase().replace(/\./g, "·");
}

/** The two figures of `fill check` for one entry, in words. */
export function figures(check, overconstrained) {
  if (!check) return "";
  if (check.in_list === false) return "typed whole, not in the word list (kept as given)";
  // A check that found an entry with no word, or a crossing that empties one, counts nothing
  // after crossings: the warning says why.
  if (overconstrained) return `${fmt(check.candidates)} fit`;
  return `${fmt(check.candidates)} fit · ${fmt(check.consistent)} after crossings`;
}

/**
 * Keeps the Across and Down lists: one <li> per entry with its letters, figures, score and a
 * clue field. Rebuilt only when the entries themselves change, so a clue being typed keeps
 * its focus while the grid around it changes.
 */
export class EntryLists {
  constructor(across, down, { onClue, onSelect }) {
    this.across = across;
    this.down = down;
    this.onClue = onClue;
    this.onSelect = onSelect;
    this.signature = "";
    this.items = new Map(); // entry key -> {li, code, fig, score, input}
  }

  update(list, { patternOf, clueOf, checkOf, scoreOf, overconstrained, selectedKey, bad }) {
    const signature = list.map((e) => `${e.key}:${e.number}:${e.cells.length}`).join(",");
    if (signature !== this.signature) this.rebuild(list, signature);
    for (const e of list) {
      const item = this.items.get(e.key);
      item.code.textContent = shown(patternOf(e));
      item.fig.textContent = figures(checkOf(e), overconstrained);
      const score = scoreOf(e);
      item.score.textContent = score === null ? "" : `score ${score}`;
      item.li.classList.toggle("bad", bad.has(e.label));
      item.li.classList.toggle("selected", e.key === selectedKey);
      item.li.classList.toggle("weak", item.weak === true);
      const clue = clueOf(e);
      if (document.activeElement !== item.input && item.input.value !== clue) item.input.value = clue;
    }
  }

  markWeak(keys) {
    for (const [key, item] of this.items) {
      item.weak = keys.has(key);
      item.li.classList.toggle("weak", item.weak);
    }
  }

  rebuild(list, signature) {
    this.signature = signature;
    this.items.clear();
    this.across.replaceChildren();
    this.down.replaceChildren();
    for (const e of list) {
      const code = el("code", {});
      const fig = el("span", { className: "fig" });
      const score = el("span", { className: "score" });
      const input = el("input", { type: "text", maxLength: 500, autocomplete: "off",
        "aria-label": `Clue for ${e.label}` });
      input.dataset.key = e.key;
      input.addEventListener("input", () => this.onClue(e.key, input.value));
      input.addEventListener("focus", () => this.onSelect(e));
      const li = el("li", { value: e.number },
        el("span", { className: "n" }, `${e.number}`),
        el("span", { className: "what" }, code, fig, score), input);
      this.items.set(e.key, { li, code, fig, score, input });
      (e.direction === "across" ? this.across : this.down).append(li);
    }
  }
}

/** The selected entry's candidates as buttons, best first; `place(word)` on a click. */
export function renderCandidates(container, summary, doc, place) {
  container.replaceChildren();
  if (!doc) {
    summary.textContent = "";
    return;
  }
  const more = doc.total > doc.candidates.length ? ` The first ${doc.candidates.length} shown.` : "";
  summary.textContent = doc.total === 0
    ? `No word of the list fits ${doc.entry} ${shown(doc.pattern)}.`
    : `${fmt(doc.total)} fit ${shown(doc.pattern)}; ${fmt(doc.viable)} leave every crossing a word ` +
      `(✓, listed first, best score first; ✗ names the crossing left with none).${more}`;
  for (const c of doc.candidates) {
    const word = c.word.toUpperCase();
    // The name is the visible text, with words for the marks a screen reader would not say.
    const button = el("button", { type: "button", className: c.viable ? "ok" : "dead" },
      el("span", {}, word),
      el("span", { className: "score" }, el("span", { className: "sr-only" }, " score "), `${c.score}`),
      el("span", { className: "mark" }, c.viable
        ? el("span", { "aria-hidden": "true" }, "✓") : el("span", { "aria-hidden": "true" }, "✗ "),
      el("span", { className: "sr-only" }, c.viable ? " crossings keep words" : " leaves no word for "),
      c.viable ? null : c.blocked));
    button.dataset.word = c.word;
    button.dataset.viable = c.viable ? "1" : "0";
    button.dataset.score = c.score;
    button.addEventListener("click", () => place(c.word, c.score));
    container.append(el("li", {}, button));
  }
}

/** The weakest scored entries as buttons that select them. */
export function renderWeakest(box, listEl, weakest, select) {
  listEl.replaceChildren();
  box.hidden = weakest.length === 0;
  for (const { entry, answer, score } of weakest) {
    const b = el("button", { type: "button" }, `${entry.label} ${answer.toUpperCase()} ${score}`);
    b.addEventListener("click", () => select(entry));
    listEl.append(el("li", {}, b));
  }
}
