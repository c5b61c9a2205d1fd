import type { ReactNode } from "react";
import type { Professional } from "@clinora/contracts";
import { Badge } from "@/components/ui/badge";
import { cn } from "@/lib/cn";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";

/** The linked professional record (docs/product/admin.md §2.6): name, specialty, address, city, state, availability, zen mode. */
export function UserProfessionalCard({ professional }: { professional: Professional }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Informações do profissional</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-2 gap-x-6 gap-y-4 text-sm lg:grid-cols-3">
          <Item label="Nome" wide>
            {professional.full_name}
          </Item>
          <Item label="Especialidade">{professional.specialty}</Item>
          <Item label="Disponibilidade">
            <Badge tone={professional.is_available ? "success" : "neutral"}>{professional.is_available ? "Disponível" : "Indisponível"}</Badge>
          </Item>
          <Item label="Endereço" wide>
            {professional.clinic_address ?? "Não informado"}
          </Item>
          <Item label="Cidade">{professional.clinic_city ?? "Não informada"}</Item>
          <Item label="Estado">{professional.clinic_state ?? "Não informado"}</Item>
          <Item label="Modo zen">
            <Badge tone={professional.zen_mode ? "info" : "neutral"}>{professional.zen_mode ? "Ativado" : "Desativado"}</Badge>
          </Item>
        </dl>
      </CardContent>
    </Card>
  );
}

/** `wide` items take the whole row on phones (two columns there). */
function Item({ label, wide = false, children }: { label: string; wide?: boolean; children: ReactNode }) {
  return (
    <div className={cn("min-w-0", wide && "col-span-2 lg:col-span-1")}>
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="mt-0.5 font-medium break-words text-slate-800">{children}</dd>
    </div>
  );
}
