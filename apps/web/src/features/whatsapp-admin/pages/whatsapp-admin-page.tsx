import { PageHeader } from "@/components/ui/page-header";
import { useErrorToast } from "@/hooks/use-error-toast";
import { useWhatsappConfig, webhookUrlOf } from "@/lib/whatsapp";
import { useProfessionalOptions } from "../api/professional-options";
import { CredentialsCard } from "../components/credentials-card";
import { TwilioNumbersCard } from "../components/twilio-numbers-card";
import { WebhookCard } from "../components/webhook-card";
import { WhatsappHealthCard } from "../components/whatsapp-health-card";

/** Spec part 1 §2.7: health, webhook, credentials and the registered numbers. */
export function WhatsAppAdminPage() {
  const config = useWhatsappConfig();
  const professionals = useProfessionalOptions();
  // Without the list the filter offers the platform view only, and numbers can still be added without owner.
  useErrorToast(professionals.isError, professionals.errorUpdatedAt, "Não foi possível carregar a lista de profissionais.");
  const professionalList = professionals.data ?? [];

  return (
    <>
      <PageHeader title="WhatsApp via Twilio" description="Números, webhook e saúde da integração com o Twilio" />
      <div className="space-y-6">
        <WhatsappHealthCard professionals={professionalList} />
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
          <WebhookCard url={webhookUrlOf(config.data)} />
          <CredentialsCard credentials={config.data?.data.credentials} />
        </div>
        <TwilioNumbersCard professionals={professionalList} />
      </div>
    </>
  );
}
