import { formatTimeAgo } from "@/lib/format";

/** Spec part 1 §2.8: last access as relative time, or 'Nunca acessou'. */
export function lastAccessText(lastLogin: string | null): string {
  return formatTimeAgo(lastLogin) || "Nunca acessou";
}
