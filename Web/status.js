// The library's status as a photos app shows it, in one small line floating over the bottom of the grid
// (it moves no cell): the number of photos (and of copies hidden, with Hide Duplicates), the index run's progress while it runs, why it failed, and
// how many files could not be read — a button that lists them, with why (/api/v1/photos?status=error).
// Quiet when there is nothing to say: a finished library's count fades after a few seconds.

const grouped = (n) => n.toLocaleString("en-US");
const plural = (n, one, many) => `${grouped(n)} ${n === 1 ? one : many}`;

export class LibraryStatus {
  constructor(element, fetchJSON) {
    this.element = element;
    this.fetchJSON = fetchJSON;
    this.stats = null;       // the last /api/v1/stats
    this.index = null;       // the last `index` event: { phase, done, total, reason? }
    this.problem = null;     // a request that failed: its message
    this.fadeTimer = 0;
    this.panel = null;
    this.hidden = 0;         // copies the grid leaves out (Hide Duplicates)
  }

  /** How many copies the grid leaves out: said after the count. */
  setHidden(count) {
    if (count === this.hidden) return;
    this.hidden = count;
    this.show();
  }

  /** Reads /api/v1/stats again (counts, errors, the run in progress). */
  async refresh() {
    try {
      this.stats = await this.fetchJSON("stats", {});
      if (this.stats.indexing && !this.index) this.index = this.stats.indexing;
      this.problem = null;
    } catch (error) {
      this.problem = String(error.message || error);
    }
    this.show();
  }

  /** Whether an index run goes on (as far as the page has heard). */
  get running() {
    return this.index?.phase === "walking" || this.index?.phase === "indexing";
  }

  /** An `index` event of the server's. */
  indexEvent(event) {
    this.index = event;
    if (event.phase === "done" || event.phase === "failed") this.refresh(); else this.show();
  }

  /** A request of the page that failed (null: it works again). */
  failed(message) {
    this.problem = message;
    this.show();
  }

  /** The line for what is known now. */
  text() {
    const s = this.stats, run = this.index;
    if (this.problem) return { text: this.problem, busy: true };
    if (run && run.phase === "walking") return { text: `Looking for photos… ${plural(run.done, "file", "files")} found`, busy: true };
    if (run && run.phase === "indexing") return { text: `Indexing ${grouped(run.done)} of ${plural(run.total, "file", "files")}…`, busy: true };
    if (run && run.phase === "failed") return { text: `Indexing failed${run.reason ? ": " + run.reason : ""}`, busy: true };
    if (!s) return { text: "", busy: false };
    if (s.ok === 0) return { text: "No photos yet", busy: false };
    // As the Photos app counts: "1,200 Photos, 40 Videos" (Live Photos are photos; their movies are not items).
    const videos = s.media?.video ?? 0, photos = s.media ? (s.media.photo ?? 0) + (s.media.live ?? 0) : s.ok;
    const text = [photos > 0 ? plural(photos, "Photo", "Photos") : null, videos > 0 ? plural(videos, "Video", "Videos") : null]
      .filter(Boolean).join(", ");
    return { text: this.hidden > 0 ? `${text} (${plural(this.hidden, "duplicate", "duplicates")} hidden)` : text, busy: false };
  }

  show() {
    const { text, busy } = this.text();
    const errors = this.stats?.errors ?? 0;
    this.element.replaceChildren();
    if (text) this.element.append(text);
    if (errors > 0) {
      const button = document.createElement("button");
      button.type = "button";
      button.textContent = `${plural(errors, "file", "files")} could not be read`;
      button.addEventListener("click", () => this.openProblems());
      if (text) this.element.append(" · ");
      this.element.append(button);
    }
    clearTimeout(this.fadeTimer);
    this.element.classList.remove("faded");
    if (!busy && errors === 0) this.fadeTimer = setTimeout(() => this.element.classList.add("faded"), 4000);
  }

  /** The files that could not be read, and why (the first thousand). */
  async openProblems() {
    this.panel?.remove();
    const panel = document.createElement("div");
    panel.id = "problems";
    panel.setAttribute("role", "dialog");
    panel.setAttribute("aria-label", "Files that could not be read");
    const close = document.createElement("button");
    close.type = "button";
    close.className = "close";
    close.textContent = "Close";
    close.addEventListener("click", () => { panel.remove(); this.panel = null; });
    const title = document.createElement("h2");
    title.textContent = "Files that could not be read";
    const list = document.createElement("ul");
    panel.append(close, title, list);
    document.body.append(panel);
    this.panel = panel;
    try {
      const page = await this.fetchJSON("photos", { status: "error", limit: 1000 });
      for (const photo of page.photos) {
        const item = document.createElement("li");
        const name = document.createElement("strong");
        name.textContent = photo.path;
        item.append(name, document.createElement("br"), photo.error ?? "");
        list.append(item);
      }
      if (page.total > page.photos.length) {
        const more = document.createElement("li");
        more.textContent = `…and ${grouped(page.total - page.photos.length)} more (photogrid list shows them all).`;
        list.append(more);
      }
    } catch (error) {
      list.textContent = String(error.message || error);
    }
    close.focus();
  }
}
