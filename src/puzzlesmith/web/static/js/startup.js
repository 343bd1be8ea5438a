// Every page: while the server is still starting (its workers load the dictionary, and a first
// start builds its caches, up to a minute), a note at the top of the page says why answers
// wait; it goes once /api/health says the workers are ready.
const ASK_EVERY_MS = 1500;

let note = null;

function show(doc) {
  if (!note) {
    note = document.createElement("p");
    note.id = "server-note";
    note.className = "server-note";
    note.setAttribute("role", "status");
    const main = document.querySelector("main");
    if (!main) return;
    main.prepend(note);
  }
  const building = (doc.building || []).length ? ` (building: ${doc.building.join(", ")})` : "";
  note.textContent = doc.start_error
    ? `The server's workers did not start: ${doc.start_error}. See the terminal running puzzlesmith serve.`
    : "The server is still starting: it is loading the dictionary, and on a first start it " +
      `builds its caches${building}, which can take a minute. Answers come once it is ready.`;
}

async function check() {
  let doc;
  try {
    const response = await fetch("/api/health");
    doc = await response.json();
  } catch {
    return; // no server: each page says so on its own requests
  }
  if (doc && doc.ready === false) {
    show(doc);
    if (!doc.start_error) setTimeout(check, ASK_EVERY_MS);
  } else if (note) {
    note.remove();
    note = null;
  }
}

check();
