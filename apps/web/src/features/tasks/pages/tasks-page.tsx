import { UnderConstruction } from "@/components/under-construction";
import { PageHeader } from "@/components/ui/page-header";

export function TasksPage() {
  return (
    <>
      <PageHeader title="Tarefas" />
      <UnderConstruction>Suas tarefas, prioridades e prazos ficarão aqui.</UnderConstruction>
    </>
  );
}
