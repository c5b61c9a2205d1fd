import { useSearchParams } from "react-router";
import { UnderConstruction } from "@/components/under-construction";
import { PageHeader } from "@/components/ui/page-header";

/** SuperAdminUserDetails: the user comes from the `userId` query parameter (spec part 1 §2.8). */
export function UserDetailsPage() {
  const [searchParams] = useSearchParams();
  const userId = searchParams.get("userId");
  return (
    <>
      <PageHeader title="Detalhes do Usuário" description={userId ? `ID ${userId}` : undefined} />
      <UnderConstruction>
        Dados da conta, informações profissionais, contadores, notas administrativas e histórico de ações
        aparecerão aqui.
      </UnderConstruction>
    </>
  );
}
