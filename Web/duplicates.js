// The Duplicates view (the menu's "Duplicates"; /?view=duplicates): /api/v1/duplicates drawn as the Photos
// app and Immich show it, each group of copies side by side with its sizes, format, file size, capture
// date and path, the copy to keep first with its reason ("Keep — largest picture"). While the server is
// still making signatures (`pending` > 0) it says "Comparing… N photos left" and asks again every 2 s.
// It suggests only: nothing here deletes a file. The view lies over the grid, which stays where it was;
// the address says it is open (a history entry: the back button closes it).

const POLL_MS = 2000;
const VIEW = "duplicates";

const grouped = (n) => n.toLocaleString("en-US");
const plural = (n, one, many) => `${grouped(n)} ${n === 1 ? one : many}`;
const FORMATS = { jpeg: "JPEG", png: "PNG", webp: "WebP", heic: "HEIC", avif: "AVIF" };
const TAKEN = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit" });
const MODIFIED = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit", timeZone: "UTC" });

/** A file size in decimal units, as Finder and Files show it: 980 bytes, 19.6 kB, 123 kB, 4.57 MB. */
export function fileSize(bytes) {
  if (bytes < 1000) return plural(bytes, "byte", "bytes");
  const units = ["kB", "MB", "GB", "TB"];
  let value = bytes / 1000, unit = 0;
  while (value >= 999.5 && unit < units.length - 1) { value /= 1000; unit += 1; }
  return `${value.toLocaleString("en-US", { maximumSignificantDigits: 3 })} ${units[unit]}`;
}

/** "Taken 1 Jun 2024, 10:00" for a capture time (local, as recorded), else "Modified 28 Nov 2026, 04:30"
 *  (UTC, which the title says). */
function when(photo) {
  if (photo.takenAt) {
    const date = new Date(photo.takenAt);  // no zone: read as local time, shown as recorded
    return { text: `Taken ${isNaN(date) ? photo.takenAt : TAKEN.format(date)}`, title: "Capture date", taken: true };
  }
  const date = new Date(photo.modifiedAt);
  return { text: `Modified ${isNaN(date) ? photo.modifiedAt : MODIFIED.format(date)}`, title: "The file's modification time, UTC", taken: false };
}

function element(tag, className, text) {
  const e = document.createElement(tag);
  if (className) e.className = className;
  if (text !== undefined) e.textContent = text;
  return e;
}

const ICON = (path) => `<svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" fill="none" stroke="currentColor" stroke-width="1.6" stroke-linecap="round" stroke-linejoin="round">${path}</svg>`;
const COPIES_ICON = ICON('<rect x="8" y="8" width="12" height="12" rx="2.5"/><path d="M16 8V6.5A2.5 2.5 0 0 0 13.5 4h-7A2.5 2.5 0 0 0 4 6.5v7A2.5 2.5 0 0 0 6.5 16H8"/>');
const PHOTO_ICON = ICON('<rect x="3.5" y="5" width="17" height="14" rx="2.5"/><circle cx="9" cy="10" r="1.7"/><path d="m20.5 16-5-5-9 8"/>');

export class DuplicatesView {
  /** `background`: the elements the view covers (inert while it is open); `returnFocus()`: where the
   *  focus goes when it closes; `closed()`: called once it has closed. */
  constructor({ background = [], returnFocus = () => null, closed = () => {} } = {}) {
    this.background = background;
    this.returnFocus = returnFocus;
    this.closed = closed;
    this.view = element("section");
    this.view.id = "duplicates";
    this.view.hidden = true;
    this.view.setAttribute("role", "dialog");
    this.view.setAttribute("aria-modal", "true");
    this.view.setAttribute("aria-labelledby", "duplicates-title");
    const top = element("header", "top");
    this.closeButton = element("button", "close", "✕");
    this.closeButton.type = "button";
    this.closeButton.setAttribute("aria-label", "Close");
    this.closeButton.title = "Back to the photos";
    this.closeButton.addEventListener("click", () => this.close());
    const titles = element("div", "titles");
    const title = element("h2", null, "Duplicates");
    title.id = "duplicates-title";
    this.summary = element("p", "summary");
    this.summary.setAttribute("role", "status");
    titles.append(title, this.summary);
    top.append(this.closeButton, titles);
    this.body = element("div", "body");
    this.view.append(top, this.body);
    document.body.append(this.view);

    this.view.addEventListener("keydown", (event) => {
      if (event.key === "Escape") { event.preventDefault(); this.close(); }
    });
    window.addEventListener("popstate", () => this.followAddress());
    this.drawn = null;           // the groups and left-out photos drawn, as JSON: a poll that finds the same draws nothing
    this.images = new Map();     // photo id and thumbnail URL → its <img>, kept across redraws
    this.timer = 0;
    this.request = null;
    this.document = null;        // the last duplicates document
    this.followAddress();
  }

  get isOpen() { return !this.view.hidden; }

  /** Opens the view as a new history entry (the back button closes it). */
  open() {
    if (this.isOpen) return;
    const address = new URLSearchParams(location.search);
    address.set("view", VIEW);
    history.pushState({ photogridView: VIEW }, "", `${location.pathname}?${address}${location.hash}`);
    this.show();
  }

  /** Closes the view: back through the entry open() made, else the address loses `view`. */
  close() {
    if (!this.isOpen) return;
    if (history.state?.photogridView === VIEW) { history.back(); return; }  // popstate hides it
    const address = new URLSearchParams(location.search);
    address.delete("view");
    const search = address.toString();
    history.replaceState(history.state, "", `${location.pathname}${search ? "?" + search : ""}${location.hash}`);
    this.hide();
  }

  /** Shown when the address says so. */
  followAddress() {
    const wanted = new URLSearchParams(location.search).get("view") === VIEW;
    if (wanted && !this.isOpen) this.show(); else if (!wanted && this.isOpen) this.hide();
  }

  show() {
    this.view.hidden = false;
    this.view.scrollTop = 0;
    for (const e of this.background) e.inert = true;
    this.closeButton.focus({ preventScroll: true });
    if (!this.document) this.setSummary("Loading…", true);
    this.load();
  }

  hide() {
    this.view.hidden = true;
    for (const e of this.background) e.inert = false;
    clearTimeout(this.timer);
    this.request?.abort();
    this.request = null;
    this.returnFocus()?.focus({ preventScroll: true });
    this.closed();
  }

  /** Reads the document, draws it, and asks again in 2 s while signatures are being made. */
  async load() {
    clearTimeout(this.timer);
    this.request?.abort();
    const controller = new AbortController();
    this.request = controller;
    try {
      const response = await fetch("api/v1/duplicates", { signal: controller.signal });
      const doc = await response.json();
      if (!response.ok) throw new Error(doc.error ? doc.error.message : response.statusText);
      if (controller.signal.aborted || !this.isOpen) return;
      this.document = doc;
      this.draw(doc);
      if (doc.pending > 0) this.timer = setTimeout(() => this.load(), POLL_MS);
    } catch (error) {
      if (error.name === "AbortError" || controller.signal.aborted) return;
      this.view.dataset.state = "failed";
      this.setSummary(`Could not compare the photos: ${error.message || error}`, false);
      const retry = element("button", "retry", "Try Again");
      retry.type = "button";
      retry.addEventListener("click", () => { this.setSummary("Loading…", true); this.load(); });
      this.summary.append(" ", retry);
    } finally {
      if (this.request === controller) this.request = null;
    }
  }

  setSummary(text, busy) {
    this.summary.textContent = text;
    this.summary.classList.toggle("busy", busy);
  }

  /** The summary line, then the groups (unless they are the ones drawn already). */
  draw(doc) {
    const removable = doc.groups.reduce((sum, group) => sum + group.photos.length - 1, 0);
    if (doc.pending > 0) {
      this.setSummary(`Comparing… ${plural(doc.pending, "photo", "photos")} left`, true);
    } else if (doc.groups.length === 0) {
      this.setSummary("No duplicates", false);
    } else {
      this.setSummary(`${plural(doc.groups.length, "group", "groups")}, ${plural(removable, "copy could", "copies could")} be removed`, false);
    }
    this.view.dataset.state = doc.pending > 0 ? "comparing" : "done";
    const drawn = JSON.stringify([doc.groups, doc.leftOut, doc.pending > 0 && doc.groups.length === 0, doc.photos]);
    if (drawn === this.drawn) return;
    this.drawn = drawn;

    const images = new Map();
    const content = [];
    if (doc.groups.length > 0) {
      content.push(element("p", "note", "The copy to keep is suggested and listed first. Nothing here deletes a file."));
      const list = element("div", "groups");
      for (const group of doc.groups) list.append(this.groupElement(group, images));
      content.push(list);
    } else {
      const empty = element("div", "empty");
      const icon = element("div", "icon");
      icon.innerHTML = COPIES_ICON;
      const comparing = doc.pending > 0;
      if (comparing) empty.classList.add("busy");
      empty.append(icon, element("h3", null, comparing ? "Looking for copies…" : "Every photo is one of a kind"),
        element("p", null, comparing ? "Copies appear here as they are found."
          : `None of the ${plural(doc.photos, "photo", "photos")} compared is a copy of another.`));
      content.push(empty);
    }
    if (doc.leftOut.length > 0) content.push(this.leftOutElement(doc.leftOut));
    this.body.replaceChildren(...content);
    this.images = images;
  }

  groupElement(group, images) {
    const section = element("section", "group");
    section.dataset.kind = group.kind;
    const heading = element("header");
    const title = element("h3", null, group.kind === "exact" ? "Exact copies" : "Same picture");
    const count = element("span", "count", plural(group.photos.length, "photo", "photos"));
    const hint = element("p", "hint", group.kind === "exact" ? "Identical files, byte for byte"
      : "The same picture in another size, format or quality");
    heading.append(title, count, hint);
    const copies = element("ol", "copies");
    for (const photo of group.photos) copies.append(this.copyElement(photo, group, images));
    section.append(heading, copies);
    return section;
  }

  copyElement(photo, group, images) {
    const item = element("li", "copy");
    item.dataset.id = photo.id;
    const frame = element("div", "frame");
    if (photo.thumbnail) {
      // One loaded already moves to the new drawing (by photo: byte copies share a thumbnail).
      const key = `${photo.id} ${photo.thumbnail}`, kept = this.images.get(key);
      const img = kept?.complete && kept.naturalWidth > 0 ? kept : thumbnail(photo.thumbnail);
      images.set(key, img);
      frame.append(img);
    } else {
      frame.classList.add("none");
    }
    const glyph = element("span", "glyph");  // shown when there is no picture to show
    glyph.innerHTML = PHOTO_ICON;
    frame.append(glyph);
    if (photo.keep) {
      item.classList.add("keep");
      item.dataset.keep = "true";
      frame.append(element("span", "badge", `Keep — ${group.keepReason}`));
    }
    const facts = element("div", "facts");
    facts.append(element("span", "dimensions", `${photo.width}×${photo.height}`),
      element("span", "format", FORMATS[photo.format] ?? photo.format.toUpperCase()),
      element("span", "bytes", fileSize(photo.fileSize)));
    facts.querySelector(".bytes").title = `${grouped(photo.fileSize)} bytes`;
    const date = when(photo);
    const time = element("div", date.taken ? "date taken" : "date", date.text);
    time.title = date.title;
    const path = element("div", "path", photo.path);
    path.title = photo.path;
    item.append(frame, facts, time, path);
    return item;
  }

  leftOutElement(leftOut) {
    const details = element("details", "left-out");
    const summary = element("summary", null, `${plural(leftOut.length, "photo", "photos")} could not be compared`);
    const list = element("ul");
    for (const photo of leftOut) {
      const item = element("li");
      item.dataset.id = photo.id;
      item.append(element("span", "path", photo.path), element("span", "reason", photo.reason));
      list.append(item);
    }
    details.append(summary, list);
    return details;
  }
}

/** An <img> of `url` that asks again (a new element each time: the same URL on the same element is not
 *  loaded again) while the server is busy making it: 0.25 s doubling, six times; then the frame's glyph. */
function thumbnail(url, attempt = 0) {
  const img = document.createElement("img");
  img.alt = "";
  img.decoding = "async";
  img.loading = "lazy";
  img.onload = () => img.parentNode?.classList.remove("none");
  img.onerror = () => {
    if (attempt >= 6) { img.parentNode?.classList.add("none"); img.remove(); return; }
    setTimeout(() => { if (img.isConnected) img.replaceWith(thumbnail(url, attempt + 1)); }, 250 * 2 ** attempt);
  };
  img.src = url;
  return img;
}
