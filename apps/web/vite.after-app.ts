/**
 * The build options of a bundle built after the app into the same dist/ (the web chat page, the embed script): it
 * keeps the app's files there and copies no public/ file a second time.
 */
export const AFTER_THE_APP = { outDir: "dist", emptyOutDir: false, copyPublicDir: false } as const;
