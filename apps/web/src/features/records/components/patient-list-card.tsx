import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { cn } from "@/lib/cn";

interface PatientListCardProps {
  /** The title's id; the list is labelled by it. */
  titleId: string;
  icon: LucideIcon;
  title: string;
  /** The sentence above the list: what the rows are and why they are here. */
  intro: ReactNode;
  /** The rows, as PatientListRow. */
  children: ReactNode;
  /** After the list, inside the card (a confirmation dialog, say). */
  footer?: ReactNode;
}

/** A prontuário card of the Painel listing patients to act on, one row each (Sessões sem evolução, prazo de guarda). */
export function PatientListCard({ titleId, icon, title, intro, children, footer }: PatientListCardProps) {
  return (
    <Card>
      <CardHeader>
        <CardTitle id={titleId} icon={icon}>
          {title}
        </CardTitle>
      </CardHeader>
      <CardContent>
        <p className="mb-3 text-sm text-slate-600">{intro}</p>
        <ul aria-labelledby={titleId} className="divide-y divide-slate-100">
          {children}
        </ul>
      </CardContent>
      {footer}
    </Card>
  );
}

interface PatientListRowProps {
  patientName: string;
  /** The line under the name. */
  detail: ReactNode;
  /** Cut the detail to one line instead of wrapping it. */
  truncateDetail?: boolean;
  /** The row's action, at its end (below the name on a narrow screen). */
  action: ReactNode;
}

/** One patient of a PatientListCard: the name, a detail line and an action. */
export function PatientListRow({ patientName, detail, truncateDetail = false, action }: PatientListRowProps) {
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-1.5 py-2.5 first:pt-0 last:pb-0">
      <div className="min-w-0 flex-1">
        <p className="text-sm font-medium break-words text-slate-900">{patientName}</p>
        <p className={cn("text-xs text-slate-600", truncateDetail && "truncate")}>{detail}</p>
      </div>
      {action}
    </li>
  );
}
