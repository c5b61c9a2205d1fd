import { UnderConstruction } from "@/components/under-construction";
import { PageHeader } from "@/components/ui/page-header";

export function ClinicSettingsPage() {
  return (
    <>
      <PageHeader title="Configurações" />
      <UnderConstruction>
        Dados do consultório, informações pessoais, consultas, Google Calendar e WhatsApp ficarão aqui.
      </UnderConstruction>
    </>
  );
}
