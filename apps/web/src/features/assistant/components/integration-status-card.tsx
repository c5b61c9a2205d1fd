import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";

/** Card 1 of docs/product/assistant.md §2: active when a number is linked, otherwise pending. */
export function IntegrationStatusCard({ number, loading }: { number: string | null; loading: boolean }) {
  const active = number !== null;
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between gap-3">
        <CardTitle>Status da integração</CardTitle>
        {loading ? <Skeleton className="h-6 w-28" /> : active ? <Badge tone="success">WhatsApp ativo</Badge> : <Badge tone="warning">Pendente</Badge>}
      </CardHeader>
      <CardContent className="text-sm leading-relaxed text-slate-600">
        {loading ? (
          <Skeleton className="h-10 w-full" />
        ) : active ? (
          <p>
            As mensagens do seu número comercial chegam à Clinora. O assistente virtual responde os pacientes
            e as conversas aparecem em Conversas.
          </p>
        ) : (
          <p>
            Nenhum número do WhatsApp está vinculado à sua conta ainda. Avise a equipe Clinora para provisionar o seu número.
          </p>
        )}
      </CardContent>
    </Card>
  );
}
