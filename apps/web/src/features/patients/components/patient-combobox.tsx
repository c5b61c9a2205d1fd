import { useQuery } from "@tanstack/react-query";
import { Check, ChevronsUpDown, LoaderCircle } from "lucide-react";
import { Popover } from "radix-ui";
import { useId, useState, type KeyboardEvent } from "react";
import { useDebouncedValue } from "@/hooks/use-debounced-value";
import { cn } from "@/lib/cn";
import { formatPhone } from "@/lib/format";
import { patientChoicesQueryOptions, PATIENT_SEARCH_MIN_LENGTH, type PatientChoice } from "../api/patients";
import { foldAccents } from "@clinora/contracts/text-fold";

const fold = (text: string) => foldAccents(text).toLowerCase();

export interface PatientComboboxProps {
  /** The chosen patient (at least its id and name), or null. */
  value: Pick<PatientChoice, "id" | "name"> | null;
  onChange: (patient: PatientChoice | null) => void;
  /** Id of the text box: the field's label points at it. */
  id?: string;
  "aria-label"?: string;
  "aria-invalid"?: true | boolean;
  "aria-describedby"?: string;
  /** An option meaning "no patient" (e.g. "Nenhum paciente", "Paciente: todos"); chosen, it gives null. */
  noneLabel?: string;
  placeholder?: string;
  /** Shows phone and email under each name (the appointment dialog). */
  showContact?: boolean;
  className?: string;
  onBlur?: () => void;
}

type Row = { key: string; patient: PatientChoice | null; label: string };

/**
 * The one patient picker: a combobox (WAI-ARIA 1.2, text box + listbox with aria-activedescendant) that searches
 * the professional's patients as she types, accents and case ignored. Arrow keys move, Enter chooses, Escape closes.
 */
export function PatientCombobox({
  value,
  onChange,
  id,
  noneLabel,
  placeholder = "Buscar paciente pelo nome",
  showContact = false,
  className,
  onBlur,
  ...aria
}: PatientComboboxProps) {
  const listId = useId();
  const optionId = useId();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState("");
  const [active, setActive] = useState(0);
  const search = useDebouncedValue(text.trim());
  const choices = useQuery({ ...patientChoicesQueryOptions(search), enabled: open });

  const typed = fold(search);
  // One letter: the first names A-Z that start with it (the server searches from two).
  const found = (choices.data ?? []).filter((p) => search.length >= PATIENT_SEARCH_MIN_LENGTH || !typed || fold(p.name).startsWith(typed));
  const rows: Row[] = [
    ...(noneLabel && !search ? [{ key: "none", patient: null, label: noneLabel }] : []),
    ...found.map((p) => ({ key: p.id, patient: p, label: p.name })),
  ];
  const activeIndex = Math.min(active, rows.length - 1);

  const close = () => {
    setOpen(false);
    setText("");
    setActive(0);
  };
  const choose = (row: Row) => {
    onChange(row.patient);
    close();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      if (!open) return setOpen(true);
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((current) => (rows.length === 0 ? 0 : (Math.min(current, rows.length - 1) + step + rows.length) % rows.length));
    } else if (event.key === "Enter") {
      if (!open) return;
      // Enter chooses here; it must not submit the surrounding form.
      event.preventDefault();
      const row = rows[activeIndex];
      if (row) choose(row);
    } else if (event.key === "Escape" && open) {
      // Only the list closes, not the dialog around it.
      event.preventDefault();
      event.stopPropagation();
      close();
    } else if (event.key === "Tab" && open) {
      close();
    }
  };

  const shown = open ? text : (value?.name ?? "");
  const activeRow = open ? rows[activeIndex] : undefined;

  return (
    <Popover.Root open={open} onOpenChange={(next) => (next ? setOpen(true) : close())}>
      <Popover.Anchor asChild>
        <div className={cn("relative", className)}>
          <input
            id={id}
            role="combobox"
            type="text"
            autoComplete="off"
            aria-autocomplete="list"
            aria-expanded={open}
            aria-controls={listId}
            aria-activedescendant={activeRow ? `${optionId}-${activeRow.key}` : undefined}
            placeholder={open && value ? value.name : value ? undefined : (noneLabel ?? placeholder)}
            value={shown}
            onChange={(event) => {
              setText(event.target.value);
              setActive(0);
              setOpen(true);
            }}
            // The list opens on a click, on typing or on ↓, not on focus: a dialog that focuses the field when it opens
            // would otherwise cover its own controls with the list.
            onClick={() => setOpen(true)}
            onBlur={onBlur}
            onKeyDown={onKeyDown}
            title={value?.name}
            className={cn(
              "block h-10 w-full truncate rounded-lg border border-slate-300 bg-white pr-9 pl-3 text-sm text-slate-900 shadow-xs transition-colors",
              "placeholder:text-slate-400 focus-visible:border-brand-500 focus-visible:ring-3 focus-visible:ring-brand-500/20 focus-visible:outline-none",
              "aria-invalid:border-red-500",
            )}
            {...aria}
          />
          {choices.isFetching ? (
            <LoaderCircle aria-label="Buscando pacientes" className="absolute top-1/2 right-3 size-4 -translate-y-1/2 animate-spin text-brand-600" />
          ) : (
            <ChevronsUpDown aria-hidden className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-slate-400" />
          )}
        </div>
      </Popover.Anchor>
      <Popover.Portal>
        <Popover.Content
          align="start"
          sideOffset={4}
          // The text box keeps the focus; the list follows it through aria-activedescendant.
          onOpenAutoFocus={(event) => event.preventDefault()}
          onCloseAutoFocus={(event) => event.preventDefault()}
          onInteractOutside={(event) => {
            if (event.target instanceof Node && document.getElementById(id ?? "")?.contains(event.target)) event.preventDefault();
          }}
          className="z-50 w-(--radix-popover-trigger-width) min-w-64 overflow-hidden rounded-lg border border-slate-200 bg-white shadow-lg"
        >
          <ul id={listId} role="listbox" aria-label="Pacientes" className="max-h-64 overflow-y-auto py-1">
            {rows.map((row, index) => {
              const selected = row.patient ? row.patient.id === value?.id : value === null;
              return (
                <li
                  key={row.key}
                  id={`${optionId}-${row.key}`}
                  role="option"
                  aria-selected={selected}
                  // mousedown, not click: the text box must not lose the focus before the choice is made.
                  onMouseDown={(event) => {
                    event.preventDefault();
                    choose(row);
                  }}
                  onMouseMove={() => setActive(index)}
                  className={cn(
                    "flex cursor-pointer items-start gap-2 px-3 py-2 text-sm",
                    index === activeIndex ? "bg-brand-50 text-brand-950" : "text-slate-800",
                    row.patient ? null : "text-slate-500 italic",
                  )}
                >
                  <Check aria-hidden className={cn("mt-0.5 size-4 shrink-0 text-brand-700", selected ? "visible" : "invisible")} />
                  <span className="min-w-0">
                    <span className="block font-medium break-words">{row.label}</span>
                    {showContact && row.patient && (row.patient.phone || row.patient.email) ? (
                      <span className="block text-xs text-slate-500">{[formatPhone(row.patient.phone), row.patient.email].filter(Boolean).join(" · ")}</span>
                    ) : null}
                  </span>
                </li>
              );
            })}
          </ul>
          {rows.length === 0 || (rows.length === 1 && !rows[0]!.patient) ? (
            <p className="px-3 pb-2 text-sm text-slate-500">
              {choices.isPending ? "Carregando pacientes..." : choices.isError ? "Falha ao buscar pacientes" : search ? "Nenhum paciente encontrado." : "Nenhum paciente cadastrado."}
            </p>
          ) : null}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
