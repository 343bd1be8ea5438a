// The player's Star Battle board beyond the board itself: kept in this browser between visits,
// and put into words (the rules it breaks, what Check found). No page state here.

/** A cell as people write it: r3c5, counted from 1. */
export const rc = ([r, c]) => `r${r + 1}c${c + 1}`;

/** The key a puzzle's marks are kept under: the puzzle as its URL has it (K included). */
function storeKey(puzzle) {
  return `puzzlesmith.stars.marks:${puzzle.url}`;
}

/** The marks kept for this puzzle in this browser ({stars, dots}), or null. */
export function loadMarks(puzzle) {
  try {
    const doc = JSON.parse(localStorage.getItem(storeKey(puzzle)) || "null");
    const ok = (list) => Array.isArray(list) && list.every((cell) => Array.isArray(cell) && cell.length === 2
      && cell.every((v) => Number.isInteger(v) && v >= 0 && v < puzzle.size));
    return doc && ok(doc.stars) && ok(doc.dots) ? doc : null;
  } catch {
    return null; // storage off (a private window) or unreadable: start afresh
  }
}

/** Keep the marks ({stars, dots}) for this puzzle; an empty board keeps nothing. */
export function saveMarks(puzzle, marks) {
  try {
    if (marks.stars.length || marks.dots.length) localStorage.setItem(storeKey(puzzle), JSON.stringify(marks));
    else localStorage.removeItem(storeKey(puzzle));
  } catch {
    // storage full or off: the address still holds the marks
  }
}

/** The broken rules (starrules.js `conflicts`) as sentences; unitName({kind, index}) names a
 * unit as the explanations do (row 3, region b). */
export function problemLines({ touching, over, short }, k, unitName) {
  const name = (u) => unitName(u).replace(/^./, (ch) => ch.toUpperCase());
  return [
    ...touching.map(([a, b]) => `Stars touch: ${rc(a)} and ${rc(b)}.`),
    ...over.map((u) => `${name(u)} has ${u.count} stars, more than ${k}.`),
    ...short.map((u) => `${name(u)} can no longer get its ${k === 1 ? "star" : `${k} stars`}: `
      + `${u.count} placed and ${u.open} open ${u.open === 1 ? "cell" : "cells"} left`
      + (u.room < u.open ? `, room for only ${u.room} more (stars cannot touch).` : ".")),
  ];
}

export const SOLVED = "Solved! Every star is in the right place.";

/** What /api/stars/check found, as [message, kind] for the status line. */
export function checkSays(doc) {
  if (doc.status === "wrong") {
    const n = doc.wrong;
    return [`Wrong: ${n} of your marks ${n === 1 ? "differs" : "differ"} from the solution. `
      + "Undo, or ask for a Hint to see where.", "warn"];
  }
  return {
    solved: [SOLVED, "good"],
    right: ["Right so far: none of your marks differs from the solution.", "good"],
    several: ["This puzzle has more than one solution, so Check cannot say which one your marks should follow.", "warn"],
    unsolvable: ["This puzzle has no solution.", "warn"],
    timeout: ["The time limit was reached before the puzzle's one solution was found.", "warn"],
  }[doc.status] || [`Check answered ${doc.status}.`, "warn"];
}
