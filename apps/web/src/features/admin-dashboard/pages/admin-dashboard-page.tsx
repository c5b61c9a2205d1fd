import { UnderConstruction } from "@/components/under-construction";
import { PageHeader } from "@/components/ui/page-header";

export function AdminDashboardPage() {
  return (
    <>
      <PageHeader title="Painel SuperAdmin" description="Visão geral da plataforma" />
      <UnderConstruction>
        Os indicadores da plataforma (profissionais, usuários, pacientes, consultas e alertas) aparecerão aqui.
      </UnderConstruction>
    </>
  );
}
