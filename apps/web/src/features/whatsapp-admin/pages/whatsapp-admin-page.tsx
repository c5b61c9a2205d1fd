import { UnderConstruction } from "@/components/under-construction";
import { PageHeader } from "@/components/ui/page-header";

export function WhatsAppAdminPage() {
  return (
    <>
      <PageHeader title="WhatsApp via Twilio" />
      <UnderConstruction>
        Saúde da integração, URL do webhook e números cadastrados ficarão aqui.
      </UnderConstruction>
    </>
  );
}
