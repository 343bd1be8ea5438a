// A player's clock: started by the first move, stopped while the page is hidden (another tab,
// a locked phone) and at the solve. The Q-Less board keeps its own with the stored board.

/** 3:12 (or 1:02:03): the time on a clock, as players share it. */
export function clockText(ms) {
  const s = Math.floor(ms / 1000);
  const two = (n) => String(n).padStart(2, "0");
  const h = Math.floor(s / 3600);
  return h ? `${h}:${two(Math.floor(s / 60) % 60)}:${two(s % 60)}` : `${Math.floor(s / 60)}:${two(s % 60)}`;
}

export class Clock {
  /** `shown`: the element that says the time ("Time 1:31"), hidden until the clock starts. */
  constructor(shown) {
    this.shown = shown;
    this.reset();
    setInterval(() => { if (this.since !== null) this.show(); }, 1000);
    document.addEventListener("visibilitychange", () => {
      if (document.hidden) this.pause();
      else if (this.running) this.go();
    });
  }

  reset() {
    this.spent = 0;
    this.since = null;
    this.running = false; // started and not stopped (it may be paused while hidden)
    this.begun = false;
    this.show();
  }

  /** The first move starts it; later moves (after a stop, an undo of the solve) go on. */
  start() {
    this.begun = true;
    this.running = true;
    this.go();
  }

  stop() {
    this.running = false;
    this.pause();
    return this.elapsed();
  }

  elapsed() {
    return this.spent + (this.since === null ? 0 : Date.now() - this.since);
  }

  go() {
    if (this.since === null && !document.hidden) this.since = Date.now();
    this.show();
  }

  pause() {
    if (this.since !== null) {
      this.spent = this.elapsed();
      this.since = null;
    }
    this.show();
  }

  show() {
    if (!this.shown) return;
    this.shown.hidden = !this.begun;
    const paused = this.running && this.since === null ? " (paused)" : "";
    this.shown.textContent = `Time ${clockText(this.elapsed())}${paused}`;
  }
}
