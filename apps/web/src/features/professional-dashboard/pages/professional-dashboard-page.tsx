import { format } from "date-fns";
import { ptBR } from "date-fns/locale";
import { UnderConstruction } from "@/components/under-construction";
import { PageHeader } from "@/components/ui/page-header";

export function ProfessionalDashboardPage() {
  const weekdayFirst = format(new Date(), "EEEE, d 'de' MMMM 'de' yyyy", { locale: ptBR });
  const today = weekdayFirst.charAt(0).toUpperCase() + weekdayFirst.slice(1);
  return (
    <>
      <PageHeader title="Painel" description={today} />
      <UnderConstruction>
        Sua agenda de hoje, o próximo paciente e os indicadores do consultório aparecerão aqui.
      </UnderConstruction>
    </>
  );
}
