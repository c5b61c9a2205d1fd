import { PageHeader } from "@/components/ui/page-header";
import { useProfessionalOptions } from "@/features/professionals/api/professionals";
import { useWhatsappConfig, webhookUrlOf } from "@/features/whatsapp/api/whatsapp";
import { CredentialsCard } from "@/features/whatsapp/components/credentials-card";
import { TwilioNumbersCard } from "@/features/whatsapp/components/twilio-numbers-card";
import { WebhookCard } from "@/features/whatsapp/components/webhook-card";
import { WhatsappHealthCard } from "@/features/whatsapp/components/whatsapp-health-card";
import { useErrorToast } from "@/hooks/use-error-toast";

/** docs/product/admin.md §2.5: health, webhook, credentials and the registered numbers. */
export function WhatsAppAdminPage() {
  const config = useWhatsappConfig();
  const professionals = useProfessionalOptions();
  // Without the list the filter offers the platform view only, and numbers can still be added without owner.
  useErrorToast(professionals.error, "Não foi possível carregar a lista de profissionais.");
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
