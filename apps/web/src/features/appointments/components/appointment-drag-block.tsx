import type { Appointment } from "@clinora/contracts";
import { useEffect, useId, useRef, useState, type CSSProperties, type KeyboardEvent, type PointerEvent, type ReactNode } from "react";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { cn } from "@/lib/cn";
import { formatDate } from "@/lib/format";
import { moveQuestion, useMoveAppointment } from "../api/move-appointment";
import {
  GRID_END,
  isMovable,
  LONG_PRESS_MS,
  movedBy,
  placementAfterKey,
  placementOf,
  placementText,
  rangeText,
  resizedBy,
  samePlacement,
  sidewaysStopText,
  type Placement,
} from "../lib/drag-move";
import { TIME_WARNING_TEXT, type TimeWarning } from "../lib/time-suggestions";
import { appointmentBlockClassName } from "./appointment-status";

/** What a grid of days gives each of its blocks (docs/decisions/038). */
export interface DragGrid {
  /** The dates the grid shows, in order: left and right move among them. */
  dates: readonly string[];
  /** Pixels per minute of the grid's height. */
  minutePx: number;
  /** The width of one day's column, read when a drag starts (0 where the grid has one day). */
  columnWidth: () => number;
  /**
   * Saves a move through the server, after asking when it lands in the past or outside her hours; resolves to whether
   * it was taken ("Voltar" and a refusal both put the block back).
   */
  move: (appointment: Appointment, to: Placement) => Promise<boolean>;
  /** Speaks in the grid's polite live region. */
  announce: (text: string) => void;
  /** The id of the grid's instructions, which describe every movable block. */
  instructionsId: string;
  /** The block moved by keyboard is put back in focus once it shows at its new place (a new row or column). */
  refocus: { current: string | null };
  onEdit: (appointment: Appointment) => void;
}

interface Preview {
  to: Placement;
  /** How far the block is shown from its own column, in pixels. */
  dayPx: number;
  by: "pointer" | "keyboard" | "saving";
}

interface PointerDrag {
  kind: "move" | "resize";
  pointerId: number;
  x: number;
  y: number;
  touch: boolean;
  started: boolean;
  timer?: ReturnType<typeof setTimeout>;
}

/** A mouse must move this far before a press becomes a drag (a click opens the appointment). */
const DRAG_THRESHOLD_PX = 4;
/** A finger that moves this far before the long press is a scroll. */
const TOUCH_SLOP_PX = 8;

export interface AppointmentDragBlockProps {
  appointment: Appointment;
  grid: DragGrid;
  /** The minute the block's container starts at (its hour row, or the top of its day column). */
  baseMinute: number;
  /** Side by side with overlapping blocks: which column of how many. */
  lane: { lane: number; lanes: number };
  /** The block's text for where it is shown: its own place, or where it is being moved to. */
  children: (shown: Placement) => ReactNode;
  /** The button's name where its visible text alone would not say enough (the week's narrow blocks). */
  label?: (shown: Placement) => string;
  className?: string;
}

/**
 * One appointment in the week view or the day timeline: a button that opens it, and, while it can still happen, moves
 * by a pointer drag (its bottom edge changes its length), by a long press on a phone, and by the arrow keys
 * (docs/decisions/038).
 */
export function AppointmentDragBlock({ appointment, grid, baseMinute, lane, children, label, className }: AppointmentDragBlockProps) {
  const movable = isMovable(appointment);
  const origin = placementOf(appointment);
  const [preview, setPreview] = useState<Preview | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const drag = useRef<PointerDrag | null>(null);
  // A click that ends a drag or follows a keyboard commit does not open the dialog.
  const ignoreClickUntil = useRef(0);
  const shown = preview?.to ?? origin;

  // The saved appointment arrives at its new place: the preview has done its work.
  const key = `${appointment.appointment_date} ${appointment.appointment_time} ${appointment.duration}`;
  useEffect(() => setPreview(null), [key]);

  useEffect(() => {
    if (grid.refocus.current !== appointment.id) return;
    grid.refocus.current = null;
    button.current?.focus();
  }, [grid.refocus, appointment.id, key]);

  // Once a long press has started a move, the finger drags the block instead of scrolling the page. React's touch
  // listeners are passive, so this one is added by hand.
  useEffect(() => {
    const element = button.current;
    if (!element || !movable) return;
    const holdScroll = (event: TouchEvent) => {
      if (drag.current?.started) event.preventDefault();
    };
    element.addEventListener("touchmove", holdScroll, { passive: false });
    return () => element.removeEventListener("touchmove", holdScroll);
  }, [movable]);

  const dayPxOf = (to: Placement) => (grid.dates.indexOf(to.date) - grid.dates.indexOf(origin.date)) * grid.columnWidth();

  async function commit(to: Placement, refocus: boolean) {
    if (samePlacement(to, origin)) {
      setPreview(null);
      return;
    }
    setPreview({ to, dayPx: dayPxOf(to), by: "saving" });
    if (refocus) grid.refocus.current = appointment.id;
    const taken = await grid.move(appointment, to);
    if (!taken) {
      grid.refocus.current = null;
      setPreview(null);
    }
  }

  function stopPointer() {
    if (drag.current?.timer) clearTimeout(drag.current.timer);
    drag.current = null;
  }

  function onPointerDown(event: PointerEvent<HTMLButtonElement>) {
    if (!movable || preview?.by === "saving" || !event.isPrimary) return;
    if (event.pointerType === "mouse" && event.button !== 0) return;
    const kind = (event.target as HTMLElement).closest("[data-resize-handle]") ? "resize" : "move";
    const touch = event.pointerType === "touch";
    const state: PointerDrag = { kind, pointerId: event.pointerId, x: event.clientX, y: event.clientY, touch, started: false };
    drag.current = state;
    if (touch) {
      state.timer = setTimeout(() => {
        state.started = true;
        setPreview({ to: origin, dayPx: 0, by: "pointer" });
        grid.announce(`Movendo: ${placementText(origin)}`);
      }, LONG_PRESS_MS);
    } else {
      event.currentTarget.setPointerCapture(event.pointerId);
    }
  }

  function onPointerMove(event: PointerEvent<HTMLButtonElement>) {
    const state = drag.current;
    if (!state || state.pointerId !== event.pointerId) return;
    const dx = event.clientX - state.x;
    const dy = event.clientY - state.y;
    if (!state.started) {
      if (state.touch) {
        // Moving before the long press: the page scrolls, the block stays.
        if (Math.hypot(dx, dy) > TOUCH_SLOP_PX) stopPointer();
        return;
      }
      if (Math.hypot(dx, dy) < DRAG_THRESHOLD_PX) return;
      state.started = true;
    }
    const minutes = dy / grid.minutePx;
    const width = grid.columnWidth();
    const days = width > 0 ? Math.round(dx / width) : 0;
    const to = state.kind === "resize" ? resizedBy(origin, minutes) : movedBy(origin, minutes, days, grid.dates);
    setPreview({ to, dayPx: dayPxOf(to), by: "pointer" });
  }

  function onPointerUp(event: PointerEvent<HTMLButtonElement>) {
    const state = drag.current;
    if (!state || state.pointerId !== event.pointerId) return;
    stopPointer();
    if (!state.started) return;
    ignoreClickUntil.current = performance.now() + 500;
    if (preview) void commit(preview.to, false);
    else setPreview(null);
  }

  function onPointerCancel() {
    const started = drag.current?.started;
    stopPointer();
    if (started) setPreview(null);
  }

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (!movable || preview?.by === "saving" || preview?.by === "pointer") return;
    if (preview && (event.key === "Enter" || event.key === " ")) {
      event.preventDefault();
      ignoreClickUntil.current = performance.now() + 500;
      void commit(preview.to, true);
      return;
    }
    if (preview && event.key === "Escape") {
      // The view stays; only the move is dropped.
      event.preventDefault();
      event.stopPropagation();
      setPreview(null);
      grid.announce(`Movimento cancelado. Continua em ${placementText(origin)}.`);
      return;
    }
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const to = placementAfterKey(shown, event.key, event.shiftKey, grid.dates);
    if (!to) {
      const stop = event.shiftKey ? null : sidewaysStopText(shown, event.key, grid.dates);
      if (stop) {
        event.preventDefault();
        grid.announce(stop);
      }
      return;
    }
    event.preventDefault();
    setPreview({ to, dayPx: dayPxOf(to), by: "keyboard" });
    grid.announce(`${placementText(to)}. Enter confirma, Esc cancela.`);
  }

  function onBlur() {
    if (preview?.by === "keyboard") void commit(preview.to, false);
  }

  function onClick() {
    if (performance.now() < ignoreClickUntil.current || preview) return;
    grid.onEdit(appointment);
  }

  const style: CSSProperties = {
    top: (origin.start - baseMinute) * grid.minutePx,
    // Cut at the grid's end (20:00): one running later does not spill over what follows the grid.
    height: Math.max((Math.min(shown.start + shown.duration, GRID_END) - shown.start) * grid.minutePx, 18),
    left: `${(lane.lane / lane.lanes) * 100}%`,
    width: `calc(${100 / lane.lanes}% - 2px)`,
    transform: preview ? `translate(${preview.dayPx}px, ${(shown.start - origin.start) * grid.minutePx}px)` : undefined,
  };

  const hangsLeft = grid.dates.length > 1 && grid.dates.indexOf(origin.date) >= grid.dates.length / 2;

  return (
    <>
      <button
        ref={button}
        type="button"
        data-appointment-id={appointment.id}
        aria-label={label?.(shown)}
        aria-describedby={movable ? grid.instructionsId : undefined}
        aria-busy={preview?.by === "saving" || undefined}
        onClick={onClick}
        onKeyDown={onKeyDown}
        onBlur={onBlur}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerCancel}
        onContextMenu={(event) => drag.current?.touch && event.preventDefault()}
        style={style}
        className={cn(
          "absolute z-10 flex min-w-0 cursor-pointer flex-col rounded-lg border-l-4 text-left transition-shadow select-none hover:shadow-md",
          "focus-visible:z-20 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none [-webkit-touch-callout:none]",
          movable && "cursor-grab",
          preview && "z-30 shadow-lg ring-2 ring-brand-600",
          preview?.by === "pointer" && "cursor-grabbing",
          appointmentBlockClassName(appointment.status),
          className,
        )}
      >
        <span className="flex min-h-0 w-full flex-1 flex-col overflow-hidden">{children(shown)}</span>
        {movable ? (
          <span aria-hidden data-resize-handle className="absolute inset-x-0 bottom-0 h-2 cursor-ns-resize touch-none hover:bg-black/10" />
        ) : null}
      </button>
      {preview ? (
        // The target while it moves, above the block where the finger or pointer does not hide it; beside the button
        // rather than in it, so the button's name stays its own text. A screen reader hears it from the live region.
        <span
          aria-hidden
          data-drag-target
          // In the right half of the week it hangs to the left, inside the grid.
          style={{ top: style.top, transform: style.transform, ...(hangsLeft ? { right: 0 } : { left: style.left }) }}
          className="pointer-events-none absolute z-40 -mt-6 rounded bg-slate-900 px-1.5 py-0.5 text-xs font-semibold whitespace-nowrap text-white tabular-nums"
        >
          {grid.dates.length > 1 ? placementText(preview.to) : rangeText(preview.to)}
        </span>
      ) : null}
    </>
  );
}

/** A move waiting for her answer to the dialog's question. */
interface PendingQuestion {
  warning: TimeWarning;
  to: Placement;
  answer: (save: boolean) => void;
}

/**
 * The pieces a grid of days shares with its blocks: the live region, the instructions, the question before a move to
 * the past or outside her hours, and the save. `columns` is the element whose width the days share (null where there
 * is one day).
 */
export function useDragGrid(
  dates: readonly string[],
  minutePx: number,
  onEdit: (appointment: Appointment) => void,
  columns: { current: HTMLElement | null } | null,
): { grid: DragGrid; liveRegion: ReactNode } {
  const [spoken, setSpoken] = useState("");
  const [question, setQuestion] = useState<PendingQuestion | null>(null);
  const instructionsId = useId();
  const refocus = useRef<string | null>(null);
  const { move } = useMoveAppointment(setSpoken);

  async function moveAsking(appointment: Appointment, to: Placement): Promise<boolean> {
    const warning = await moveQuestion(appointment, to);
    if (warning) {
      setSpoken(`${TIME_WARNING_TEXT[warning]} ${placementText(to)}.`);
      const save = await new Promise<boolean>((answer) => setQuestion({ warning, to, answer }));
      setQuestion(null);
      if (!save) {
        setSpoken(`Movimento cancelado. Continua em ${placementText(placementOf(appointment))}.`);
        return false;
      }
    }
    return move(appointment, to);
  }

  const grid: DragGrid = {
    dates,
    minutePx,
    columnWidth: () => (columns?.current ? columns.current.getBoundingClientRect().width / dates.length : 0),
    move: moveAsking,
    announce: setSpoken,
    instructionsId,
    refocus,
    onEdit,
  };
  const liveRegion = (
    <>
      <p id={instructionsId} className="sr-only">
        {dates.length > 1
          ? "Para mover: setas para cima e para baixo mudam 15 minutos, para os lados mudam o dia; Shift com as setas muda a duração; Enter confirma e Esc cancela."
          : "Para mover: setas para cima e para baixo mudam 15 minutos; Shift com as setas muda a duração; Enter confirma e Esc cancela."}
      </p>
      <p role="status" aria-live="polite" className="sr-only">
        {spoken}
      </p>
      <ConfirmDialog
        open={question !== null}
        onOpenChange={(open) => {
          if (!open) question?.answer(false);
        }}
        title={question ? TIME_WARNING_TEXT[question.warning] : ""}
        description={question ? `Novo horário: ${placementText(question.to)} (${formatDate(question.to.date)}).` : undefined}
        confirmLabel="Salvar mesmo assim"
        cancelLabel="Voltar"
        onConfirm={() => question?.answer(true)}
      />
    </>
  );
  return { grid, liveRegion };
}
