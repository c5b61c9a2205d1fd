import { UnderConstruction } from "@/components/under-construction";
import { PageHeader } from "@/components/ui/page-header";

export function UsersPage() {
  return (
    <>
      <PageHeader title="Sistema" />
      <UnderConstruction>
        Contas de usuário e configurações globais do assistente de IA ficarão aqui.
      </UnderConstruction>
    </>
  );
}
