/**
 * jsdom does no layout, but ProseMirror (the rich-text editor) measures the selection to scroll it
 * into view. Call in `beforeAll` of tests that render the editor.
 */
export const stubLayoutForEditor = (): void => {
  const rect = (): DOMRect => new DOMRect(0, 0, 0, 0);
  const rects = (): DOMRectList =>
    Object.assign([] as DOMRect[], { item: () => null }) as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect = rect;
  Range.prototype.getClientRects = rects;
  if (!('elementFromPoint' in document)) {
    Object.assign(document, { elementFromPoint: () => null });
  }
};
