// The address names the page and what is on view: `#/questions/tw-001`, `#/results/compare`.
// A hash keeps deep links working the same in the window and in a browser (and the session
// token, in the query, untouched); back and forward move between pages.

export const PAGES = ["start", "setup", "documents", "questions", "systems", "results", "report", "irt"] as const;
export type Page = (typeof PAGES)[number];

export interface Route {
  page: Page;
  /** What the page shows in detail (a question id, a system name, a results tab), if anything. */
  item: string | null;
}

/** Reads a route from a location hash; anything unknown is the start page. */
export function parseRoute(hash: string): Route {
  const parts = hash.replace(/^#\/?/, "").split("/");
  const page = PAGES.find((p) => p === parts[0]) ?? "start";
  const rest = parts.slice(1).join("/");
  let item: string | null = null;
  if (rest) {
    try {
      item = decodeURIComponent(rest);
    } catch {
      item = rest;
    }
  }
  return { page, item };
}

/** The hash of a route. */
export function routeHash(route: Route): string {
  return route.item === null ? `#/${route.page}` : `#/${route.page}/${encodeURIComponent(route.item)}`;
}

/** Goes to a route (a new history entry unless `replace`). */
export function go(route: Route, replace = false): void {
  const hash = routeHash(route);
  if (window.location.hash === hash) return;
  if (replace) history.replaceState(null, "", hash);
  else history.pushState(null, "", hash);
  window.dispatchEvent(new HashChangeEvent("hashchange"));
}
