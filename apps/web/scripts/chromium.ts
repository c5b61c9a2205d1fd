/** Debian's Chromium: the flows and the benchmarks use it and never download a browser of their own. */
export const CHROMIUM_PATH = "/usr/bin/chromium";

/** No sandbox and no GPU (containers), and nothing that reaches for the network on its own: there is none beyond loopback. */
export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
