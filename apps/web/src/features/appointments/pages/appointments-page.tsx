import { UnderConstruction } from "@/components/under-construction";
import { PageHeader } from "@/components/ui/page-header";

export function AppointmentsPage() {
  return (
    <>
      <PageHeader title="Compromissos" />
      <UnderConstruction>Sua agenda em lista, linha do tempo, semana e mês ficará aqui.</UnderConstruction>
    </>
  );
}
