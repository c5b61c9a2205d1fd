import { Bot, CalendarCheck, ShieldCheck } from "lucide-react";
import { BrandLogo } from "@/components/ui/brand-logo";

const HIGHLIGHTS = [
  { icon: CalendarCheck, title: "Agenda organizada", text: "Consultas, pacientes e tarefas em um só lugar." },
  { icon: Bot, title: "Assistente virtual", text: "Respostas automáticas aos pacientes pelo WhatsApp." },
  { icon: ShieldCheck, title: "Dados protegidos", text: "Informações dos pacientes tratadas com cuidado e sigilo." },
] as const;

/** Left half of the login screen on wide displays: a complementary landmark beside the form's <main>. */
export function BrandPanel() {
  return (
    <aside aria-label="Sobre o Clinora" className="relative hidden overflow-hidden bg-gradient-to-br from-brand-700 via-brand-800 to-brand-950 lg:flex lg:flex-col lg:justify-between lg:p-12 xl:p-16">
      <div aria-hidden className="pointer-events-none absolute -top-32 -right-32 size-96 rounded-full bg-brand-500/20 blur-3xl" />
      <div aria-hidden className="pointer-events-none absolute -bottom-40 -left-24 size-[28rem] rounded-full bg-emerald-400/10 blur-3xl" />

      <BrandLogo tone="light" size="lg" className="relative" />

      <div className="relative max-w-md">
        <h2 className="text-3xl leading-tight font-semibold tracking-tight text-white xl:text-4xl">
          Gestão de consultório para profissionais de saúde
        </h2>
        <p className="mt-4 text-base leading-relaxed text-brand-100/90">
          Menos tempo com a rotina administrativa, mais tempo para cuidar de quem importa.
        </p>
        <ul className="mt-10 space-y-6">
          {HIGHLIGHTS.map(({ icon: Icon, title, text }) => (
            <li key={title} className="flex gap-4">
              <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-white/10 text-white ring-1 ring-white/15">
                <Icon aria-hidden className="size-5" />
              </span>
              <div>
                <p className="font-medium text-white">{title}</p>
                <p className="mt-0.5 text-sm text-brand-100/80">{text}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>

      <p className="relative text-sm text-brand-200/70">© {new Date().getFullYear()} Clinora</p>
    </aside>
  );
}
