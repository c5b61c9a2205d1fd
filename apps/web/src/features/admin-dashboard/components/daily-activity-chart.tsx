import type { DailyActivity } from "@clinora/contracts";
import { useElementWidth } from "@/hooks/use-element-width";

const HEIGHT = 220;
const MARGIN = { top: 12, right: 8, bottom: 28, left: 36 };
/** Minimum room per date label on the x axis, in pixels. */
const LABEL_SPACING = 56;

const SERIES = [
  { key: "appointments", label: "Consultas", className: "fill-brand-500", swatch: "bg-brand-500" },
  { key: "new_patients", label: "Novos pacientes", className: "fill-sky-400", swatch: "bg-sky-400" },
] as const;

/** "2026-03-10" -> "10/03" */
const dayMonth = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}`;

/** A round step (1, 2, 5, 10, 20, 50...) giving about four grid lines up to `max`. */
function gridStep(max: number): number {
  const raw = Math.max(1, max / 4);
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * magnitude).find((s) => s >= raw);
  return step ?? 10 * magnitude;
}

function total(days: DailyActivity[], key: (typeof SERIES)[number]["key"]): number {
  return days.reduce((sum, day) => sum + day[key], 0);
}

/**
 * Grouped bars per day for new patients and appointments, drawn in plain SVG at the container's pixel width.
 * Screen readers get a summary on the drawing and the figures in a hidden table.
 */
export function DailyActivityChart({ days }: { days: DailyActivity[] }) {
  const [containerRef, width] = useElementWidth<HTMLDivElement>();
  const innerWidth = Math.max(0, width - MARGIN.left - MARGIN.right);
  const innerHeight = HEIGHT - MARGIN.top - MARGIN.bottom;

  const peak = Math.max(0, ...days.flatMap((d) => [d.appointments, d.new_patients]));
  const step = gridStep(peak);
  const top = Math.max(step, Math.ceil(peak / step) * step);
  const ticks = Array.from({ length: top / step + 1 }, (_, i) => i * step);
  const y = (value: number) => MARGIN.top + innerHeight - (value / top) * innerHeight;

  const band = days.length > 0 ? innerWidth / days.length : 0;
  const barWidth = Math.max(1, Math.min(14, band * 0.36));
  const labelEvery = Math.max(1, Math.ceil(LABEL_SPACING / Math.max(band, 1)));

  const summary = `Últimos ${days.length} dias: ${total(days, "appointments")} consultas e ${total(days, "new_patients")} novos pacientes.`;

  return (
    <figure className="space-y-3">
      <figcaption className="flex flex-wrap items-center gap-x-5 gap-y-1 text-sm text-slate-600">
        {SERIES.map((s) => (
          <span key={s.key} className="inline-flex items-center gap-2">
            <span aria-hidden className={`size-3 rounded-sm ${s.swatch}`} />
            {s.label}: <span className="font-semibold text-slate-900 tabular-nums">{total(days, s.key)}</span>
          </span>
        ))}
      </figcaption>
      <div ref={containerRef} className="w-full">
        {width > 0 ? (
          <svg width={width} height={HEIGHT} role="img" aria-label={summary} className="block overflow-visible">
            {ticks.map((tick) => (
              <g key={tick}>
                <line x1={MARGIN.left} x2={width - MARGIN.right} y1={y(tick)} y2={y(tick)} className="stroke-slate-200" strokeDasharray={tick === 0 ? undefined : "3 3"} />
                <text x={MARGIN.left - 8} y={y(tick)} dy="0.32em" textAnchor="end" className="fill-slate-400 text-[11px] tabular-nums">
                  {tick}
                </text>
              </g>
            ))}
            {days.map((day, i) => {
              const x = MARGIN.left + i * band + band / 2;
              return (
                <g key={day.date}>
                  <title>{`${dayMonth(day.date)}: ${day.appointments} consultas, ${day.new_patients} novos pacientes`}</title>
                  {/* The whole band reacts to hover, so thin bars are easy to point at. */}
                  <rect x={x - band / 2} y={MARGIN.top} width={band} height={innerHeight} className="fill-transparent hover:fill-slate-100" />
                  {SERIES.map((s, k) => {
                    const value = day[s.key];
                    const barTop = y(value);
                    return (
                      <rect
                        key={s.key}
                        x={x - barWidth + k * barWidth}
                        y={barTop}
                        width={barWidth - 1}
                        height={MARGIN.top + innerHeight - barTop}
                        rx={1.5}
                        className={s.className}
                      />
                    );
                  })}
                  {(days.length - 1 - i) % labelEvery === 0 ? (
                    <text x={x} y={HEIGHT - 8} textAnchor="middle" className="fill-slate-500 text-[11px] tabular-nums">
                      {dayMonth(day.date)}
                    </text>
                  ) : null}
                </g>
              );
            })}
          </svg>
        ) : (
          <div style={{ height: HEIGHT }} />
        )}
      </div>
      {/* sr-only on the wrapper: a table ignores the 1px height and would stretch the page. */}
      <div className="sr-only">
        <table>
          <caption>Novos pacientes e consultas por dia</caption>
          <thead>
            <tr>
              <th scope="col">Dia</th>
              <th scope="col">Consultas</th>
              <th scope="col">Novos pacientes</th>
            </tr>
          </thead>
          <tbody>
            {days.map((day) => (
              <tr key={day.date}>
                <th scope="row">{dayMonth(day.date)}</th>
                <td>{day.appointments}</td>
                <td>{day.new_patients}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
