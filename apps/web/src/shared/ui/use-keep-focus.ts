/**
 * Keeps the keyboard focus in place across a save that rests the controls
 * sending it. A browser drops the focus of a control that becomes disabled
 * to the page itself, and a keyboard user would start again at its top after
 * every change. The control inside the container that had the focus when the
 * save began gets it back once the save is over; when that control is gone
 * (its row was deleted), the `fallback` gets it, by default the container
 * itself (the list; focusable with a `tabIndex` of -1).
 *
 * Focus that the user moved elsewhere meanwhile stays where it is: only a
 * focus left on the page itself is brought back.
 */
import { useEffect, useRef, type RefObject } from 'react';

const focusLost = (): boolean =>
  document.activeElement === null || document.activeElement === document.body;

export function useKeepFocus<C extends HTMLElement = HTMLElement>(
  busy: boolean,
  options: {
    /** What gets the focus when its control is gone; the container by default. */
    fallback?: RefObject<HTMLElement | null>;
  } = {},
): RefObject<C | null> {
  const containerRef = useRef<C | null>(null);
  const { fallback } = options;
  /** The control inside the container that had the focus last, while it still may. */
  const lastRef = useRef<HTMLElement | null>(null);
  /** The control to give the focus back to when the save is over. */
  const pendingRef = useRef<HTMLElement | null>(null);
  const busyBefore = useRef(false);

  useEffect(() => {
    const inside = (node: unknown): node is HTMLElement =>
      node instanceof HTMLElement && containerRef.current?.contains(node) === true;
    const onFocusIn = (event: FocusEvent) => {
      if (inside(event.target)) lastRef.current = event.target;
    };
    // Focus moved to something outside is the user's choice; a focus dropped
    // to the page (no relatedTarget) may be the browser's, when disabling.
    const onFocusOut = (event: FocusEvent) => {
      if (event.relatedTarget instanceof Node && !inside(event.relatedTarget)) {
        lastRef.current = null;
      }
    };
    document.addEventListener('focusin', onFocusIn);
    document.addEventListener('focusout', onFocusOut);
    return () => {
      document.removeEventListener('focusin', onFocusIn);
      document.removeEventListener('focusout', onFocusOut);
    };
  }, []);

  useEffect(() => {
    const was = busyBefore.current;
    busyBefore.current = busy;
    if (busy && !was) {
      const active = document.activeElement;
      const container = containerRef.current;
      pendingRef.current =
        active instanceof HTMLElement && container?.contains(active)
          ? active
          : focusLost()
            ? lastRef.current
            : null;
      return;
    }
    if (busy || !was) return;
    const pending = pendingRef.current;
    pendingRef.current = null;
    if (!pending || !focusLost()) return;
    const target =
      pending.isConnected && !pending.matches(':disabled')
        ? pending
        : (fallback ?? containerRef).current;
    // Back where the user was without moving the page; a fallback is brought into view.
    target?.focus({ preventScroll: target === pending });
  }, [busy, fallback]);

  return containerRef;
}
