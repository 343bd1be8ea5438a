// The API reference, drawn from /openapi.json (works offline), with a form to try each call.
import { api, el, say, scrollCue } from "./common.js";

const box = document.getElementById("endpoints");
const status = document.getElementById("status");
const index = document.getElementById("index");

// The index groups endpoints by the page that uses them (the path's first part after /api/).
const GROUPS = {
  match: "Words", anagram: "Words", define: "Words", equation: "Words", wordgrid: "Word grid",
  fill: "Crossword fill", qless: "Q-Less", stars: "Star Battle", jobs: "Long jobs",
  lexicons: "Server", health: "Server", config: "Server",
};

function groupOf(path) {
  return GROUPS[path.split("/")[2]] || "Other";
}

function anchor(method, path) {
  return `${method}-${path}`.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/-+$/, "");
}

/** The index: each group's endpoints, linked to their sections, with their summaries. */
function drawIndex(entries) {
  const groups = new Map();
  for (const entry of entries) {
    const name = groupOf(entry.path);
    if (!groups.has(name)) groups.set(name, []);
    groups.get(name).push(entry);
  }
  index.replaceChildren(el("h2", { id: "index-title" }, "Endpoints"),
    el("div", { className: "api-groups" }, ...[...groups].map(([name, list]) => el("section", {},
      el("h3", {}, name),
      el("ul", {}, ...list.map(({ method, path, op }) => el("li", {},
        el("a", { href: `#${anchor(method, path)}` }, el("code", {}, `${method.toUpperCase()} ${path}`)),
        el("span", { className: "hint-text" }, " ", ...prose(op.summary)))))))));
}

/** Text with `code` spans, as OpenAPI summaries are written. */
function prose(text) {
  return (text || "").split("`").map((part, i) => (i % 2 ? el("code", {}, part) : part));
}

function resolve(spec, schema) {
  if (schema && schema.$ref) return spec.components.schemas[schema.$ref.split("/").pop()];
  return schema;
}

function typeOf(prop) {
  if (prop.type) return prop.type === "array" ? `list of ${(prop.items || {}).type || "values"}` : prop.type;
  if (prop.anyOf) return prop.anyOf.map((p) => (p.type === "null" ? "null" : typeOf(p))).join(" or ");
  return "any";
}

function example(schema) {
  const doc = {};
  for (const [name, prop] of Object.entries(schema.properties || {})) {
    if (prop.examples) doc[name] = prop.examples[0];
  }
  return doc;
}

function fields(schema) {
  const required = new Set(schema.required || []);
  const rows = Object.entries(schema.properties || {}).map(([name, prop]) => el("tr", {},
    el("td", {}, el("code", {}, name), required.has(name) ? " (required)" : ""),
    el("td", {}, typeOf(prop)),
    el("td", {}, prop.default === undefined ? "" : JSON.stringify(prop.default)),
    el("td", {}, ...prose(prop.description))));
  return el("table", { className: "plain fields" },
    el("thead", {}, el("tr", {}, el("th", {}, "field"), el("th", {}, "type"), el("th", {}, "default"),
      el("th", {}, "meaning"))),
    el("tbody", {}, ...rows));
}

function tryIt(path, body) {
  const id = `try-${path.replace(/[^a-z0-9]/gi, "-")}`;
  const input = el("textarea", { id, rows: 3, spellcheck: false, value: JSON.stringify(body) });
  const output = el("pre", { className: "answer", "aria-live": "polite" });
  const send = el("button", { type: "button", className: "secondary" }, "Send");
  send.addEventListener("click", async () => {
    let parsed;
    try {
      parsed = JSON.parse(input.value);
    } catch (e) {
      output.textContent = `not JSON: ${e.message}`;
      return;
    }
    output.textContent = "…";
    try {
      output.textContent = JSON.stringify(await api(path, parsed), null, 1);
    } catch (e) {
      output.textContent = `HTTP ${e.status}: ${e.message}`;
    }
  });
  return el("div", { className: "try" },
    el("label", { htmlFor: id }, `Request body for ${path}`), input,
    el("div", { className: "buttons" }, send), output);
}

async function init() {
  let spec;
  try {
    spec = await api("/openapi.json");
  } catch (e) {
    say(status, e.message, "error");
    return;
  }
  const entries = Object.entries(spec.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ method, path, op })));
  drawIndex(entries);
  for (const { method, path, op } of entries) {
    const schema = resolve(spec, op.requestBody?.content?.["application/json"]?.schema);
    const section = el("section", { className: "card", id: anchor(method, path) },
      el("div", { className: "api-head" },
        el("h2", {}, el("code", {}, `${method.toUpperCase()} ${path}`)),
        el("a", { href: "#index-title", className: "hint-text" }, "Index")),
      el("p", {}, ...prose(op.summary)),
      op.description ? el("p", { className: "legend" }, ...prose(op.description)) : null);
    if (schema) {
      // A table wider than a phone scrolls sideways: a tab stop, so the keyboard can scroll it too.
      const table = el("div", { className: "board-scroll", tabIndex: 0, role: "region",
        "aria-label": `Fields of ${method.toUpperCase()} ${path}` }, fields(schema));
      section.append(table);
      scrollCue(table); // its edges shaded while it scrolls
      if (method === "post") section.append(tryIt(path, example(schema)));
    }
    box.append(section);
  }
  // An address with #section opens at that section, now that it exists.
  if (location.hash) document.getElementById(location.hash.slice(1))?.scrollIntoView();
  document.querySelector("main").dataset.ready = "1";
}

init();
