// The detail view's bar, as a photos app has it: a visible close button, the photo's date and file name,
// its place in the library ("5 of 40"), and previous/next buttons. It floats over the detail view (it
// moves neither the image nor the mask of the zoom transition) and is shown only once the photo is open.

/** "Wednesday, 25 November 2026 · 18:33" in `timeZone` (the browser's when undefined), then `suffix`. */
function dateFormat(timeZone, suffix) {
  const day = new Intl.DateTimeFormat("en-GB", { weekday: "long", day: "numeric", month: "long", year: "numeric", timeZone });
  const time = new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", timeZone });
  return (date) => `${day.format(date)} · ${time.format(date)}${suffix}`;
}
const LOCAL = dateFormat(undefined, ""), UTC = dateFormat("UTC", " UTC");

export class DetailBar {
  /** `fetchJSON(path, params)` reads the API; `actions` are `{ close(), step(delta) }`. */
  constructor(root, fetchJSON, actions) {
    this.fetchJSON = fetchJSON;
    this.element = document.createElement("div");
    this.element.className = "detail-bar";
    this.element.hidden = true;
    const button = (label, text, action) => {
      const b = document.createElement("button");
      b.type = "button";
      b.setAttribute("aria-label", label);
      b.textContent = text;
      b.addEventListener("click", (event) => { event.stopPropagation(); action(); });
      return b;
    };
    this.closeButton = button("Close", "✕", () => actions.close());
    this.previous = button("Previous photo", "‹", () => actions.step(-1));
    this.next = button("Next photo", "›", () => actions.step(1));
    this.previous.classList.add("step", "previous");
    this.next.classList.add("step", "next");
    this.title = document.createElement("div");
    this.title.className = "title";
    this.when = document.createElement("strong");
    this.name = document.createElement("span");
    this.place = document.createElement("span");
    this.place.className = "place";
    this.title.append(this.when, this.name, this.place);
    const top = document.createElement("div");
    top.className = "top";
    top.append(this.closeButton, this.title);
    this.element.append(top, this.previous, this.next);
    root.append(this.element);
    this.shown = null;
  }

  /** Shows the bar for photo `index` of `count` (its detail document `doc`); `hidden`: how many photos
   *  the grid leaves out (Hide Duplicates; null: not known), so that the photo is at most that many rows
   *  further down the library's list. */
  async show(index, count, doc, hidden = 0) {
    this.shown = index;
    this.element.hidden = false;
    this.name.textContent = doc.path ?? "";
    this.place.textContent = `${(index + 1).toLocaleString("en-US")} of ${count.toLocaleString("en-US")}`;
    this.previous.disabled = index === 0;
    this.next.disabled = index + 1 >= count;
    this.when.textContent = "";
    try {
      const page = await this.fetchJSON("photos", { offset: index, limit: Math.min(1000, (hidden ?? 999) + 1) });
      // The capture date (local time as recorded: shown as it was on the camera), else the file's
      // modification time in UTC — what the grid orders and groups the photo by, so that the bar and
      // the section header say the same day.
      const row = page.photos.find((photo) => photo.id === doc.id) ?? (hidden === 0 ? page.photos[0] : undefined);
      const when = row?.takenAt ?? row?.modifiedAt;
      if (this.shown === index && when) {
        const date = new Date(when);
        this.when.textContent = isNaN(date) ? when : (row.takenAt ? LOCAL : UTC)(date);
      }
    } catch { /* the date is a nicety: the name and place stay */ }
  }

  hide() {
    this.shown = null;
    this.element.hidden = true;
  }
}
