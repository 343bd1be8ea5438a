// Opening and saving crossword files through /api/fill/open and /api/fill/save: the server
// reads and writes .puz and .ipuz with the same code as the command line.
import { ApiError } from "./common.js";

export const MAX_UPLOAD = 4 * 1024 * 1024; // the server's limit for /api/fill/open
const FORMATS = { puz: "puz", ipuz: "ipuz", txt: "text", text: "text" };

/** The format a file name's suffix names, or null. */
export function formatOf(name) {
  const m = /\.([a-z]+)$/i.exec(name || "");
  return m ? FORMATS[m[1].toLowerCase()] || null : null;
}

async function detail(response) {
  try {
    const doc = await response.json();
    if (doc && typeof doc.detail === "string") return doc.detail;
  } catch { /* not JSON */ }
  return `HTTP ${response.status}`;
}

/** Read a File (from the picker or a drop): {grid, title, author, copyright, notes, clues}. */
export async function openFile(file) {
  const format = formatOf(file.name);
  if (!format) throw new ApiError(`${file.name}: open a .puz, .ipuz or .txt grid file`, 400);
  if (file.size > MAX_UPLOAD) {
    throw new ApiError(`${file.name} is ${(file.size / 1048576).toFixed(1)} MB: a grid file is at most 4 MB`, 413);
  }
  if (file.size === 0) throw new ApiError(`${file.name} is empty`, 400);
  let response;
  try {
    response = await fetch(`/api/fill/open?format=${format}`, {
      method: "POST", headers: { "content-type": "application/octet-stream" }, body: file,
    });
  } catch {
    throw new ApiError("cannot reach the puzzlesmith server: is `puzzlesmith serve` running?", 0);
  }
  if (!response.ok) throw new ApiError(`${file.name}: ${await detail(response)}`, response.status);
  return response.json();
}

/** Ask the server for the file and hand it to the browser as a download; resolves to its name. */
export async function saveFile(body) {
  let response;
  try {
    response = await fetch("/api/fill/save", {
      method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body),
    });
  } catch {
    throw new ApiError("cannot reach the puzzlesmith server: is `puzzlesmith serve` running?", 0);
  }
  if (!response.ok) throw new ApiError(await detail(response), response.status);
  const blob = await response.blob();
  const m = /filename="([^"]+)"/.exec(response.headers.get("content-disposition") || "");
  const name = m ? m[1] : `crossword.${body.format}`;
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return name;
}
