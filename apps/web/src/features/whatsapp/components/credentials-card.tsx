import type { WhatsappConfig } from "@clinora/contracts";
import { KeyRound } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";

type Credentials = WhatsappConfig["data"]["credentials"];

const VARIABLES: { key: keyof Credentials; name: string; label: string; optional?: boolean }[] = [
  { key: "accountSid", name: "TWILIO_ACCOUNT_SID", label: "Account SID" },
  { key: "authToken", name: "TWILIO_AUTH_TOKEN", label: "Auth Token" },
  { key: "messagingServiceSid", name: "TWILIO_MESSAGING_SERVICE_SID", label: "Messaging Service SID", optional: true },
];

function PresenceBadge({ present, optional }: { present: boolean; optional?: boolean }) {
  if (present) return <Badge tone="success">Configurado</Badge>;
  return optional ? <Badge>Não configurado</Badge> : <Badge tone="warning">Ausente</Badge>;
}

/**
 * docs/product/admin.md §2.5: the Twilio credentials live in the backend environment, not in the product. Only whether
 * each one is set is shown, never its value.
 */
export function CredentialsCard({ credentials }: { credentials: Credentials | undefined }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Credenciais do Twilio</CardTitle>
        <CardDescription>
          Ficam nas variáveis de ambiente do servidor (backend), não no produto: os valores nunca são exibidos. Para
          alterá-las, atualize o ambiente do servidor e reinicie a aplicação.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
          {VARIABLES.map((variable) => (
            <li key={variable.key} className="flex items-center justify-between gap-3 px-4 py-3">
              <div className="flex min-w-0 items-center gap-3">
                <KeyRound aria-hidden className="size-4 shrink-0 text-slate-400" />
                <div className="min-w-0">
                  <p className="text-sm font-medium text-slate-900">
                    {variable.label}
                    {variable.optional ? <span className="font-normal text-slate-500"> (opcional)</span> : null}
                  </p>
                  <code className="block truncate text-xs text-slate-500">{variable.name}</code>
                </div>
              </div>
              {credentials ? (
                <PresenceBadge present={credentials[variable.key]} optional={variable.optional} />
              ) : (
                <Skeleton className="h-5 w-20" />
              )}
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
