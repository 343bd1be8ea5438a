// The crossword as it prints (fill page, `@media print` in fill.css): its title and author,
// the empty grid with its numbers, the clues in two columns, then the solution grid on a
// page of its own. Built just before printing (window's beforeprint) from the page's state.
import { el } from "./common.js";
import { entries, numbers } from "./xwmodel.js";

function gridTable(grid, voids, { letters, circles, shaded }) {
  const nums = numbers(entries(grid));
  const rows = [];
  for (let r = 0; r < grid.h; r++) {
    const tds = [];
    for (let c = 0; c < grid.w; c++) {
      const i = r * grid.w + c;
      const ch = grid.cells[i];
      if (ch === "#") {
        tds.push(el("td", { className: voids.has(i) ? "void" : "block" }));
        continue;
      }
      const n = nums.get(i);
      const look = [circles.has(i) ? "circled" : "", shaded.has(i) ? "shaded" : ""].filter(Boolean).join(" ");
      tds.push(el("td", { className: look, dataset: n ? { digits: String(n).length } : {} },
        n ? el("span", { className: "num" }, String(n)) : "",
        letters && ch ? el("span", { className: "letter" }, ch.toUpperCase()) : ""));
    }
    rows.push(el("tr", {}, ...tds));
  }
  return el("table", { className: "print-grid" }, el("tbody", {}, ...rows));
}

function clueList(title, list, clues) {
  return el("section", { className: "print-clues-part" }, el("h3", {}, title),
    el("ol", {}, ...list.map((e) => el("li", { value: e.number },
      el("span", { className: "n" }, `${e.number}`), " ", clues.get(e.key) || ""))));
}

/** The print view's children for this grid (its voids, and its circled and shaded cells:
 * `marks`), its clues (entry key -> text) and its file's title and author. */
export function printView(grid, voids, marks, clues, title, author) {
  const list = entries(grid);
  const head = [el("h2", { className: "print-title" }, title || "Crossword")];
  if (author) head.push(el("p", { className: "print-author" }, `by ${author}`));
  return [
    ...head,
    gridTable(grid, voids, { letters: false, ...marks }),
    el("div", { className: "print-clues" },
      clueList("Across", list.filter((e) => e.direction === "across"), clues),
      clueList("Down", list.filter((e) => e.direction === "down"), clues)),
    el("section", { className: "print-solution" }, el("h2", {}, `Solution${title ? `: ${title}` : ""}`),
      gridTable(grid, voids, { letters: true, ...marks })),
  ];
}
