import { stripWhatsappPrefix } from "@clinora/contracts";
import { LifeBuoy } from "lucide-react";
import { Alert } from "@/components/ui/alert";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { Label } from "@/components/ui/label";
import { Skeleton } from "@/components/ui/skeleton";
import { WebhookUrlField } from "@/features/whatsapp/components/webhook-url-field";

export interface WhatsappTwilioCardProps {
  /** The assigned sender, possibly with its `whatsapp:` prefix; null when none is assigned. */
  number: string | null;
  webhookUrl: string;
  loading: boolean;
}

/** Card 3 of docs/product/assistant.md §2: the number, the central webhook and where to ask for help. */
export function WhatsappTwilioCard({ number, webhookUrl, loading }: WhatsappTwilioCardProps) {
  const shown = number ? stripWhatsappPrefix(number) : null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Seu número de WhatsApp</CardTitle>
        <CardDescription>
          A integração é gerenciada pela equipe Clinora: você não precisa de tokens nem de conta na Meta.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-5">
        <div className="space-y-1.5">
          <p className="text-sm font-medium text-slate-700">Número atribuído</p>
          {loading ? (
            <Skeleton className="h-10 w-full" />
          ) : shown ? (
            <div className="flex flex-wrap items-center gap-3">
              <span className="font-mono text-base font-semibold text-slate-900">{shown}</span>
              <CopyButton value={shown} label="Copiar número" size="sm" />
            </div>
          ) : (
            <p className="rounded-lg bg-slate-50 px-4 py-3 text-sm text-slate-600 ring-1 ring-slate-100">
              <span className="font-medium text-slate-900">Nenhum número atribuído.</span> Envie ao suporte o número que deseja
              usar no WhatsApp para que ele seja provisionado.
            </p>
          )}
        </div>

        <div className="space-y-1.5">
          <Label htmlFor="assistant-webhook-url">Webhook central</Label>
          <WebhookUrlField id="assistant-webhook-url" url={webhookUrl} />
          <ul className="list-disc space-y-1 pl-5 text-sm text-slate-600">
            <li>Todos os números da plataforma usam este mesmo endereço.</li>
            <li>A configuração do envio é feita pela equipe Clinora; você não precisa alterá-la.</li>
            <li>As mensagens recebidas chegam em Conversas e o assistente responde quando está ativado.</li>
          </ul>
        </div>

        <Alert tone="info" icon={LifeBuoy} title="Precisa de ajuda?">
          Se notar atrasos ou mensagens que não chegaram, fale com o suporte informando o horário e o número do paciente.
        </Alert>
      </CardContent>
    </Card>
  );
}
