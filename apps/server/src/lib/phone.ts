/** Phone rules are shared with the web forms, so they live in the contracts package. */
export { formatPhoneBR, toE164BR } from "@clinora/contracts";
