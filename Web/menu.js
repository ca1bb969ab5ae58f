// The gallery's menu, as the Photos app has it: a round "⋯" button over the grid's top right corner that
// opens a small list (the Aspect Ratio Grid and Hide Duplicates toggles, Duplicates). It moves no cell. A click or Enter, Space
// or ↓ opens it with the first item focused; ↑ ↓ Home End move between the items; Escape, a click
// outside or Tab away closes it (Escape gives the focus back to the button); choosing an item closes it.

export class Menu {
  /** `button` opens `list`, whose buttons are the items. */
  constructor(button, list) {
    this.button = button;
    this.list = list;
    button.addEventListener("click", () => { if (this.isOpen) this.close(); else this.open(); });
    button.addEventListener("keydown", (event) => {
      if (event.key === "ArrowDown" || event.key === "ArrowUp") {
        event.preventDefault();
        this.open(event.key === "ArrowUp" ? -1 : 0);
      }
    });
    list.addEventListener("keydown", (event) => {
      const items = this.items, at = items.indexOf(document.activeElement);
      const to = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: items.length - 1 }[event.key];
      if (to !== undefined) {
        event.preventDefault();
        items[(to + items.length) % items.length]?.focus();
      } else if (event.key === "Escape") {
        event.preventDefault();
        event.stopPropagation();
        this.close({ focus: true });
      }
    });
    // An item chosen closes the menu (its own click handler, run first, does the work); the focus goes
    // back to the button unless the item took it elsewhere (a view it opened).
    list.addEventListener("click", (event) => {
      if (event.target.closest("button")) this.close({ focus: list.contains(document.activeElement) });
    });
    document.addEventListener("pointerdown", (event) => {
      if (this.isOpen && !list.contains(event.target) && !button.contains(event.target)) this.close();
    });
    list.addEventListener("focusout", (event) => {
      if (this.isOpen && event.relatedTarget && !list.contains(event.relatedTarget) && event.relatedTarget !== button) this.close();
    });
  }

  get isOpen() { return !this.list.hidden; }

  get items() { return [...this.list.querySelectorAll("button:not([disabled])")]; }

  /** Opens the list, focusing item `focus` (−1: the last). */
  open(focus = 0) {
    this.list.hidden = false;
    this.button.setAttribute("aria-expanded", "true");
    const items = this.items;
    items[(focus + items.length) % items.length]?.focus();
  }

  close({ focus = false } = {}) {
    if (!this.isOpen) return;
    this.list.hidden = true;
    this.button.setAttribute("aria-expanded", "false");
    if (focus) this.button.focus();
  }
}
