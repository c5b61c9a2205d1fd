import { UnderConstruction } from "@/components/under-construction";
import { PageHeader } from "@/components/ui/page-header";

export function LeadsPage() {
  return (
    <>
      <PageHeader title="Gerenciamento de Leads" />
      <UnderConstruction>
        Aqui você acompanhará os contatos comerciais, do primeiro contato à conversão.
      </UnderConstruction>
    </>
  );
}
