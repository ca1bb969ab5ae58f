// The geometry the page computes itself, as the gallery model defines it (docs/layout-spec.md):
// the zoom transition between a cell and the detail view, drag-to-dismiss, and the mapping of a
// content height taller than a browser allows onto a scroll range it does allow.

/** Linear interpolation of a and b at p. */
const mix = (a, b, p) => a + (b - a) * p;

/** The zoom transition at progress p (0 = the cell's fill rect, 1 = the detail fit rect): the image
 *  rect, the square mask centred on it (from the source's shorter side to the detail's longer one), and
 *  their intersection (GridLayout's ZoomTransition.frame(at:)). `startMask`, a cell that is not a square
 *  (justified rows): the mask starts as the cell, each side growing on its own to the detail's longer side. */
export function transitionFrame(source, detail, p, startMask = null) {
  const image = {
    x: mix(source.x, detail.x, p), y: mix(source.y, detail.y, p),
    width: mix(source.width, detail.width, p), height: mix(source.height, detail.height, p),
  };
  const startSide = Math.min(source.width, source.height), endSide = Math.max(detail.width, detail.height);
  const width = mix(startMask ? startMask.width : startSide, endSide, p);
  const height = mix(startMask ? startMask.height : startSide, endSide, p);
  const cx = image.x + image.width / 2, cy = image.y + image.height / 2;
  const mask = { x: cx - width / 2, y: cy - height / 2, width, height };
  return { image, mask };
}

/** Drag-to-dismiss (GridLayout's DragToDismiss): the scale and the grid's opacity for a translation. */
export function dragScale(ty) { return ty > 0 ? 1 - ty / 1000 : 1; }
export function dragGridOpacity(ty) { return ty > 0 ? ty / 1000 * 1.3 : 0; }

/** Where the dragged detail image is drawn: offset by the translation, scaled about its centre. */
export function draggedRect(detail, tx, ty) {
  const s = dragScale(ty);
  const cx = detail.x + detail.width / 2 + s * tx, cy = detail.y + detail.height / 2 + s * ty;
  return { x: cx - detail.width * s / 2, y: cy - detail.height * s / 2, width: detail.width * s, height: detail.height * s };
}

/** A drag closes when it is moving down as it is released (DragToDismiss.release: velocity.y > 0). */
export function shouldClose(velocityY) { return velocityY > 0; }

/** The tallest scroll range the page uses: browsers cap an element's height near 2^25 px. */
export const SCROLL_CAP = 8_000_000;

/** Maps between the scroll position and the content offset, so that the scroll range's end is the
 *  content's end however tall the content is (one to one while it fits under the cap). */
export class ScrollMap {
  constructor(contentHeight, viewportHeight) {
    this.content = Math.max(contentHeight, viewportHeight);
    this.viewport = viewportHeight;
    this.range = Math.min(this.content, SCROLL_CAP);
    const contentTravel = this.content - viewportHeight, scrollTravel = this.range - viewportHeight;
    this.factor = scrollTravel > 0 ? contentTravel / scrollTravel : 1;
  }
  offset(scrollTop) { return scrollTop * this.factor; }
  scrollTop(offset) { return offset / this.factor; }
}
