import { ChevronRight } from "lucide-react";
import { Tabs as TabsPrimitive } from "radix-ui";
import { useEffect, useRef, useState, type ComponentProps } from "react";
import { cn } from "@/lib/cn";

/**
 * Tabs on Radix Tabs (arrow keys move between tabs, roles and aria-controls wired).
 *
 * ```tsx
 * <Tabs value={tab} onValueChange={setTab}>
 *   <TabsList aria-label="Seções do sistema">
 *     <TabsTrigger value="users">Usuários</TabsTrigger>
 *     <TabsTrigger value="ai-settings">Configurações de IA</TabsTrigger>
 *   </TabsList>
 *   <TabsContent value="users">...</TabsContent>
 * </Tabs>
 * ```
 * Inactive panels unmount; keep form state above the Tabs (one react-hook-form for all tabs) when a
 * dialog spreads one form over several tabs.
 */
export const Tabs = TabsPrimitive.Root;

/**
 * The tab strip; scrolls sideways (without a visible scrollbar) when the tabs outgrow a phone screen, and then a
 * fade with an arrow at its right edge shows that more tabs follow.
 */
export function TabsList({ className, ...props }: ComponentProps<typeof TabsPrimitive.List>) {
  const ref = useRef<HTMLDivElement>(null);
  const [moreToTheRight, setMoreToTheRight] = useState(false);
  useEffect(() => {
    const list = ref.current;
    if (!list) return;
    const update = () => setMoreToTheRight(list.scrollLeft + list.clientWidth < list.scrollWidth - 1);
    update();
    list.addEventListener("scroll", update, { passive: true });
    const resized = new ResizeObserver(update);
    resized.observe(list);
    return () => {
      list.removeEventListener("scroll", update);
      resized.disconnect();
    };
  }, []);
  return (
    <div className="relative flex max-w-full">
      <TabsPrimitive.List
        ref={ref}
        className={cn(
          "inline-flex max-w-full items-center gap-1 overflow-x-auto rounded-lg bg-slate-100 p-1",
          "[scrollbar-width:none] [&::-webkit-scrollbar]:hidden",
          className,
        )}
        {...props}
      />
      {moreToTheRight ? (
        <span
          aria-hidden
          data-testid="more-tabs-cue"
          className="pointer-events-none absolute inset-y-0 right-0 flex w-12 items-center justify-end rounded-r-lg bg-linear-to-l from-slate-100 via-slate-100/90 to-transparent pr-1"
        >
          <ChevronRight className="size-4 text-slate-500" />
        </span>
      ) : null}
    </div>
  );
}

export function TabsTrigger({ className, ...props }: ComponentProps<typeof TabsPrimitive.Trigger>) {
  return (
    <TabsPrimitive.Trigger
      className={cn(
        "inline-flex h-8 shrink-0 cursor-pointer items-center justify-center gap-2 rounded-md px-3 text-sm font-medium whitespace-nowrap text-slate-600 transition-colors",
        "hover:text-slate-900",
        "focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none focus-visible:ring-inset",
        "data-[state=active]:bg-white data-[state=active]:text-brand-800 data-[state=active]:shadow-sm",
        "disabled:pointer-events-none disabled:opacity-50 [&_svg]:size-4 [&_svg]:shrink-0",
        className,
      )}
      {...props}
    />
  );
}

export function TabsContent({ className, ...props }: ComponentProps<typeof TabsPrimitive.Content>) {
  return (
    <TabsPrimitive.Content
      className={cn(
        "mt-4 rounded-lg focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2 focus-visible:outline-none",
        className,
      )}
      {...props}
    />
  );
}
