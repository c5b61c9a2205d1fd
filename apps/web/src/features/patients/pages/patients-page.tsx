import { UnderConstruction } from "@/components/under-construction";
import { PageHeader } from "@/components/ui/page-header";

export function PatientsPage() {
  return (
    <>
      <PageHeader title="Meus Pacientes" />
      <UnderConstruction>Cadastro, busca e histórico dos seus pacientes ficarão aqui.</UnderConstruction>
    </>
  );
}
