import { ArrowLeft } from "lucide-react";
import { Link } from "react-router";
import { pagePath } from "@/lib/page-paths";
import { Button } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page-header";
import { useErrorToast } from "@/hooks/use-error-toast";
import { useWhatsappConfig, webhookUrlOf } from "@/features/whatsapp/api/whatsapp";
import { AssistantSettingsCard } from "@/features/assistant/components/assistant-settings-card";
import { AssistantTestCard } from "@/features/assistant/components/assistant-test-card";
import { BestPracticesCard } from "@/features/assistant/components/best-practices-card";
import { IntegrationStatusCard } from "@/features/assistant/components/integration-status-card";
import { MessageMonitoringCard } from "@/features/whatsapp/components/whatsapp-health-card";
import { WebChatCard } from "@/features/assistant/components/web-chat-card";
import { WhatsappTwilioCard } from "@/features/whatsapp/components/whatsapp-twilio-card";

/** docs/product/assistant.md §2: the five cards, and "Testar assistente" between the settings form and the best practices. */
export function AssistantSettingsPage() {
  const config = useWhatsappConfig();
  useErrorToast(config.error, "Não foi possível carregar as configurações. Tente novamente.");
  const number = config.data?.data.twilioNumber ?? null;

  return (
    <>
      <PageHeader
        title="Assistente virtual e WhatsApp"
        description="Integração com o WhatsApp, indicadores de mensagens e o comportamento do assistente virtual"
        actions={
          <Button asChild variant="outline">
            <Link to={pagePath("ClinicSettings")}>
              <ArrowLeft aria-hidden />
              Configurações
            </Link>
          </Button>
        }
      />
      {/* Two columns on wide screens: the number and webhook beside the figures and the form. */}
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-5">
        <div className="space-y-6 lg:col-span-2">
          <IntegrationStatusCard number={number} loading={config.isPending} />
          <WhatsappTwilioCard number={number} webhookUrl={webhookUrlOf(config.data)} loading={config.isPending} />
          <WebChatCard />
        </div>
        <div className="min-w-0 space-y-6 lg:col-span-3">
          <MessageMonitoringCard />
          <AssistantSettingsCard />
          <AssistantTestCard />
        </div>
        <div className="lg:col-span-5">
          <BestPracticesCard />
        </div>
      </div>
    </>
  );
}
