import { useCallback, useLayoutEffect, useRef, type RefCallback } from "react";

/**
 * Escape closes the top layer only, even the moment a modal opens from another one.
 *
 * Radix decides whether a layer takes Escape from that layer's last render, and a modal opened from another one is
 * learnt of by the one below only a render later (radix-ui/primitives#4143). An Escape pressed in that moment, say
 * Enter on a photo and Escape at once, reached the modal below: it closed, and the one above with it, since the
 * upper one lives inside it. Here the modal below looks at the page itself when the key comes: a modal opened after
 * it (portalled modals follow one another in the body in the order they opened) takes the key, and a list or menu
 * opened from it keeps it open.
 */

/** How to close each modal on the page, by its content element, as its own Escape would. */
const closers = new Map<Element, () => void>();

export interface ModalLayer {
  /** For the modal's content element (Radix `Content`). */
  ref: RefCallback<HTMLElement>;
  /** For the content's `onEscapeKeyDown`: keeps an Escape meant for a layer above from closing this one. */
  onEscapeKeyDown: (event: KeyboardEvent) => void;
}

/** `close` closes this modal as its own Escape would (the caller's rules apply: a busy confirmation stays). */
export function useModalLayer(close: () => void): ModalLayer {
  const closeRef = useRef(close);
  useLayoutEffect(() => {
    closeRef.current = close;
  });
  const elementRef = useRef<HTMLElement | null>(null);

  // Radix may detach and attach the ref again on a render of the same element: each attachment is undone alone.
  const ref = useCallback<RefCallback<HTMLElement>>((element) => {
    if (!element) return;
    const closeThis = () => closeRef.current();
    closers.set(element, closeThis);
    elementRef.current = element;
    return () => {
      if (closers.get(element) === closeThis) closers.delete(element);
      if (elementRef.current === element) elementRef.current = null;
    };
  }, []);

  const onEscapeKeyDown = useCallback((event: KeyboardEvent) => {
    const self = elementRef.current;
    if (!self) return;
    const top = topModalAbove(self);
    if (top) {
      event.preventDefault();
      closers.get(top)?.();
      return;
    }
    const target = event.target;
    const list = target instanceof Element ? target.closest("[data-radix-popper-content-wrapper]") : null;
    // Pressed in a list or menu opened from this modal: that layer closes itself once Radix knows of it.
    if (list && !self.contains(list)) event.preventDefault();
  }, []);

  return { ref, onEscapeKeyDown };
}

/** The last modal put on the page after `self` and still open, if any. */
function topModalAbove(self: Element): Element | undefined {
  let top: Element | undefined;
  for (const element of closers.keys()) {
    if (element === self || !element.isConnected || self.contains(element)) continue;
    const after = self.compareDocumentPosition(element) & Node.DOCUMENT_POSITION_FOLLOWING;
    if (after && (!top || top.compareDocumentPosition(element) & Node.DOCUMENT_POSITION_FOLLOWING)) top = element;
  }
  return top;
}
