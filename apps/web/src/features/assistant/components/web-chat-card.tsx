import { ExternalLink, Globe } from "lucide-react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { ErrorState } from "@/components/ui/error-state";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Skeleton } from "@/components/ui/skeleton";
import { Textarea } from "@/components/ui/textarea";
import { useWebChatSettings } from "../api/web-chat";

/**
 * "Chat no site" (docs/decisions/016): the public chat link and the one-line snippet that puts a chat
 * bubble on the clinic's own site. Same assistant, settings and tools as WhatsApp; conversations land in Conversas.
 */
export function WebChatCard() {
  const settings = useWebChatSettings();
  return (
    <Card>
      <CardHeader>
        <CardTitle icon={Globe} iconClassName="text-teal-600">Chat no site</CardTitle>
        <CardDescription>
          Os visitantes do seu site conversam com o mesmo assistente do WhatsApp. As conversas aparecem em Conversas como Web Chat, e você
          pode responder por lá.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-5">
        {settings.isPending ? (
          <div className="space-y-3" aria-label="Carregando chat do site">
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-20 w-full" />
          </div>
        ) : settings.isError ? (
          <ErrorState message="Não foi possível carregar o chat do site." onRetry={() => void settings.refetch()} retrying={settings.isFetching} className="py-6 sm:py-8" />
        ) : (
          <>
            <div className="space-y-1.5">
              <Label htmlFor="web-chat-link">Link público do chat</Label>
              {/* Stacked: the card sits in a narrow column beside the figures, and the address is long. */}
              <div className="flex flex-col gap-2">
                <Input id="web-chat-link" readOnly value={settings.data.chat_url} className="font-mono text-xs sm:text-sm" onFocus={(e) => e.currentTarget.select()} />
                <div className="flex gap-2">
                  <CopyButton value={settings.data.chat_url} label="Copiar" />
                  <a
                    href={settings.data.chat_url}
                    target="_blank"
                    rel="noreferrer"
                    className="inline-flex h-10 items-center gap-1.5 rounded-lg px-3 text-sm font-medium text-teal-700 hover:bg-teal-50 focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:outline-none"
                  >
                    <ExternalLink aria-hidden className="size-4" />
                    Abrir
                  </a>
                </div>
              </div>
              <p className="text-sm text-slate-600">Compartilhe nas redes sociais, no Google ou na assinatura do e-mail.</p>
            </div>

            <div className="space-y-1.5">
              <Label htmlFor="web-chat-snippet">Código para o seu site</Label>
              <Textarea
                id="web-chat-snippet"
                readOnly
                rows={4}
                value={settings.data.embed_snippet}
                className="font-mono text-xs"
                onFocus={(e) => e.currentTarget.select()}
              />
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="text-sm text-slate-600">
                  Cole esta linha antes de <code className="rounded bg-slate-100 px-1 font-mono text-xs">&lt;/body&gt;</code> em todas as páginas: um
                  botão de chat aparece no canto da tela.
                </p>
                <CopyButton value={settings.data.embed_snippet} label="Copiar" />
              </div>
            </div>

            <ul className="list-disc space-y-1 pl-5 text-sm text-slate-600">
              <li>Antes de agendar, o assistente pede o nome e o WhatsApp do visitante, e a conversa fica ligada a esse paciente.</li>
              <li>Para evitar abusos, cada visitante tem um limite diário de respostas automáticas; depois disso, a conversa espera por você.</li>
            </ul>
          </>
        )}
      </CardContent>
    </Card>
  );
}
