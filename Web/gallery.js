// The web gallery: the Photos grid drawn from /api/v1/layout, exactly where the API says, with only the
// visible rows and one screen above and below in the document; the detail view and its zoom transition
// from /api/v1/detail geometry; live updates from /api/v1/events.
import { transitionFrame, draggedRect, dragGridOpacity, shouldClose, ScrollMap } from "./geometry.js";
import { LibraryStatus } from "./status.js";
import { DetailBar } from "./detail-bar.js";
import { DetailMedia } from "./media.js";
import { Menu } from "./menu.js";
import { DuplicatesView } from "./duplicates.js";

const query = new URLSearchParams(location.search);
const options = {};  // grid options passed through to the API (?group=day&columns=…)
for (const name of ["group", "columns", "rowSpacing", "headerHeight"]) {
  if (query.has(name)) options[name] = query.get(name);
}
// The arrangement: the square grid, or justified rows (every photo at its own aspect ratio, as Photos'
// "Aspect Ratio Grid"). The address chooses it (?arrangement=justified|square), else the last one chosen
// on this browser (localStorage), else the square grid. Justified rows are asked with justified=true and
// the row height (?rowHeight=, else the API's default for the width), which pinch zoom steps through.
const ARRANGEMENT_KEY = "photogrid.arrangement";
const ARRANGEMENTS = ["square", "justified"];
function storedArrangement() {
  try { return localStorage.getItem(ARRANGEMENT_KEY); } catch { return null; }
}
let arrangement = ARRANGEMENTS.includes(query.get("arrangement")) ? query.get("arrangement")
  : (storedArrangement() === "justified" ? "justified" : "square");
// Hiding the copies Duplicates does not keep (issue 39; its "Hide Duplicates" toggle): every layout, detail
// and zoom question then carries hide=copies, and the grid's positions are those of the grid without them.
// Off unless the address says ?hide=copies or it was last turned on on this browser (localStorage).
const HIDE_KEY = "photogrid.hide";
function storedHide() {
  try { return localStorage.getItem(HIDE_KEY); } catch { return null; }
}
let hideCopies = query.get("hide") === "copies" || (!query.has("hide") && storedHide() === "copies");
let libraryCount = null;  // the whole grid's count, from the latest `library` event
/** The row heights pinch zoom steps through, tallest (fewest photos) first, as the columns' levels. */
const ROW_HEIGHTS = [400, 300, 235, 180, 130, 100, 80, 60];
let rowHeight = Number(query.get("rowHeight") ?? NaN);  // the first measure sets the default when none is given
// A server with a token: the page was opened once as /?token=…, which the server exchanged for an HttpOnly
// cookie that every request of the page (fetch, images, the event stream) carries; no header to add.
const headers = {};

const stage = document.getElementById("stage");
const spacer = document.getElementById("spacer");
const detailView = document.getElementById("detail");
const backdrop = detailView.querySelector("[data-detail-backdrop]");
const mask = detailView.querySelector("[data-detail-mask]");
const detailImage = detailView.querySelector("[data-detail-image]");
const bar = new DetailBar(detailView, (path, params) => api(path, params), { close: () => close(), step: (delta) => step(delta) });
const media = new DetailMedia(detailView, mask, detailImage);
const status = new LibraryStatus(document.getElementById("status"), (path, params) => api(path, params));

const state = {
  width: 0, height: 0, scale: 1, offset: 0,
  doc: null,          // the last layout document: cells for [docOffset − height, docOffset + 2·height)
  docOffset: NaN,
  map: new ScrollMap(0, 1),
  cells: new Map(),   // index → element
  headers: [],
  request: null,      // AbortController of the layout request in flight
  pending: Promise.resolve(),  // settles when the request in flight does
  ownScroll: null,    // the scroll position scrollToOffset set, until its scroll event
  drawn: null,        // promise of the next draw, for scrollToOffset
  open: null,         // { index, doc, progress } while the detail view is shown
  thumbnailGeneration: 0,  // the latest draw's turn to load off-screen thumbnails
  visible: new Set(),      // the cells on screen at the latest draw
};

/** `api/v1/<path>?<params>` as JSON; an AbortError when superseded. */
async function api(path, params, signal) {
  const all = path === "stats" || path === "photos" ? params : { ...gridOptions(), ...params };
  for (const name of Object.keys(all)) if (all[name] === undefined) delete all[name];  // undefined: not asked
  const search = new URLSearchParams(all);
  const response = await fetch(`api/v1/${path}?${search}`, { signal, headers });
  const body = await response.json();
  if (!response.ok) throw new Error(body.error ? body.error.message : response.statusText);
  return body;
}

/** The grid's parameters for the arrangement shown (justified rows take no columns or row spacing), and
 *  hide=copies while copies are hidden. */
function gridOptions() {
  const hide = hideCopies ? { hide: "copies" } : {};
  if (arrangement !== "justified") return { ...options, ...hide };
  const { columns, rowSpacing, ...rest } = options;
  return { ...rest, justified: "true", rowHeight: String(rowHeight), ...hide };
}

function viewportParams(offset) {
  return { width: state.width, height: state.height, scale: state.scale, offset };
}

// MARK: The grid

/** Lays out the grid at content offset `offset`: fetches the window around it unless the last one covers it. */
async function showOffset(offset, { force = false } = {}) {
  state.offset = offset;
  const covered = state.doc && Math.abs(offset - state.docOffset) <= state.height * 0.5;
  if (covered && !force) { draw(); return; }
  state.request?.abort();
  const controller = new AbortController();
  state.request = controller;
  let finished;
  state.pending = new Promise((resolve) => { finished = resolve; });
  try {
    const windowOffset = offset;
    const doc = await api("layout", { ...viewportParams(windowOffset - state.height), height: state.height * 3 }, controller.signal);
    if (controller.signal.aborted) return;
    state.doc = doc;
    state.docOffset = windowOffset;
    resizeScrollRange(doc.grid.contentHeight);
    draw();
    showHidden();
    if (status.problem) status.failed(null);
  } catch (error) {
    if (error.name !== "AbortError") status.failed(String(error.message || error));
  } finally {
    if (state.request === controller) state.request = null;
    finished();
  }
}

function resizeScrollRange(contentHeight) {
  const map = new ScrollMap(contentHeight, state.height);
  if (map.range !== state.map.range || map.factor !== state.map.factor) {
    state.map = map;
    spacer.style.height = `${map.range}px`;
  }
}

/** Puts the document's cells (and section headers) where they are at the current offset. */
function draw() {
  const doc = state.doc;
  if (!doc) return;
  const y = state.offset;
  const low = y - state.height, high = y + 2 * state.height;
  const keep = new Set();
  const visible = [];
  for (const cell of doc.cells) {
    const f = cell.frame;
    if (f.y + f.height <= low || f.y >= high) continue;
    keep.add(cell.index);
    let element = state.cells.get(cell.index);
    if (!element || element.dataset.id !== String(cell.id) || (element.dataset.thumbnail ?? "") !== (cell.thumbnail ?? "")) {
      element?.remove();
      element = makeCell(cell);
      state.cells.set(cell.index, element);
      stage.appendChild(element);
    }
    element.style.width = `${f.width}px`;
    element.style.height = `${f.height}px`;
    element.style.transform = `translate(${f.x}px, ${f.y - y}px)`;
    if (f.y + f.height > y && f.y < y + state.height) visible.push(element);
  }
  for (const [index, element] of state.cells) {
    if (!keep.has(index)) { element.remove(); state.cells.delete(index); }
  }
  drawHeaders(doc, y);
  state.visible = new Set(visible);
  loadThumbnails(visible);
}

/** Thumbnails on screen first: the visible cells' images are asked for now, the other cells' (a screen
 *  above and below, drawn ahead of scrolling) only once every visible one has come (or given up) and no
 *  index run goes on, so that on a busy server the screen fills before anything else is made. The visible
 *  cells' placeholders are asked first, then their thumbnails, a few at a time (`thumbnailSlots`): the
 *  placeholders and layouts keep the browser's other connections. */
function loadThumbnails(visible) {
  const generation = ++state.thumbnailGeneration;
  const placeholders = visible.map(attachPlaceholder).filter(Boolean);
  // The thumbnails once the placeholders have come, or after 0.4 s: on a cold disk a thumbnail's read
  // (the whole photo) would slow theirs (a few kilobytes each).
  const head = Promise.race([Promise.allSettled(placeholders), new Promise((done) => setTimeout(done, 400))]);
  head.then(() => {
    if (generation !== state.thumbnailGeneration) return;  // a newer draw decides
    const waiting = visible.map((element) => attachThumbnail(element)).filter(Boolean);
    return Promise.allSettled(waiting);
  }).then(() => {
    if (generation !== state.thumbnailGeneration) return;
    // While an index run goes on, the cells off screen wait for its end (which draws again): the server's
    // run yields to every thumbnail being made, and those are not on anyone's screen yet.
    if (status.running) return;
    for (const element of state.cells.values()) attachThumbnail(element);
  });
}

/** Thumbnail loads at most `free` at a time. A browser opens six connections to a server, one of them the
 *  event stream's; a thumbnail being made holds its connection for tens of milliseconds while the server
 *  makes as many at once as it has cores, so three in flight keep it busy and leave two connections for
 *  placeholders (a millisecond each) and layouts: the screen is full of pictures while its thumbnails are
 *  made, and they are made from the first moment. Loads wait in the order asked, those of cells on screen first. */
const thumbnailSlots = {
  free: 3,
  waiting: [],  // { button, start }, in the order asked
  /** Runs `start` when a load for `button` may begin; it calls `release` once its load has ended. */
  take(button, start) {
    if (this.free > 0) { this.free -= 1; start(); } else this.waiting.push({ button, start });
  },
  /** Gives the slot to the first load waiting for a cell on screen now (the screen scrolled on), else to
   *  the first asked. */
  release() {
    const onScreen = this.waiting.findIndex((entry) => state.visible.has(entry.button));
    const [next] = this.waiting.splice(Math.max(0, onScreen), 1);
    if (next) next.start(); else this.free += 1;
  },
};

/** Asks for `button`'s placeholder once — the centre of the small picture the camera embedded, which the
 *  server cuts in a millisecond (`/api/v1/placeholders/…`; 204 for photos without one) — and shows it
 *  under the image to come: a promise settled when it has come or there is none. */
function attachPlaceholder(button) {
  const url = button.dataset.thumbnail;
  const img = button.querySelector("img");
  if (!url || button.placeholderLoad || (img && img.complete && img.naturalWidth > 0)) return button.placeholderLoad;
  const stem = url.slice(url.lastIndexOf("/") + 1);
  button.placeholderLoad = new Promise((settle) => {
    const placeholder = new Image();
    placeholder.onload = () => {
      if (placeholder.naturalWidth > 0) {
        button.style.backgroundImage = `url("${placeholder.src}")`;
        button.dataset.placeholder = "shown";  // the test contract: what is on screen before the thumbnail
      }
      settle();
    };
    placeholder.onerror = () => settle();
    placeholder.src = `api/v1/placeholders/${stem}`;
  });
  return button.placeholderLoad;
}

/** Gives `button` its thumbnail image if it has none yet: a promise settled when it has loaded or has
 *  been given up on (nothing when there is nothing to load). */
function attachThumbnail(button) {
  const url = button.dataset.thumbnail;
  if (!url || button.querySelector("img") || button.thumbnailLoad) return button.thumbnailLoad;
  button.thumbnailLoad = new Promise((settle) => loadThumbnail(button, url, 0, null, settle));
  return button.thumbnailLoad;
}

function makeCell(cell) {
  const button = document.createElement("button");
  button.className = "cell";
  button.dataset.index = cell.index;
  button.dataset.id = cell.id;
  button.setAttribute("aria-label", cell.path || `Photo ${cell.index + 1}`);
  if (cell.thumbnail) {
    button.dataset.thumbnail = cell.thumbnail;  // attached by loadThumbnails: visible cells first
  } else {
    button.classList.add("broken");
  }
  if (cell.media === "live") button.setAttribute("aria-label", `${button.getAttribute("aria-label")}, Live Photo`);
  if (cell.media === "video") {
    // The duration in the corner, as the Photos app draws it (bottom right); it moves no frame.
    const badge = document.createElement("span");
    badge.className = "duration";
    badge.textContent = cell.duration != null ? formatDuration(cell.duration) : "▶";
    button.appendChild(badge);
    button.setAttribute("aria-label", `${button.getAttribute("aria-label")}, video${cell.duration != null ? ", " + badge.textContent : ""}`);
  }
  button.addEventListener("click", () => open(cell.index));
  return button;
}

/** A video's duration as the Photos app shows it: 0:07, 1:05, 1:02:03. */
function formatDuration(seconds) {
  const total = Math.round(seconds);
  const h = Math.floor(total / 3600), m = Math.floor((total % 3600) / 60), s = total % 60;
  const ss = String(s).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${ss}` : `${m}:${ss}`;
}

/** Loads a cell's thumbnail when a slot is free (`thumbnailSlots`), into a new image element (in place
 *  of `failed`, the one that was not ready). One that is not ready (made on demand while the server is
 *  busy, or of a photo the first index run is still recording) is asked for again, sooner then later
 *  (0.25 s doubling to 8 s, ten times in all), by a new image element (the same URL on the same element
 *  is not loaded again): no tile stays grey while its thumbnail can still come. */
function loadThumbnail(button, url, attempt, failed, settle) {
  thumbnailSlots.take(button, () => {
    // A cell scrolled away (or redrawn) before its turn is not loaded: its slot goes to the next.
    if (!button.isConnected || (failed && failed.parentNode !== button)) { thumbnailSlots.release(); settle(); return; }
    const img = document.createElement("img");
    img.alt = "";
    img.decoding = "async";
    // The slot is given back once: when the load ends, or after 20 s whatever becomes of it.
    let held = true;
    const release = () => { if (held) { held = false; clearTimeout(timer); thumbnailSlots.release(); } };
    const timer = setTimeout(release, 20000);
    img.onload = () => { release(); button.classList.remove("broken"); settle(); };
    img.onerror = () => {
      release();
      if (attempt >= 9) { button.classList.add("broken"); settle(); return; }
      setTimeout(() => {
        if (button.isConnected && img.parentNode === button) loadThumbnail(button, url, attempt + 1, img, settle);
        else settle();
      }, Math.min(8000, 250 * 2 ** attempt));
    };
    img.src = url;
    if (failed) failed.replaceWith(img); else button.appendChild(img);
  });
}

/** Section headers at their natural frames, and the pinned one at the top (docs/layout-spec.md §10:
 *  the last section whose header starts at or above the offset, held at the top until its last row's
 *  bottom pushes it up; SectionedPhotoGrid.pinnedHeader). */
function drawHeaders(doc, y) {
  for (const element of state.headers) element.remove();
  state.headers = [];
  if (!doc.sections || doc.sections.length === 0) return;
  const sections = [...doc.sections].sort((a, b) => a.index - b.index);
  let pinned = null;
  for (const section of sections) if (section.header.y <= y) pinned = section;
  for (const section of sections) {
    if (section === pinned) continue;
    const f = section.header;
    state.headers.push(makeHeader(section.label ?? section.title, f.x, f.y - y, f.width, f.height, false));
  }
  if (pinned) {
    const f = pinned.header;
    const last = pinned.start + pinned.count - 1;
    let bottom = Infinity;
    if (doc.cells.some((c) => c.index === last)) {
      bottom = Math.max(...doc.cells.filter((c) => c.section === pinned.index).map((c) => c.frame.y + c.frame.height));
    }
    const top = Math.min(Math.max(f.y, y), bottom - f.height);
    state.headers.push(makeHeader(pinned.label ?? pinned.title, f.x, top - y, f.width, f.height, true));
  }
  for (const element of state.headers) stage.appendChild(element);
}

function makeHeader(title, x, y, width, height, pinned) {
  const element = document.createElement("div");
  element.className = pinned ? "header pinned" : "header";
  element.textContent = title;
  element.style.width = `${width}px`;
  element.style.height = `${height}px`;
  element.style.transform = `translate(${x}px, ${y}px)`;
  return element;
}

/** Reads the window's size; a change of width re-lays out, keeping the photo at the top of the screen there. */
async function measure() {
  const width = document.documentElement.clientWidth, height = window.innerHeight;
  const scale = window.devicePixelRatio || 1;
  if (!(rowHeight > 0)) rowHeight = width < 600 ? 100 : 235;  // the API's default (JustifiedRequest.defaultRowHeight)
  if (width === state.width && height === state.height && scale === state.scale) return;
  const anchor = topCell();
  state.width = width; state.height = height; state.scale = scale;
  await relayout(anchor);
}

/** Lays the grid out anew (another width, arrangement or row height), the photo `anchor` (topCell) kept
 *  where it was on the screen. */
async function relayout(anchor) {
  state.doc = null;
  if (anchor) {
    // Where the anchor photo's cell is at the new width: the detail document names any cell's frame.
    const at = await api(`detail/${anchor.index}`, { ...viewportParams(0), progress: 0 }).catch(() => null);
    if (at) { await scrollToOffset(Math.max(0, at.cell.y - anchor.delta)); return; }
  }
  await showOffset(state.offset, { force: true });
}

/** The photos from the top of the screen down, the top one first, and how far below the top each starts:
 *  where the grid is, said by photo (in a grid with other photos in it the indices are others). */
function topPhotos() {
  if (!state.doc) return [];
  return state.doc.cells.filter((c) => c.frame.y + c.frame.height > state.offset)
    .sort((a, b) => a.frame.y - b.frame.y || a.frame.x - b.frame.x)
    .map((c) => ({ id: c.id, delta: c.frame.y - state.offset }));
}

/** Lays out a grid with other photos in it (copies hidden, or shown again: `down`, the way photos move),
 *  keeping the first of `anchors` (topPhotos) that it still has where it was on the screen: looked for by
 *  id a screen or so around where it was, then as far down the new grid as the screen was down the old
 *  one; not found there, the screen stays that far down. */
async function relayoutByPhoto(anchors, down) {
  const offset = state.offset, content = state.map.content, h = state.height;
  state.request?.abort();  // a window of the grid as it was
  state.doc = null;
  const find = (doc) => {
    const cells = new Map(doc.cells.map((c) => [c.id, c]));
    for (const anchor of anchors) {
      const cell = cells.get(anchor.id);
      if (cell) return cell.frame.y - anchor.delta;
    }
    return null;
  };
  let y = null;
  const near = await api("layout", { ...viewportParams(offset - (down ? h : 3 * h)), height: 5 * h }).catch(() => null);
  if (near) y = find(near);
  if (near && y === null && offset > 0 && content > 0) {
    const guess = offset * near.grid.contentHeight / content;
    const far = await api("layout", { ...viewportParams(guess - 2 * h), height: 5 * h }).catch(() => null);
    y = (far && find(far)) ?? guess;
  }
  await scrollToOffset(Math.max(0, y ?? offset));
}

/** The first cell at the top of the screen and how far below the top its frame starts. */
function topCell() {
  if (!state.doc) return null;
  let best = null;
  for (const cell of state.doc.cells) {
    const f = cell.frame;
    if (f.y + f.height > state.offset && (!best || f.y < best.frame.y || (f.y === best.frame.y && f.x < best.frame.x))) best = cell;
  }
  return best ? { index: best.index, delta: best.frame.y - state.offset } : null;
}

/** Scrolls to content offset `y` and resolves once the cells there are drawn. */
async function scrollToOffset(y) {
  if (!state.doc) await showOffset(Math.max(0, y), { force: true });  // the content's height to clamp to
  const max = Math.max(0, state.map.content - state.height);
  const target = Math.min(Math.max(0, y), max);
  state.offset = target;
  const top = state.map.scrollTop(target);
  if (Math.abs(window.scrollY - top) >= 0.5) state.ownScroll = top;
  window.scrollTo(0, top);
  await showOffset(target, { force: true });
  while (state.request) await state.pending;  // a newer window was asked for meanwhile
}

let scrollTimer = 0;
window.addEventListener("scroll", () => {
  // The event of scrollToOffset's own scroll asks for nothing: the offset is set already (exactly,
  // where the scroll position is rounded to a device pixel of a mapped range).
  if (state.ownScroll !== null && Math.abs(window.scrollY - state.ownScroll) < 1) { state.ownScroll = null; return; }
  state.ownScroll = null;
  const y = state.map.offset(window.scrollY);
  state.offset = y;
  draw();
  clearTimeout(scrollTimer);
  scrollTimer = setTimeout(() => showOffset(state.map.offset(window.scrollY)), 40);
}, { passive: true });
window.addEventListener("resize", () => { measure(); });

// MARK: The detail view

/** Opens photo `index` with the zoom transition (held at `progress` when given: a test hook). */
async function open(index, { progress } = {}) {
  const doc = await api(`detail/${index}`, { ...viewportParams(state.offset), progress: 1 });
  const cellImage = state.cells.get(index)?.querySelector("img");
  detailImage.src = cellImage?.currentSrc || doc.thumbnail || "";
  if (doc.thumbnail) {
    const full = new Image();
    full.onload = () => { if (state.open?.index === index) detailImage.src = doc.thumbnail; };
    full.src = doc.thumbnail;
  }
  state.open = { index, doc, progress: 0, justified: arrangement === "justified" };
  detailView.hidden = false;
  bar.hide();
  media.hide();
  const name = (doc.path ?? "").split("/").pop();
  if (progress !== undefined) {
    setProgress(progress);
    if (progress === 1) { bar.show(index, state.doc?.grid.count ?? 0, doc, hiddenCount()); media.show(doc, doc.id, name); }
    return;
  }
  await animate(0, 1);
  if (state.open?.index !== index) return;
  bar.show(index, state.doc?.grid.count ?? 0, doc, hiddenCount());
  media.show(doc, doc.id, name);
  detailImage.focus?.();
}

/** The previous (−1) or next (+1) photo of the open one, if there is one. */
function step(delta) {
  const count = state.doc?.grid.count ?? 0;
  const index = (state.open?.index ?? -1) + delta;
  if (state.open && index >= 0 && index < count) open(index, { progress: 1 });
}

/** Closes the detail view with the transition back to the cell, scrolling the grid first when the cell is off screen. */
async function close({ from } = {}) {
  const open = state.open;
  if (!open) return;
  let doc = open.doc;
  const cell = doc.cell;
  if (cell.y + cell.height <= 0 || cell.y >= state.height) {
    await scrollToOffset(state.offset + cell.y - (state.height - cell.height) / 2);
    doc = await api(`detail/${open.index}`, { ...viewportParams(state.offset), progress: 1 });
    open.doc = doc;
  }
  bar.hide();
  media.hide();
  await animate(open.progress, 0, from);
  detailView.hidden = true;
  stage.style.opacity = "";
  state.open = null;
  state.cells.get(open.index)?.focus({ preventScroll: true });
}

function setProgress(p, from) {
  const open = state.open;
  open.progress = p;
  const doc = open.doc;
  const source = doc.source, detail = from ? mixRect(doc.source, from, p) : doc.detail;
  // A justified cell is not a square: the mask starts as the cell (the detail document's `cell`).
  const startMask = open.justified ? doc.cell : null;
  const frame = from ? { image: detail, mask: detail } : transitionFrame(source, detail, p, startMask);
  place(frame.image, frame.mask);
  backdrop.style.opacity = String(from ? p * (1 - from.gridOpacity) : p);
}

function mixRect(a, b, p) {
  return { x: a.x + (b.x - a.x) * p, y: a.y + (b.y - a.y) * p, width: a.width + (b.width - a.width) * p, height: a.height + (b.height - a.height) * p };
}

function place(image, square) {
  mask.style.transform = `translate(${square.x}px, ${square.y}px)`;
  mask.style.width = `${square.width}px`;
  mask.style.height = `${square.height}px`;
  detailImage.style.transform = `translate(${image.x - square.x}px, ${image.y - square.y}px)`;
  detailImage.style.width = `${image.width}px`;
  detailImage.style.height = `${image.height}px`;
  media.follow();
}

function animate(from, to, dragged) {
  const duration = 320;
  return new Promise((resolve) => {
    const start = performance.now();
    const step = (now) => {
      const t = Math.min(1, (now - start) / duration);
      const eased = 1 - Math.pow(1 - t, 3);
      if (!state.open) return resolve();
      setProgress(from + (to - from) * eased, dragged);
      if (t < 1) requestAnimationFrame(step); else resolve();
    };
    requestAnimationFrame(step);
  });
}

backdrop.addEventListener("click", () => close());
window.addEventListener("keydown", (event) => {
  if (!state.open) return;
  if (event.key === "Escape") { event.preventDefault(); close(); }
  if (event.key === "ArrowRight") { event.preventDefault(); step(1); }
  if (event.key === "ArrowLeft") { event.preventDefault(); step(-1); }
});

// Drag to dismiss: the image follows the pointer, scaled; released moving down, it closes.
let drag = null;
mask.addEventListener("pointerdown", (event) => {
  if (!state.open || state.open.progress < 1 || media.ownsPointer(event)) return;
  mask.setPointerCapture(event.pointerId);
  drag = { x: event.clientX, y: event.clientY, samples: [{ t: event.timeStamp, y: 0 }], tx: 0, ty: 0 };
});
mask.addEventListener("pointermove", (event) => {
  if (!drag) return;
  drag.tx = event.clientX - drag.x; drag.ty = event.clientY - drag.y;
  drag.samples.push({ t: event.timeStamp, y: drag.ty });
  if (drag.samples.length > 8) drag.samples.shift();
  const rect = draggedRect(state.open.doc.detail, drag.tx, drag.ty);
  place(rect, rect);
  const gridOpacity = Math.min(1, dragGridOpacity(drag.ty));
  backdrop.style.opacity = String(1 - gridOpacity);
});
mask.addEventListener("pointerup", (event) => {
  if (!drag) return;
  // The model's velocity (GridLayout's DragSample.velocity(of:)): from the last two samples only.
  const n = drag.samples.length;
  const previous = drag.samples[Math.max(0, n - 2)], last = drag.samples[n - 1];
  const dt = (last.t - previous.t) / 1000;
  const velocity = n >= 2 && dt !== 0 ? (last.y - previous.y) / dt : 0;
  const rect = draggedRect(state.open.doc.detail, drag.tx, drag.ty);
  const gridOpacity = Math.min(1, dragGridOpacity(drag.ty));
  drag = null;
  if (shouldClose(velocity)) {
    close({ from: { ...rect, gridOpacity } });
  } else {
    place(state.open.doc.detail, state.open.doc.detail);
    backdrop.style.opacity = "1";
  }
});

// MARK: Pinch between zoom levels (ctrl + wheel, a trackpad's pinch): the photo under the pointer stays
// under it (docs/layout-spec.md §10.3, through /api/v1/zoom).

/** The zoom levels, fewest columns first; the API's default grid is the second. In justified rows the
 *  levels are row heights (ROW_HEIGHTS), tallest first. */
const ZOOM_LEVELS = ["adaptive:180/3", "adaptive:100/3", "adaptive:60/3", "adaptive:40/2"];
let zoomLevel = Math.max(0, ZOOM_LEVELS.indexOf(options.columns ?? "adaptive:100/3"));
let wheelDelta = 0, zooming = false;

/** The level of the row height shown: its step, or the nearest step to one the address gave. */
function rowLevel() {
  let best = 0;
  for (let k = 1; k < ROW_HEIGHTS.length; k++) if (Math.abs(ROW_HEIGHTS[k] - rowHeight) < Math.abs(ROW_HEIGHTS[best] - rowHeight)) best = k;
  return best;
}

window.addEventListener("wheel", (event) => {
  if (!event.ctrlKey || state.open || duplicates.isOpen) return;
  event.preventDefault();
  wheelDelta += event.deltaY;
  if (zooming || Math.abs(wheelDelta) < 40) return;
  const justified = arrangement === "justified";
  const current = justified ? rowLevel() : zoomLevel;
  let next = current + (wheelDelta > 0 ? 1 : -1);
  // A row height off the steps (from the address) goes to the nearest step the pinch's way first.
  if (justified && ROW_HEIGHTS[current] !== rowHeight && (wheelDelta > 0) === (ROW_HEIGHTS[current] < rowHeight)) next = current;
  wheelDelta = 0;
  if (next < 0 || next >= (justified ? ROW_HEIGHTS.length : ZOOM_LEVELS.length)) return;
  zoomTo(next, event.clientX, event.clientY);
}, { passive: false });

/** Changes the columns (justified rows: the row height) to zoom level `level` about the viewport point (x, y). */
async function zoomTo(level, x, y) {
  zooming = true;
  try {
    if (arrangement === "justified") {
      // zoom pinches between two row heights given as from and to (no rowHeight beside them).
      const zoom = await api("zoom", { ...viewportParams(state.offset), rowHeight: undefined, from: rowHeight, to: ROW_HEIGHTS[level], at: `${x},${y}` });
      rowHeight = ROW_HEIGHTS[level];
      await showZoomed(zoom);
      return;
    }
    const zoom = await api("zoom", { ...viewportParams(state.offset), from: ZOOM_LEVELS[zoomLevel], to: ZOOM_LEVELS[level], at: `${x},${y}` });
    zoomLevel = level;
    options.columns = ZOOM_LEVELS[level];
    await showZoomed(zoom);
  } catch (error) {
    status.failed(String(error.message || error));
  } finally {
    zooming = false;
  }
}

/** Shows the grid after a zoom at the offset the zoom document gives. */
async function showZoomed(zoom) {
  state.doc = null;
  for (const element of state.cells.values()) element.remove();
  state.cells.clear();
  resizeScrollRange(zoom.layout.grid.contentHeight);
  await scrollToOffset(zoom.offset);
}

// MARK: The arrangement control

const arrangementButton = document.getElementById("arrangement");

function showArrangement() {
  const justified = arrangement === "justified";
  arrangementButton.setAttribute("aria-pressed", String(justified));
  arrangementButton.title = justified ? "Show the square grid" : "Show every photo at its aspect ratio";
  stage.classList.toggle("justified", justified);
}

/** Shows the grid as `next` ("square" or "justified"), remembered on this browser; the photo at the top
 *  of the screen stays there. */
async function setArrangement(next) {
  if (!ARRANGEMENTS.includes(next) || next === arrangement) return;
  const anchor = topCell();
  arrangement = next;
  try { localStorage.setItem(ARRANGEMENT_KEY, next); } catch { /* private mode: not remembered */ }
  if (query.has("arrangement")) {  // the address says what is shown
    query.set("arrangement", next);
    const address = new URLSearchParams(location.search);  // as it is now (a view may have come and gone)
    address.set("arrangement", next);
    history.replaceState(history.state, "", `${location.pathname}?${address}${location.hash}`);
  }
  showArrangement();
  for (const element of state.cells.values()) element.remove();
  state.cells.clear();
  await relayout(anchor);
}

arrangementButton.addEventListener("click", () => {
  if (!state.open) setArrangement(arrangement === "justified" ? "square" : "justified");
});
showArrangement();

// MARK: Hide Duplicates

const hideButton = document.getElementById("hide-copies");

/** How many copies the grid shown leaves out (null: not known yet). */
function hiddenCount() {
  if (!hideCopies) return 0;
  if (libraryCount === null || !state.doc) return null;
  return Math.max(0, libraryCount - state.doc.grid.count);
}

function showHidden() {
  status.setHidden(hiddenCount() ?? 0);
}

function showHideCopies() {
  hideButton.setAttribute("aria-pressed", String(hideCopies));
  hideButton.title = hideCopies ? "Show every copy" : "Leave out the copies Duplicates would not keep";
}

/** Hides the copies Duplicates does not keep (or shows them again), remembered on this browser; the
 *  photo at the top of the screen stays there (the next one the grid has, when it was a copy). */
async function setHideCopies(on) {
  if (on === hideCopies) return;
  const anchors = topPhotos();
  hideCopies = on;
  try { localStorage.setItem(HIDE_KEY, on ? "copies" : "none"); } catch { /* private mode: not remembered */ }
  if (query.has("hide")) {  // the address says what is shown: ?hide=copies, or nothing
    const address = new URLSearchParams(location.search);
    if (on) { query.set("hide", "copies"); address.set("hide", "copies"); } else { query.delete("hide"); address.delete("hide"); }
    const search = address.toString();
    history.replaceState(history.state, "", `${location.pathname}${search ? "?" + search : ""}${location.hash}`);
  }
  showHideCopies();
  showHidden();
  await relayoutByPhoto(anchors, !on);
}

hideButton.addEventListener("click", () => {
  if (!state.open) setHideCopies(!hideCopies);
});
showHideCopies();

// MARK: The menu and the Duplicates view

const menuButton = document.getElementById("menu-button");
new Menu(menuButton, document.getElementById("menu"));
const duplicates = new DuplicatesView({
  background: [stage, document.getElementById("controls"), document.getElementById("status")],
  returnFocus: () => menuButton,
  // The view may have found copies (while it says Comparing…, more with each poll): a grid hiding them
  // is laid out once more when it closes.
  closed: () => { if (hideCopies && !state.open) relayoutByPhoto(topPhotos(), false); },
});
document.getElementById("show-duplicates").addEventListener("click", () => { if (!state.open) duplicates.open(); });

// MARK: Live updates

/** Follows the server's events: the status line, and the grid as an index run's batches land (at most
 *  once a second while it runs, and once more when the grid's count changes). */
function listen() {
  const events = new EventSource("api/v1/events");
  let lastRefresh = 0;
  events.addEventListener("index", (event) => {
    const run = JSON.parse(event.data);
    status.indexEvent(run);
    if (run.phase === "done" || run.phase === "failed") draw();  // the cells off screen may load now
    const now = performance.now();
    // While the screen is not full yet, every batch is shown as it lands (events come at most ten a
    // second); after that, at most once a second.
    const screenFull = state.doc && state.doc.grid.contentHeight >= state.offset + state.height;
    if (run.phase === "indexing" && (!screenFull || now - lastRefresh >= 1000) && !state.open) {
      lastRefresh = now;
      showOffset(state.offset, { force: true });
    }
  });
  events.addEventListener("library", (event) => {
    const { count } = JSON.parse(event.data);
    // The event counts the whole grid: a grid without copies changed when that count did.
    const changed = hideCopies ? libraryCount !== null && count !== libraryCount : count !== state.doc?.grid.count;
    libraryCount = count;
    if (state.doc && changed) showOffset(state.offset, { force: true });
    showHidden();
    status.refresh();
  });
}

// MARK: The test contract (docs/serve.md, "The web gallery"): every cell has data-index; the detail image and
// mask have data-detail-image and data-detail-mask.
window.photogrid = {
  scrollToOffset,
  open: (index, options) => open(index, options),
  close: () => close(),
  setArrangement: (next) => setArrangement(next),
  setHideCopies: (on) => setHideCopies(on),
  openDuplicates: () => duplicates.open(),
  closeDuplicates: () => duplicates.close(),
  state: () => ({ view: duplicates.isOpen ? "duplicates" : "grid", arrangement, hide: hideCopies ? "copies" : null, rowHeight: arrangement === "justified" ? rowHeight : null, width: state.width, height: state.height, scale: state.scale, offset: state.offset,
                  contentHeight: state.doc?.grid.contentHeight ?? 0, count: state.doc?.grid.count ?? 0,
                  columns: arrangement === "justified" ? null : options.columns ?? "adaptive:100/3", zooming }),
  ready: null,
};

window.photogrid.ready = (async () => {
  await measure();
  if (!state.doc) await showOffset(0, { force: true });
  status.refresh();
  listen();
})();
