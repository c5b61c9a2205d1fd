import { UnderConstruction } from "@/components/under-construction";
import { PageHeader } from "@/components/ui/page-header";

export function ConversationsPage() {
  return (
    <>
      <PageHeader title="Conversas" />
      <UnderConstruction>
        As conversas com pacientes pelo WhatsApp e pelo chat do site ficarão aqui.
      </UnderConstruction>
    </>
  );
}
