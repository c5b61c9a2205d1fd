import { Slider as SliderPrimitive } from "radix-ui";
import { cn } from "@/lib/cn";

export interface SliderProps {
  value: number;
  onValueChange: (value: number) => void;
  /** Fires once when the user lets go (pointer up or key press): the moment to validate or save. */
  onValueCommit?: (value: number) => void;
  min?: number;
  max?: number;
  step?: number;
  disabled?: boolean;
  /** Id of the thumb (the focusable role="slider" element). */
  id?: string;
  name?: string;
  className?: string;
  /** Name the thumb: a <label htmlFor> cannot point at it, so use aria-labelledby or aria-label. */
  "aria-label"?: string;
  "aria-labelledby"?: string;
  "aria-describedby"?: string;
  /** Spoken value, e.g. "0,7"; screen readers read aria-valuenow otherwise. */
  "aria-valuetext"?: string;
}

/**
 * Single-value slider on Radix Slider (arrow keys step, Page Up/Down jump, Home/End ends). Radix takes
 * arrays; this wrapper takes and gives one number. Temperature (docs/product/admin.md §5, docs/product/assistant.md §5):
 * ```tsx
 * <Slider value={temperature} onValueChange={setTemperature} min={0} max={2} step={0.1} aria-labelledby="temperature-label" />
 * ```
 * Pair it with a number Input for typed values; the slider itself never leaves [min, max].
 */
export function Slider({
  value,
  onValueChange,
  onValueCommit,
  min = 0,
  max = 100,
  step = 1,
  disabled,
  id,
  name,
  className,
  ...thumbAria
}: SliderProps) {
  return (
    <SliderPrimitive.Root
      value={[value]}
      onValueChange={([next]) => {
        if (next !== undefined) onValueChange(next);
      }}
      onValueCommit={([next]) => {
        if (next !== undefined) onValueCommit?.(next);
      }}
      min={min}
      max={max}
      step={step}
      disabled={disabled}
      name={name}
      className={cn(
        "relative flex h-6 w-full touch-none items-center select-none data-disabled:cursor-not-allowed data-disabled:opacity-50",
        className,
      )}
    >
      <SliderPrimitive.Track className="relative h-1.5 grow overflow-hidden rounded-full bg-slate-200">
        <SliderPrimitive.Range className="absolute h-full bg-brand-600" />
      </SliderPrimitive.Track>
      <SliderPrimitive.Thumb
        id={id}
        {...thumbAria}
        className={cn(
          "block size-5 cursor-grab rounded-full border-2 border-brand-600 bg-white shadow-sm transition-shadow active:cursor-grabbing",
          "hover:ring-4 hover:ring-brand-500/15",
          "focus-visible:ring-4 focus-visible:ring-brand-500/30 focus-visible:outline-none",
        )}
      />
    </SliderPrimitive.Root>
  );
}
