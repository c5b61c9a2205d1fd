/**
 * Demo data for `npm run demo` (docs/product/platform.md §4): professionals of several specialties
 * and cities, patients with valid CPFs and phones, a month of appointments around today, tasks, leads,
 * WhatsApp and web-chat conversations with messages in every status, and known logins.
 *
 * The material is data in `<area>.data.ts`; `<area>.rows.ts` turn it into rows with PRNGs seeded from stable keys
 * (demo-random.ts); this file writes them.
 */
import { count, inArray } from "drizzle-orm";
import type { PgInsertValue, PgTable } from "drizzle-orm/pg-core";
import type { Db, DbOrTx, Tx } from "../platform/db/client";
import * as s from "../tables";
import type { Clock } from "../platform/lib/clock";
import { hashPassword } from "../platform/lib/password";
import { DEMO_ADMIN, DEMO_PROFESSIONAL_PASSWORD, DEMO_PROFESSIONALS } from "./accounts.data";
import { accountRows, adminActionRows, type DemoLogin, demoLogins, type StoredAccounts } from "./accounts.rows";
import { appointmentRows } from "./appointments.rows";
import { conversationRows } from "./conversations.rows";
import { leadRows } from "./leads.rows";
import { patientRows } from "./patients.rows";
import { aiSettingsRows, assistantSettingsRows, calendarConnectionRows, twilioNumberRows } from "./settings.rows";
import { taskRows } from "./tasks.rows";

/** The tables the demo fills, as `npm run demo` reports them. */
export const DEMO_TABLES = {
  users: s.users,
  professionals: s.professionals,
  patients: s.patients,
  appointments: s.appointments,
  tasks: s.tasks,
  leads: s.leads,
  conversations: s.conversations,
  messages: s.messages,
  twilio_numbers: s.twilioNumbers,
  admin_actions: s.adminActions,
  calendar_connections: s.calendarConnections,
  assistant_settings: s.assistantSettings,
  ai_settings: s.aiSettings,
} as const;

export interface DemoResult {
  logins: DemoLogin[];
  /** Rows per table after the run (whole tables, so a second run shows the same figures). */
  counts: Record<string, number>;
}

/**
 * Fills the database with realistic Brazilian demo data (docs/product/platform.md §4), in one
 * transaction. Idempotent: every row has an id derived from a stable key and is inserted with ON CONFLICT
 * DO NOTHING, so running it again (the same day or later) adds nothing that exists. Appointment times depend
 * only on the professional and the date, so a later run adds the new days without overlapping older rows.
 * Existing accounts with a demo email are left untouched (their password is not reset).
 */
export async function seedDemo(db: Db, clock: Clock): Promise<DemoResult> {
  const now = clock.now();
  const [admin, professional] = await Promise.all([hashPassword(DEMO_ADMIN.password), hashPassword(DEMO_PROFESSIONAL_PASSWORD)]);

  return db.transaction(async (tx) => {
    const accounts = accountRows(now, { admin, professional });
    await insertAll(tx, s.professionals, accounts.professionals);
    await insertAll(tx, s.users, accounts.users);
    const stored = await storedAccounts(tx, accounts.users);

    await insertAll(tx, s.adminActions, adminActionRows(now, stored));
    await insertAll(tx, s.aiSettings, aiSettingsRows(stored.idOf(DEMO_ADMIN.email)!));
    await insertAll(tx, s.assistantSettings, assistantSettingsRows());
    await insertAll(tx, s.twilioNumbers, twilioNumberRows());
    await insertAll(tx, s.calendarConnections, calendarConnectionRows(now));

    const practice = practiceRows(now);
    await insertAll(tx, s.patients, practice.patients);
    await insertAll(tx, s.appointments, practice.appointments);
    await insertAll(tx, s.tasks, practice.tasks);
    await insertAll(tx, s.conversations, practice.conversations);
    await insertAll(tx, s.messages, practice.messages);
    await insertAll(tx, s.leads, leadRows(now));

    return { logins: demoLogins(stored), counts: await countDemoTables(tx) };
  });
}

/** Each active professional's patients, appointments and tasks, and conversations where it has a WhatsApp number. */
function practiceRows(now: Date) {
  const usedPhones = new Set(DEMO_PROFESSIONALS.map((p) => p.profile.phone));
  const rows = DEMO_PROFESSIONALS.map((p) => {
    const patients = patientRows(p, now, usedPhones);
    const appointments = appointmentRows(p, patients, now);
    const conversations = p.whatsappNumber ? conversationRows(p, patients, appointments, now) : { conversations: [], messages: [] };
    return { patients, appointments, tasks: taskRows(p, patients, now), ...conversations };
  });
  return {
    patients: rows.flatMap((r) => r.patients),
    appointments: rows.flatMap((r) => r.appointments),
    tasks: rows.flatMap((r) => r.tasks),
    conversations: rows.flatMap((r) => r.conversations),
    messages: rows.flatMap((r) => r.messages),
  };
}

/** An account that already existed under a demo email keeps its id and password: ids are read back by email. */
async function storedAccounts(tx: Tx, users: { id: string; email: string }[]): Promise<StoredAccounts> {
  const existing = await tx
    .select({ id: s.users.id, email: s.users.email })
    .from(s.users)
    .where(inArray(s.users.email, users.map((u) => u.email)));
  const idByEmail = new Map(existing.map((u) => [u.email, u.id]));
  return {
    idOf: (email) => idByEmail.get(email),
    ours: (email) => idByEmail.get(email) === users.find((u) => u.email === email)?.id,
  };
}

/** Rows per table of DEMO_TABLES (whole tables). */
export async function countDemoTables(db: DbOrTx): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const [name, table] of Object.entries(DEMO_TABLES)) {
    const [row] = await db.select({ n: count() }).from(table as PgTable);
    counts[name] = row?.n ?? 0;
  }
  return counts;
}

/** Rows per INSERT: well under PostgreSQL's 65,535 bind parameters for the widest table. */
const CHUNK = 500;

async function insertAll<T extends PgTable>(tx: Tx, table: T, rows: PgInsertValue<T>[]): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) {
    await tx.insert(table).values(rows.slice(i, i + CHUNK)).onConflictDoNothing();
  }
}
