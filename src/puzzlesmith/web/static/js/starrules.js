// The rules a player's marks can break, checked as they play (as puzz.link's answer check
// does): no engine here, only counting, so the page can say at once what is wrong.

/** The puzzle's units: the rows, then the columns, then the regions, each as its cells. */
export function units({ size, regions }) {
  const out = [];
  for (let r = 0; r < size; r++) out.push({ kind: "row", index: r, cells: [...Array(size).keys()].map((c) => [r, c]) });
  for (let c = 0; c < size; c++) out.push({ kind: "column", index: c, cells: [...Array(size).keys()].map((r) => [r, c]) });
  const byRegion = Array.from({ length: size }, () => []);
  for (let r = 0; r < size; r++) for (let c = 0; c < size; c++) byRegion[regions[r][c]].push([r, c]);
  byRegion.forEach((cells, g) => out.push({ kind: "region", index: g, cells }));
  return out;
}

/**
 * What the marks break. puzzle: the engine's puzzle document ({size, stars, regions});
 * stars, dots: lists of [r, c]. Returns
 *   touching: pairs [[r1, c1], [r2, c2]] of stars that touch (each pair once, the first
 *             cell earlier in reading order),
 *   over:     units ({kind, index, count}) holding more stars than the puzzle's K,
 *   short:    units ({kind, index, count, open, room}) that can no longer get their K stars:
 *             the stars they hold plus the most their open cells (no mark, and touching no
 *             star) can take without two touching (`room`) are fewer than K.
 * Units come in the order rows, columns, regions.
 */
export function conflicts(puzzle, stars, dots) {
  const { size, stars: k } = puzzle;
  const key = (r, c) => r * size + c;
  const star = new Set(stars.map(([r, c]) => key(r, c)));
  const dot = new Set(dots.map(([r, c]) => key(r, c)));
  const nearStar = (r, c) => {
    for (let dr = -1; dr <= 1; dr++) {
      for (let dc = -1; dc <= 1; dc++) {
        if ((dr || dc) && star.has(key(r + dr, c + dc)) && r + dr >= 0 && r + dr < size
          && c + dc >= 0 && c + dc < size) return true;
      }
    }
    return false;
  };
  const touching = [];
  const sorted = [...stars].sort((a, b) => key(...a) - key(...b));
  for (const [r, c] of sorted) {
    // Only the neighbours later in reading order, so each pair is found once.
    for (const [dr, dc] of [[0, 1], [1, -1], [1, 0], [1, 1]]) {
      const rr = r + dr;
      const cc = c + dc;
      if (rr < size && cc >= 0 && cc < size && star.has(key(rr, cc))) touching.push([[r, c], [rr, cc]]);
    }
  }
  const over = [];
  const short = [];
  for (const unit of units(puzzle)) {
    let count = 0;
    const open = [];
    for (const [r, c] of unit.cells) {
      if (star.has(key(r, c))) count++;
      else if (!dot.has(key(r, c)) && !nearStar(r, c)) open.push([r, c]);
    }
    if (count > k) {
      over.push({ kind: unit.kind, index: unit.index, count });
      continue;
    }
    const room = roomFor(open, k - count);
    if (count + room < k) short.push({ kind: unit.kind, index: unit.index, count, open: open.length, room });
  }
  return { touching, over, short };
}

// Past this many steps of `roomFor`'s search a unit is taken to have room: the check may
// then miss a short unit, but never calls one short that is not.
const ROOM_STEPS = 20000;

/**
 * The most stars the cells can take with no two touching, or `need` if they can take that
 * many (the search stops there). Cells are tried in reading order, each taken (its
 * neighbours dropped) or left; a branch ends when even one star in each 2x2 block of the
 * grid that its cells meet (a block holds at most one) cannot beat the best found.
 */
export function roomFor(cells, need) {
  let best = 0;
  let steps = 0;
  const blocks = (list) => new Set(list.map(([r, c]) => `${r >> 1},${c >> 1}`)).size;
  const search = (rest, taken) => {
    best = Math.max(best, taken);
    if (best >= need || ++steps > ROOM_STEPS || !rest.length || taken + blocks(rest) <= best) return;
    const [[r, c], ...others] = rest;
    search(others.filter(([r2, c2]) => Math.abs(r2 - r) > 1 || Math.abs(c2 - c) > 1), taken + 1);
    search(others, taken);
  };
  search(cells, 0);
  return steps > ROOM_STEPS ? need : Math.min(best, need);
}
