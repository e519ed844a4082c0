/**
 * jsdom lays nothing out: every element has no client rects, so the focus trap of Chakra's
 * dialogs (zag's `isElementVisible`) finds nothing tabbable and parks focus on the dialog itself.
 * Importing this module gives every attached element outside a `hidden` subtree one empty rect,
 * so focus moves and Tab cycles as in a browser. Test files that check dialog focus import it.
 */
const jsdomClientRects = HTMLElement.prototype.getClientRects;

HTMLElement.prototype.getClientRects = function clientRects(this: HTMLElement) {
  if (!this.isConnected || this.closest('[hidden]') !== null) {
    return jsdomClientRects.call(this);
  }
  const rect = { x: 0, y: 0, width: 0, height: 0, top: 0, right: 0, bottom: 0, left: 0 };
  const rects = [{ ...rect, toJSON: () => rect }];
  return Object.assign(rects, {
    item: (index: number) => rects[index] ?? null,
  }) as unknown as DOMRectList;
};
