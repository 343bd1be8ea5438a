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
 *   short:    units ({kind, index, count, open}) that can no longer get their K stars: the
 *             stars they hold plus their open cells (no mark, and touching no star) are
 *             fewer than K.
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
    let open = 0;
    for (const [r, c] of unit.cells) {
      if (star.has(key(r, c))) count++;
      else if (!dot.has(key(r, c)) && !nearStar(r, c)) open++;
    }
    if (count > k) over.push({ kind: unit.kind, index: unit.index, count });
    else if (count + open < k) short.push({ kind: unit.kind, index: unit.index, count, open });
  }
  return { touching, over, short };
}
