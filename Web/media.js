// Playback in the detail view: a video plays in a <video> over the detail image once the zoom transition
// has ended (the transition itself runs on the poster thumbnail, as for a photo); a Live Photo shows a LIVE
// badge and plays its movie while pressed and held (a touch, a pen, a mouse button) or, with a mouse,
// while hovered. The source is /api/v1/media/{id}: the server answers the Range requests a <video> makes.
// A video the browser cannot play (HEVC in most Chromium builds) keeps its poster, with a one-line notice
// and a download link.

const HOLD_MS = 250;        // press this long (without moving) to play a Live Photo
const MOVE_TOLERANCE = 8;   // a press that moves further is a drag (to dismiss), not a hold

export class DetailMedia {
  constructor(view, mask, image) {
    this.mask = mask;
    this.image = image;
    this.video = document.createElement("video");
    this.video.className = "detail-video";
    this.video.playsInline = true;
    this.video.preload = "metadata";
    this.video.hidden = true;
    mask.appendChild(this.video);
    this.badge = document.createElement("span");
    this.badge.className = "live-badge";
    this.badge.textContent = "LIVE";
    this.badge.hidden = true;
    view.appendChild(this.badge);
    this.notice = document.createElement("p");
    this.notice.className = "media-notice";
    this.notice.hidden = true;
    view.appendChild(this.notice);
    this.item = null;       // { id, media, name } of the open item
    this.hold = null;       // { timer, x, y } while a Live Photo may be pressed and held

    this.video.addEventListener("error", () => {
      if (this.item?.media === "video") this.cannotPlay();
    });
    this.video.addEventListener("ended", () => { if (this.item?.media === "live") this.stopMotion(); });
    mask.addEventListener("pointerenter", (event) => { if (event.pointerType === "mouse" && event.buttons === 0) this.playMotion(); });
    mask.addEventListener("pointerleave", (event) => { if (event.pointerType === "mouse") this.stopMotion(); });
    mask.addEventListener("pointerdown", (event) => {
      if (this.item?.media !== "live") return;
      this.hold = { x: event.clientX, y: event.clientY, timer: setTimeout(() => this.playMotion({ sound: true }), HOLD_MS) };
    });
    mask.addEventListener("pointermove", (event) => {
      if (this.hold && Math.hypot(event.clientX - this.hold.x, event.clientY - this.hold.y) > MOVE_TOLERANCE) this.endHold();
    });
    for (const type of ["pointerup", "pointercancel"]) {
      mask.addEventListener(type, (event) => {
        this.endHold();
        if (event.pointerType !== "mouse" && this.item?.media === "live") this.stopMotion();
      });
    }
  }

  /** Shows what the detail document `doc` of item `id` plays; `name` is its file's name (the download's). */
  show(doc, id, name) {
    this.hide();
    if (doc.media !== "video" && doc.media !== "live") return;
    this.item = { id, media: doc.media, name };
    this.video.src = `api/v1/media/${id}`;
    if (doc.media === "live") {
      this.badge.hidden = false;
      this.video.controls = false;
      this.video.muted = true;
      return;
    }
    this.video.controls = true;
    this.video.muted = false;
    this.video.hidden = false;
    // Opened by a click: the page may play with sound. A refusal (no user gesture) leaves the controls.
    this.video.play().catch(() => {});
  }

  /** Stops and forgets the open item's media (the detail view closes, moves on or is dragged). */
  hide() {
    this.endHold();
    this.item = null;
    this.video.pause();
    this.video.hidden = true;
    this.video.removeAttribute("src");
    this.video.load();
    this.badge.hidden = true;
    this.notice.hidden = true;
    this.notice.replaceChildren();
  }

  /** Places the video exactly where the detail image is (the same styles `place` gives the image). */
  follow() {
    for (const property of ["transform", "width", "height"]) this.video.style[property] = this.image.style[property];
  }

  /** Whether a press at `event` is the video's own (its controls): not a drag of the detail view. */
  ownsPointer(event) {
    if (this.item?.media !== "video" || this.video.hidden || event.target !== this.video) return false;
    const box = this.video.getBoundingClientRect();
    return event.clientY > box.bottom - 56;
  }

  playMotion({ sound = false } = {}) {
    if (this.item?.media !== "live") return;
    this.video.muted = !sound;
    this.video.currentTime = 0;
    this.video.hidden = false;
    this.video.play().catch(() => { this.video.muted = true; this.video.play().catch(() => {}); });
  }

  stopMotion() {
    if (this.item?.media !== "live") return;
    this.video.pause();
    this.video.hidden = true;
  }

  endHold() {
    if (this.hold) clearTimeout(this.hold.timer);
    this.hold = null;
  }

  cannotPlay() {
    this.video.hidden = true;
    const link = document.createElement("a");
    link.href = `api/v1/media/${this.item.id}`;
    link.download = this.item.name || "";
    link.textContent = "Download";
    this.notice.replaceChildren("This browser cannot play this video's format. ", link);
    this.notice.hidden = false;
  }
}
