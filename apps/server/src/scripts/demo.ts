/**
 * `npm run demo`: fills the configured database (PostgreSQL when DATABASE_URL is set, else the embedded one
 * in DATA_DIR) with demo data and prints the logins. Safe to run again: nothing is duplicated.
 * With the embedded database, stop the server first: one process at a time may open a PGlite data folder.
 */
import { loadConfig } from "../config";
import { openDatabase } from "../platform/db/client";
import { systemClock } from "../platform/lib/clock";
import { seedDemo } from "../seeds/demo.seed";

const COUNT_LABELS: Record<string, string> = {
  users: "Usuários",
  professionals: "Profissionais",
  patients: "Pacientes",
  appointments: "Compromissos",
  tasks: "Tarefas",
  leads: "Leads",
  conversations: "Conversas",
  messages: "Mensagens",
  twilio_numbers: "Números WhatsApp",
  admin_actions: "Ações administrativas",
  calendar_connections: "Conexões de agenda",
  assistant_settings: "Config. do assistente",
  ai_settings: "Config. global de IA",
};

const ROLE_LABELS: Record<string, string> = {
  admin: "Administrador",
  professional: "Profissional",
  "professional (suspenso)": "Profissional (suspenso)",
  "professional (pendente)": "Profissional (pendente)",
};

function table(headers: string[], rows: string[][]): string[] {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => `  ${cells.map((c, i) => c.padEnd(widths[i]!)).join("  ")}`.trimEnd();
  return [line(headers), line(widths.map((w) => "-".repeat(w))), ...rows.map(line)];
}

async function main() {
  // DATA_DIR resolves against the folder npm was started from (INIT_CWD), like `npm start`.
  const config = loadConfig();
  const database = await openDatabase(
    config.databaseUrl ? { kind: "postgres", url: config.databaseUrl } : { kind: "pglite", dataDir: config.dataDir },
  );
  try {
    console.log(config.databaseUrl ? "Banco: PostgreSQL (DATABASE_URL)" : `Banco: embutido (PGlite) em ${config.dataDir}`);
    await database.migrate();
    const started = Date.now();
    const { logins, counts } = await seedDemo(database.db, systemClock);
    const seconds = ((Date.now() - started) / 1000).toFixed(1);

    const out = [
      "",
      `Dados de demonstração prontos (${seconds} s). Rodar de novo não duplica nada.`,
      "",
      "Registros no banco:",
      ...table(
        ["tabela", "total"],
        Object.entries(counts).map(([name, n]) => [COUNT_LABELS[name] ?? name, String(n)]),
      ),
      "",
      "Acessos:",
      ...table(
        ["email", "senha", "perfil", "nome"],
        logins.map((l) => [l.email, l.password, ROLE_LABELS[l.role] ?? l.role, l.name]),
      ),
      "",
      "Contas suspensas ou pendentes recebem 403 no login (para demonstrar a mensagem).",
      "",
    ];
    console.log(out.join("\n"));
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  console.error("Falha ao gerar os dados de demonstração:", err);
  process.exit(1);
});
