import { formatTimeAgo } from "@/lib/format";

/** docs/product/admin.md §2.6: last access as relative time, or 'Nunca acessou'. */
export function lastAccessText(lastLogin: string | null): string {
  return formatTimeAgo(lastLogin) || "Nunca acessou";
}
