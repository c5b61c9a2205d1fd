import { z } from "zod";

const flag = (name: string) => z.stringbool({ error: `${name} deve ser true ou false` });

/** PATCH /professionals/me/availability?is_available= (docs/product/settings.md §7). */
export const availabilityToggleQuerySchema = z.object({ is_available: flag("is_available") });

/** PATCH /professionals/me/zen-mode?zen_mode= (docs/product/settings.md §7). */
export const zenModeToggleQuerySchema = z.object({ zen_mode: flag("zen_mode") });
