import type { Conversation } from "@clinora/contracts";
import { ChevronRight, Siren } from "lucide-react";
import { Link } from "react-router";
import { formatDateTimeLong, formatPhone } from "@/lib/format";
import { pagePath } from "@/lib/page-paths";

const nameOf = (c: Conversation) =>
  c.patient_name?.trim() || formatPhone(c.phone_number) || (c.channel === "web_chat" ? "Visitante do site" : "Contato desconhecido");

/**
 * Open emergencies and crises (docs/decisions/022), above everything else on the Painel; each opens its
 * conversation in Conversas. Nothing is shown when there is none.
 */
export function UrgentConversationsCard({ conversations, total }: { conversations: Conversation[]; total: number }) {
  if (conversations.length === 0) return null;
  return (
    <section aria-labelledby="urgent-conversations-title" className="rounded-xl border-2 border-red-600 bg-red-50 p-4 shadow-sm sm:p-5">
      <h2 id="urgent-conversations-title" className="flex items-center gap-2 text-base font-semibold text-red-800">
        <Siren aria-hidden className="size-5" />
        {total === 1 ? "1 conversa urgente" : `${total} conversas urgentes`}
      </h2>
      <p className="mt-1 text-sm text-red-900">
        Pacientes que escreveram sobre uma emergência ou sobre pensamentos de se machucar. Eles já receberam o número do SAMU (192) e, se
        falaram em se machucar, também o do CVV (188). Responda assim que possível.
      </p>
      <ul className="mt-3 space-y-2" aria-label="Conversas urgentes">
        {conversations.map((c) => (
          <li key={c.id}>
            <Link
              to={`${pagePath("ProfessionalConversations")}?conversa=${c.id}`}
              className="flex items-center gap-3 rounded-lg bg-white px-3 py-2.5 ring-1 ring-red-200 transition-colors hover:bg-red-100 focus-visible:ring-2 focus-visible:ring-red-600 focus-visible:outline-none"
            >
              <span className="min-w-0 flex-1">
                <span className="block truncate font-semibold text-slate-900">{nameOf(c)}</span>
                <span className="block truncate text-xs text-slate-600">
                  {c.last_message_at ? `${formatDateTimeLong(c.last_message_at)} · ` : ""}
                  {c.channel === "web_chat" ? "Chat do site" : "WhatsApp"}
                </span>
              </span>
              <span className="inline-flex shrink-0 items-center gap-1 text-sm font-medium text-red-700">
                Abrir conversa
                <ChevronRight aria-hidden className="size-4" />
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
