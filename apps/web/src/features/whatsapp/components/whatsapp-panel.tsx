import { ArrowRight, MessageCircle } from "lucide-react";
import { Link } from "react-router";
import { pagePath } from "@/lib/page-paths";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { ErrorState } from "@/components/ui/error-state";
import { Skeleton } from "@/components/ui/skeleton";
import { formatPhone } from "@/lib/format";
import { useWhatsappConfig } from "@/features/whatsapp/api/whatsapp";

/** WhatsApp tab (docs/product/settings.md §2): whether a number is assigned, and the way to the assistant's settings. */
export function WhatsappPanel() {
  const { data, isPending, error, refetch, isFetching } = useWhatsappConfig();
  const number = data?.data.twilioNumber ?? null;

  return (
    <Card>
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle icon={MessageCircle}>WhatsApp</CardTitle>
          {isPending || error ? null : number ? (
            <Badge tone="success">WhatsApp ativo</Badge>
          ) : (
            <Badge tone="warning">Pendente de provisionamento</Badge>
          )}
        </div>
        <CardDescription>
          O número de WhatsApp do consultório é provisionado pela equipe do Clinora; o assistente virtual responde
          aos pacientes por ele.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {isPending ? (
          <div aria-busy className="space-y-2">
            <Skeleton className="h-4 w-40" />
            <Skeleton className="h-6 w-56" />
          </div>
        ) : error ? (
          <ErrorState message="Não foi possível carregar a configuração do WhatsApp." onRetry={() => void refetch()} retrying={isFetching} className="py-8" />
        ) : number ? (
          <div>
            <p className="text-xs font-medium tracking-wide text-slate-500 uppercase">Número atribuído</p>
            <p className="mt-1 text-lg font-semibold text-slate-900">{formatPhone(number)}</p>
          </div>
        ) : (
          <p className="text-sm text-slate-600">
            Nenhum número atribuído ainda. Informe ao suporte o número desejado para ativar o atendimento pelo WhatsApp.
          </p>
        )}
      </CardContent>
      <CardFooter className="justify-end">
        <Button asChild variant="outline" className="w-full sm:w-auto">
          <Link to={pagePath("ProfessionalWhatsAppSettings")}>
            Assistente virtual e WhatsApp
            <ArrowRight aria-hidden />
          </Link>
        </Button>
      </CardFooter>
    </Card>
  );
}
