import type { Professional } from "@clinora/contracts";
import { foldAccents } from "@clinora/contracts/text-fold";

const fold = (text: string) => foldAccents(text).toLowerCase();

/**
 * The search box of the professionals page: name, email or specialty, accents and case aside. It filters
 * the page already loaded, not the whole list (docs/product/admin.md §2.2).
 */
export function matchesProfessionalSearch(professional: Professional, search: string): boolean {
  const wanted = fold(search.trim());
  if (!wanted) return true;
  return [professional.full_name, professional.email, professional.specialty].some(
    (field) => field !== null && fold(field).includes(wanted),
  );
}
