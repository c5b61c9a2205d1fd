import { UnderConstruction } from "@/components/under-construction";
import { PageHeader } from "@/components/ui/page-header";

export function AssistantSettingsPage() {
  return (
    <>
      <PageHeader title="Assistente Virtual & WhatsApp" />
      <UnderConstruction>
        Status da integração, indicadores de mensagens e configurações do assistente virtual ficarão aqui.
      </UnderConstruction>
    </>
  );
}
