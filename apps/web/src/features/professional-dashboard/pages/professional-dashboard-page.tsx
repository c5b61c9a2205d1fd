import { format } from "date-fns";
import { ptBR } from "date-fns/locale";
import { UnderConstruction } from "@/components/under-construction";
import { PageHeader } from "@/components/ui/page-header";

export function ProfessionalDashboardPage() {
  const today = format(new Date(), "EEEE, d 'de' MMMM 'de' yyyy", { locale: ptBR });
  return (
    <>
      <PageHeader title="Painel" description={<span className="first-letter:uppercase">{today}</span>} />
      <UnderConstruction>
        Sua agenda de hoje, o próximo paciente e os indicadores do consultório aparecerão aqui.
      </UnderConstruction>
    </>
  );
}
