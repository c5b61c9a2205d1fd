/** Where the JSON API lives: every API route is registered under it (app.ts); the web app is everything else. */
export const API_PREFIX = "/api";

/**
 * Whether `url` (a path, with or without its query) is `prefix` itself or below it: for "/api", "/api", "/api/x"
 * and "/api?x" are, "/apidocs" is not.
 */
export function isUnderPath(url: string, prefix: string): boolean {
  const next = url[prefix.length];
  return url.startsWith(prefix) && (next === undefined || next === "/" || next === "?");
}

/** Whether `url` is an address of the API (its documentation included). */
export const isApiPath = (url: string): boolean => isUnderPath(url, API_PREFIX);
