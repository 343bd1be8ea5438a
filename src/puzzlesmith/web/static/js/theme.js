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

  function apply(theme = current(), chosen = theme === stored()) {
    document.documentElement.dataset.theme = theme;
    // The button's words (the action) come from the stylesheet; its title says the state.
    const toggle = document.getElementById("theme-toggle");
    const other = theme === "dark" ? "light" : "dark";
    const why = chosen ? "your choice" : "as your system is set";
    if (toggle) toggle.title = `The page is ${theme} (${why}); press to switch to ${other}.`;
  }

  function flip() {
    const next = current() === "dark" ? "light" : "dark";
    try {
      // Picking the system's own theme forgets the choice: the page follows the system again.
      if (next === system()) localStorage.removeItem(KEY);
      else localStorage.setItem(KEY, next);
    } catch {
      apply(next, true); // not remembered, but shown
      return;
    }
    apply();
  }

  apply();
  media.addEventListener("change", () => apply());
  addEventListener("storage", (e) => e.key === KEY && apply()); // another tab's choice
  document.addEventListener("DOMContentLoaded", () => {
    apply();
    document.getElementById("theme-toggle")?.addEventListener("click", flip);
  });
})();
