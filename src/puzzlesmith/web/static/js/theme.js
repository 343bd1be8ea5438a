// The colour theme: the system's (prefers-color-scheme) unless the reader picked the other one
// with the header's toggle, which is remembered (localStorage) across pages and visits. A plain
// script in <head>, run before the first paint, so a page never flashes in the other theme.
(() => {
  const KEY = "puzzlesmith-theme";
  const media = matchMedia("(prefers-color-scheme: dark)");
  const system = () => (media.matches ? "dark" : "light");
  const stored = () => {
    try {
      return localStorage.getItem(KEY);
    } catch {
      return null; // storage blocked: follow the system
    }
  };
  const current = () => (stored() === "dark" || stored() === "light" ? stored() : system());

  function apply() {
    const theme = current();
    document.documentElement.dataset.theme = theme;
    const toggle = document.getElementById("theme-toggle");
    if (toggle) toggle.setAttribute("aria-pressed", String(theme === "dark"));
  }

  function flip() {
    const next = current() === "dark" ? "light" : "dark";
    try {
      // Picking the system's own theme forgets the choice: the page follows the system again.
      if (next === system()) localStorage.removeItem(KEY);
      else localStorage.setItem(KEY, next);
    } catch {
      document.documentElement.dataset.theme = next; // not remembered, but shown
      return;
    }
    apply();
  }

  apply();
  media.addEventListener("change", apply);
  addEventListener("storage", (e) => e.key === KEY && apply()); // another tab's choice
  document.addEventListener("DOMContentLoaded", () => {
    apply();
    document.getElementById("theme-toggle")?.addEventListener("click", flip);
  });
})();
