import type { ProfessionalAccess } from "@clinora/contracts";
import { KeyRound, ShieldAlert, UserCheck } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { serverDetail } from "@/lib/api-client";
import { useCreateProfessionalAccess, useProfessionalLogin } from "../api/professional-access";

export interface ProfessionalAccessPanelProps {
  professional: { id: string; full_name: string; email: string | null };
  /** The access just created with the profile, whose first password is shown this once. */
  created?: ProfessionalAccess | null;
  /** Why the access made with the profile failed, said above the step that makes it. */
  failure?: string | null;
}

/**
 * Whether a professional can sign in (docs/product/admin.md §2.2 "Acesso"): her login, the first password right after
 * it is made, or plainly that she has no access yet, with the step that gives it (email pre-filled).
 */
export function ProfessionalAccessPanel({ professional, created = null, failure = null }: ProfessionalAccessPanelProps) {
  const login = useProfessionalLogin(professional.id);
  const grant = useCreateProfessionalAccess();
  const [email, setEmail] = useState(professional.email ?? "");
  const emailId = useId();
  const access = grant.data ?? created;

  if (access) return <FirstPassword access={access} />;
  if (login.isPending) return <p className="text-sm text-slate-500">Verificando o acesso...</p>;
  if (login.data) {
    return (
      <p className="flex items-center gap-2 rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-900">
        <UserCheck aria-hidden className="size-4 shrink-0" />
        Acesso ativo: entra com <strong className="font-semibold">{login.data.email}</strong>
      </p>
    );
  }

  const problem = grant.error ? (serverDetail(grant.error) ?? "Não foi possível criar o acesso.") : failure;
  return (
    <section aria-labelledby={`${emailId}-title`} className="space-y-3 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3">
      <h3 id={`${emailId}-title`} className="flex items-center gap-2 text-sm font-semibold text-amber-950">
        <ShieldAlert aria-hidden className="size-4 shrink-0" />
        {professional.full_name} ainda não tem acesso ao Clinora
      </h3>
      <p className="text-sm text-amber-950">Sem um login ela não entra na agenda. Crie o acesso com o email dela; a primeira senha aparece aqui uma vez.</p>
      {problem ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {problem}
        </p>
      ) : null}
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="min-w-0 flex-1 space-y-1.5">
          <Label htmlFor={emailId}>Email de acesso</Label>
          <Input id={emailId} type="email" inputMode="email" autoComplete="off" value={email} onChange={(e) => setEmail(e.target.value)} className="bg-white" />
        </div>
        <Button
          type="button"
          icon={KeyRound}
          disabled={grant.isPending || email.trim() === ""}
          aria-busy={grant.isPending || undefined}
          onClick={() => grant.mutate({ professional_id: professional.id, email })}
        >
          Criar acesso
        </Button>
      </div>
    </section>
  );
}

/** The first password, once: the administrator copies it and hands it over; it is never shown again. */
function FirstPassword({ access }: { access: ProfessionalAccess }) {
  return (
    <section role="status" aria-label="Acesso criado" className="space-y-2 rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-950">
      <p className="flex items-center gap-2 font-semibold">
        <UserCheck aria-hidden className="size-4 shrink-0" />
        Acesso criado: entra com {access.user.email}
      </p>
      <p>Primeira senha (aparece só agora; copie e entregue a ela):</p>
      <div className="flex flex-wrap items-center gap-2">
        <code data-testid="first-password" className="rounded-md border border-emerald-300 bg-white px-3 py-1.5 font-mono text-base tracking-wider text-slate-900">
          {access.first_password}
        </code>
        <CopyButton value={access.first_password} label="Copiar senha" size="sm" />
      </div>
    </section>
  );
}
