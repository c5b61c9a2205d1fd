/**
 * How a text field shows its states, alike in Input, Textarea and Select's trigger: the teal focus ring, red while
 * `aria-invalid`, dimmed when disabled. A field adds its own box (height, padding) before it and `className` after.
 */
export const FIELD_STATES = [
  "focus-visible:border-brand-500 focus-visible:ring-3 focus-visible:ring-brand-500/20 focus-visible:outline-none",
  "aria-invalid:border-red-500 aria-invalid:focus-visible:ring-red-500/20",
  "disabled:cursor-not-allowed disabled:bg-slate-50 disabled:opacity-70",
].join(" ");
