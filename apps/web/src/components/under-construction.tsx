import { Construction } from "lucide-react";
import type { ReactNode } from "react";
import { Card } from "@/components/ui/card";

export interface UnderConstructionProps {
  /** What the finished page will offer, in a sentence or two. */
  children?: ReactNode;
}

/** Placeholder body of a page that is not built yet. */
export function UnderConstruction({ children }: UnderConstructionProps) {
  return (
    <Card className="animate-fade-in-up border-dashed shadow-none">
      <div className="flex flex-col items-center px-6 py-14 text-center sm:py-20">
        <span className="flex size-14 items-center justify-center rounded-2xl bg-brand-50 text-brand-600 ring-1 ring-brand-100">
          <Construction aria-hidden className="size-7" />
        </span>
        <h2 className="mt-5 text-lg font-semibold text-slate-900">Em construção</h2>
        <p className="mt-2 max-w-md text-sm leading-relaxed text-slate-500">
          {children ?? "Esta área está sendo preparada e estará disponível em breve."}
        </p>
      </div>
    </Card>
  );
}
