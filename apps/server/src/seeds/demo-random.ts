/**
 * Determinism of the demo: ids and random draws come from stable keys, so a second run (the same day or later)
 * builds the same rows and inserts nothing new.
 */
import { createHash } from "node:crypto";

export const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

/** A UUID (v4 layout) derived from `key`: the same key always gives the same id. */
export function demoId(key: string): string {
  const h = sha256(`clinora-demo/${key}`);
  const variant = ((parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** mulberry32: a small, fast PRNG with 32 bits of state, seeded from `key`. */
export function rngFor(key: string): Rng {
  let a = parseInt(sha256(`clinora-demo-rng/${key}`).slice(0, 8), 16) >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (items) => items[Math.floor(next() * items.length)]!,
    chance: (p) => next() < p,
    shuffle: (items) => {
      const copy = [...items];
      for (let i = copy.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [copy[i], copy[j]] = [copy[j]!, copy[i]!];
      }
      return copy;
    },
    weighted: (items) => {
      let r = next() * items.reduce((sum, [, w]) => sum + w, 0);
      for (const [item, w] of items) {
        r -= w;
        if (r < 0) return item;
      }
      return items[items.length - 1]![0];
    },
  };
}

export interface Rng {
  next(): number;
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(p: number): boolean;
  shuffle<T>(items: readonly T[]): T[];
  weighted<T>(items: readonly (readonly [T, number])[]): T;
}

/** Lower case without accents, for e-mail addresses made from names. */
export const plain = (text: string) => text.normalize("NFD").replace(/\p{Diacritic}/gu, "").toLowerCase();
export const MINUTE = 60_000;
export const DAY = 24 * 60 * MINUTE;
export const minutesAgo = (now: Date, minutes: number) => new Date(now.getTime() - minutes * MINUTE);
export const daysAgo = (now: Date, days: number) => new Date(now.getTime() - days * DAY);

export const demoUserId = (key: string) => demoId(`user:${key}`);
export const demoProfessionalId = (key: string) => demoId(`professional:${key}`);
