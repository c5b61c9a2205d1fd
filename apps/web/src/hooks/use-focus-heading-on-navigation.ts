import { useEffect, useRef, useState, type RefObject } from "react";
import { useLocation } from "react-router";

/** How long a new page may take to show its heading (its bundle and first data) before focus is left alone. */
const WAIT_FOR_HEADING_MS = 10_000;

let focusOnShellsFirstPage = false;

/**
 * Asks the shell's first page to take the focus on its heading too: the way in after signing in (the login screen
 * is outside the shell, so that page is not the document's first load). A module flag, not navigation state, so a
 * reload of the page afterwards leaves the focus alone as on any first load.
 */
export function focusHeadingAfterSignIn(): void {
  focusOnShellsFirstPage = true;
}

/**
 * After each change of page (not the first load, nor a change of query string such as a tab), moves focus to the
 * new page's h1 inside `container`, so a keyboard or screen-reader user starts reading the page they opened
 * instead of staying on the menu link or on <body> (WCAG 2.4.3). The h1 may appear after the page's lazy bundle
 * loads: until it does, the DOM is watched. A heading needs tabIndex={-1} (PageHeader has it).
 */
export function useFocusHeadingOnNavigation(container: RefObject<HTMLElement | null>) {
  const { pathname } = useLocation();
  const [afterSignIn] = useState(() => focusOnShellsFirstPage);
  const previous = useRef(afterSignIn ? null : pathname);
  useEffect(() => {
    focusOnShellsFirstPage = false;
  }, []);

  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    const root = container.current;
    if (!root) return;

    const focusHeading = () => {
      const heading = root.querySelector<HTMLElement>("h1");
      if (!heading) return false;
      if (!heading.hasAttribute("tabindex")) heading.tabIndex = -1;
      heading.focus({ preventScroll: true });
      return true;
    };
    if (focusHeading()) return;
    const observer = new MutationObserver(() => {
      if (focusHeading()) observer.disconnect();
    });
    observer.observe(root, { childList: true, subtree: true });
    const timeout = window.setTimeout(() => observer.disconnect(), WAIT_FOR_HEADING_MS);
    return () => {
      observer.disconnect();
      window.clearTimeout(timeout);
    };
  }, [pathname, container]);
}
