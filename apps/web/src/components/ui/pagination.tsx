import { ChevronLeft, ChevronRight } from "lucide-react";
import { cn } from "@/lib/cn";
import { pageCount } from "@/lib/pagination";
import { Button } from "./button";

export interface PaginationProps {
  /** Current page, 1-based. */
  page: number;
  /** Records across all pages (the API's `total`). */
  total: number;
  perPage: number;
  onPageChange: (page: number) => void;
  /** Disables both buttons, e.g. while the next page loads. */
  disabled?: boolean;
  className?: string;
}

/**
 * 'Página X de Y', '{total} registros' and Anterior/Próxima buttons. Renders nothing when everything fits
 * on one page. Filters reset the page to 1 themselves (docs/product/admin.md §2.2).
 */
export function Pagination({ page, total, perPage, onPageChange, disabled = false, className }: PaginationProps) {
  const pages = pageCount(total, perPage);
  if (pages <= 1) return null;
  const current = Math.min(Math.max(page, 1), pages);

  return (
    <nav
      aria-label="Paginação"
      className={cn("flex flex-col items-center gap-3 sm:flex-row sm:justify-between", className)}
    >
      <p className="text-sm text-slate-500" aria-live="polite">
        Página <span className="font-medium text-slate-900">{current}</span> de{" "}
        <span className="font-medium text-slate-900">{pages}</span>
        <span aria-hidden className="mx-2 text-slate-300">
          ·
        </span>
        {total.toLocaleString("pt-BR")} registros
      </p>
      {/* At 200 % text on a phone the two buttons no longer fit side by side: they stack instead of pushing the page sideways. */}
      <div className="flex w-full flex-wrap gap-2 sm:w-auto">
        <Button
          variant="outline"
          size="sm"
          className="flex-1 sm:flex-none"
          disabled={disabled || current <= 1}
          onClick={() => onPageChange(current - 1)}
        >
          <ChevronLeft aria-hidden />
          Anterior
        </Button>
        <Button
          variant="outline"
          size="sm"
          className="flex-1 sm:flex-none"
          disabled={disabled || current >= pages}
          onClick={() => onPageChange(current + 1)}
        >
          Próxima
          <ChevronRight aria-hidden />
        </Button>
      </div>
    </nav>
  );
}
