import type { ComponentProps, ReactNode } from "react";
import { cn } from "@/lib/cn";

/**
 * Data table primitives: semantic <table> markup with the house look. Put the table in a Card
 * (`<Card className="overflow-hidden">`) for the frame; the wrapper scrolls sideways when the columns do not fit.
 *
 * ```tsx
 * <Table>
 *   <TableCaption>Lista de leads</TableCaption>
 *   <THead><TR><TH>Nome</TH><ActionsTH className="text-right" /></TR></THead>
 *   <TBody>{leads.map((lead) => <TR key={lead.id}><TD>{lead.name}</TD><TD className="text-right">...</TD></TR>)}</TBody>
 * </Table>
 * ```
 *
 * Cells wrap by default; give short columns (names, dates, badges) `className="whitespace-nowrap"` so a table that
 * scrolls on a phone does not squeeze them into several lines.
 *
 * ResponsiveList pattern: a wide table is hard to read on a phone even when it scrolls. A screen may render
 * the same rows twice, `<div className="hidden md:block"><Table>...</Table></div>` and
 * `<ul className="divide-y md:hidden">` with one card per row (name first, badges, then the
 * RowActionsMenu in the card's corner). Both come from one `rows` array and share the row-action handlers,
 * so they cannot drift apart. `ResponsiveList` below is that pattern for a plain list; a list with selectable
 * rows builds it itself and keeps the select-all checkbox in the phone header.
 */
export function Table({ className, ...props }: ComponentProps<"table">) {
  return (
    <div className="relative w-full overflow-x-auto">
      <table className={cn("w-full caption-bottom border-collapse text-left text-sm", className)} {...props} />
    </div>
  );
}

/** Describes the table for screen readers; add `className="sr-only"` when a visible heading already says it. */
export function TableCaption({ className, ...props }: ComponentProps<"caption">) {
  return <caption className={cn("mt-3 text-sm text-slate-500", className)} {...props} />;
}

export function THead({ className, ...props }: ComponentProps<"thead">) {
  return <thead className={cn("border-b border-slate-200 bg-slate-50/80", className)} {...props} />;
}

export function TBody({ className, ...props }: ComponentProps<"tbody">) {
  return <tbody className={cn("divide-y divide-slate-100", className)} {...props} />;
}

export interface TRProps extends ComponentProps<"tr"> {
  /** Highlights a checked row (bulk selection). */
  selected?: boolean;
}

export function TR({ className, selected, ...props }: TRProps) {
  return (
    <tr
      data-selected={selected || undefined}
      className={cn(
        "transition-colors [tbody>&]:hover:bg-slate-50/70 data-selected:bg-brand-50/60 [tbody>&]:data-selected:hover:bg-brand-50",
        className,
      )}
      {...props}
    />
  );
}

export function TH({ className, scope = "col", ...props }: ComponentProps<"th">) {
  return (
    <th
      scope={scope}
      className={cn(
        "h-10 px-3 text-xs font-semibold tracking-wide whitespace-nowrap text-slate-500 uppercase sm:px-4",
        className,
      )}
      {...props}
    />
  );
}

/** The head of the row-actions column: named for screen readers only. */
export function ActionsTH({ className }: { className?: string }) {
  return (
    <TH className={className}>
      <span className="sr-only">Ações</span>
    </TH>
  );
}

export function TD({ className, ...props }: ComponentProps<"td">) {
  return <td className={cn("px-3 py-2.5 align-middle text-slate-700 sm:px-4 sm:py-3", className)} {...props} />;
}

export interface ResponsiveColumn<T> {
  header: string;
  /** Classes of the column's cells (`whitespace-nowrap` for short values). */
  className?: string;
  cell: (row: T) => ReactNode;
}

export interface ResponsiveListProps<T> {
  rows: readonly T[];
  /** The table's caption and the phone list's name, e.g. 'Lista de leads'. */
  label: string;
  columns: readonly ResponsiveColumn<T>[];
  /** A row as a phone card: name first, then badges and details. */
  card: (row: T) => ReactNode;
  /** The row's RowActionsMenu: the table's last column, the card's corner. */
  actions: (row: T) => ReactNode;
}

/** The ResponsiveList pattern above: a table from `md` up, one card per row on phones. */
export function ResponsiveList<T extends { id: string }>({ rows, label, columns, card, actions }: ResponsiveListProps<T>) {
  return (
    <>
      <div className="hidden md:block">
        <Table>
          <TableCaption className="sr-only">{label}</TableCaption>
          <THead>
            <TR>
              {columns.map((column) => (
                <TH key={column.header}>{column.header}</TH>
              ))}
              <ActionsTH className="w-12" />
            </TR>
          </THead>
          <TBody>
            {rows.map((row) => (
              <TR key={row.id}>
                {columns.map((column) => (
                  <TD key={column.header} className={column.className}>
                    {column.cell(row)}
                  </TD>
                ))}
                <TD className="text-right">{actions(row)}</TD>
              </TR>
            ))}
          </TBody>
        </Table>
      </div>

      <ul className="divide-y divide-slate-100 md:hidden" aria-label={label}>
        {rows.map((row) => (
          <li key={row.id} className="flex items-start gap-3 px-4 py-4">
            <div className="min-w-0 flex-1 space-y-1.5">{card(row)}</div>
            {actions(row)}
          </li>
        ))}
      </ul>
    </>
  );
}
