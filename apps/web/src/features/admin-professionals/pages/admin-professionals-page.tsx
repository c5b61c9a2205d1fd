import { UnderConstruction } from "@/components/under-construction";
import { PageHeader } from "@/components/ui/page-header";

export function AdminProfessionalsPage() {
  return (
    <>
      <PageHeader title="Gerenciamento de Profissionais" />
      <UnderConstruction>
        Aqui você poderá cadastrar, editar e acompanhar os profissionais da plataforma.
      </UnderConstruction>
    </>
  );
}
