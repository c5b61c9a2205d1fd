import { CircleCheck } from "lucide-react";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";

const PRACTICES = [
  "Teste o atendimento enviando uma mensagem para o seu número do WhatsApp.",
  "Para adicionar ou trocar o número remetente, peça ao suporte.",
  "Revise periodicamente as respostas do assistente em Conversas e ajuste o prompt e as instruções.",
];

/** Card 5 of docs/product/assistant.md §2. */
export function BestPracticesCard() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Boas práticas</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-3 md:grid-cols-3">
          {PRACTICES.map((practice) => (
            <li key={practice} className="flex gap-2.5 text-sm leading-relaxed text-slate-600">
              <CircleCheck aria-hidden className="mt-0.5 size-4 shrink-0 text-brand-600" />
              {practice}
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
