import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "@playwright/test";
import type { AxeResults, RunOptions } from "axe-core";

/**
 * axe-core in the page under test. The source is evaluated through the DevTools protocol (page.evaluate), which
 * the page's Content-Security-Policy does not govern: the product keeps its policy (no inline scripts) in tests.
 */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/** WCAG 2.2 A and AA: axe's tags for each version's success criteria. */
export const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/**
 * axe rules outside those tags that name problems a screen-reader or voice-control user meets here: content
 * outside landmarks, skipped heading levels, and (experimental in axe) an accessible name that does not start
 * with the visible label (WCAG 2.5.3, which voice control relies on).
 */
const EXTRA_RULES = ["region", "heading-order", "label-content-name-mismatch", "landmark-one-main", "page-has-heading-one"];

const RUN_OPTIONS: RunOptions = {
  runOnly: { type: "tag", values: WCAG_TAGS },
  rules: Object.fromEntries(EXTRA_RULES.map((rule) => [rule, { enabled: true }])),
  resultTypes: ["violations"],
};

/** One failing element, in words a reader of the test report can act on. */
export interface AxeFinding {
  screen: string;
  rule: string;
  impact: string;
  help: string;
  target: string;
  summary: string;
}

/** Runs axe over the whole page (dialogs and toasts included) and returns its violations for `screen`. */
export async function axeFindings(page: Page, screen: string): Promise<AxeFinding[]> {
  // Contrast measured mid-fade means nothing: let what is moving (a toast sliding in after a resize) come to rest.
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== "running" || animation.effect?.getComputedTiming().iterations === Infinity),
  );
  const loaded = await page.evaluate(() => "axe" in window);
  if (!loaded) await page.evaluate(AXE_SOURCE);
  const results = await page.evaluate(
    (options) => (window as unknown as { axe: { run: (context: Document, options: unknown) => Promise<AxeResults> } }).axe.run(document, options),
    RUN_OPTIONS,
  );
  const listOpen = await page.evaluate(LIST_OPEN_OVER_PAGE);
  return results.violations
    .filter((violation) => !(listOpen && PAGE_READING_RULES.includes(violation.id)))
    .flatMap((violation) =>
      violation.nodes.filter((node) => !(violation.id === "region" && isFloatingLayer(node.target.map(String)))).map((node) => ({
        screen,
        rule: violation.id,
        impact: violation.impact ?? "",
        help: violation.help,
        target: node.target.map(String).join(" > "),
        summary: (node.failureSummary ?? "").replace(/\s+/g, " ").trim(),
      })),
    );
}

/**
 * Best-practice rules about reading the page itself (its h1, its landmarks, content inside them). While a select's
 * list is open, Radix hides the page on purpose (aria-hidden, and inert in our wrapper) until the list closes, so
 * these do not apply to that moment; each is checked in the states before and after. Every WCAG rule still applies.
 */
const PAGE_READING_RULES = ["region", "page-has-heading-one", "landmark-one-main"];

/** A Radix select's list is open and the page behind it is hidden (the moment PAGE_READING_RULES skip). */
const LIST_OPEN_OVER_PAGE = () =>
  document.querySelector('[data-radix-popper-content-wrapper] [role="listbox"]') !== null && document.querySelector('[data-aria-hidden="true"]') !== null;

/**
 * A menu or list open over the page (Radix renders it at the end of <body>, in a popper wrapper): it belongs to the
 * labelled button that opened it (aria-controls), not to a landmark, so axe's best-practice `region` rule is not
 * applied to it. Every WCAG rule still is.
 */
function isFloatingLayer(target: string[]): boolean {
  return target.length === 1 && target[0]!.startsWith("div[data-radix-popper-content-wrapper");
}

/** The findings as a readable list (rule, screen, element, what is wrong), for a failing assertion's message. */
export function formatFindings(findings: AxeFinding[]): string {
  return findings
    .map((f) => `- [${f.rule}, ${f.impact}] ${f.screen}: ${f.target}\n    ${f.help}. ${f.summary}`)
    .join("\n");
}
