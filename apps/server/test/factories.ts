import { randomUUID } from "node:crypto";
import { DEFAULT_TIME_ZONE } from "@clinora/contracts";
import { localToInstant } from "@clinora/contracts/zoned-time";
import type { Db } from "../src/platform/db/client";
import * as s from "../src/tables";
import { hashPassword } from "../src/platform/lib/password";
import { nameSortKey } from "../src/platform/db/text-search";

export const DEFAULT_PASSWORD = "Senha@12345";

let cachedHash: Promise<string> | undefined;
const defaultHash = () => (cachedHash ??= hashPassword(DEFAULT_PASSWORD));

const unique = () => randomUUID().slice(0, 8);

/** Test data builders: `make.professional({ ... })` with sensible defaults and overrides. */
export function factories(db: Db) {
  const make = {
    async professional(overrides: Partial<typeof s.professionals.$inferInsert> = {}) {
      const [row] = await db
        .insert(s.professionals)
        .values({ fullName: `Dra. Teste ${unique()}`, specialty: "Psicologia", clinicCity: "São Paulo", clinicState: "SP", ...overrides })
        .returning();
      return row!;
    },

    async user(overrides: Partial<typeof s.users.$inferInsert> & { password?: string } = {}) {
      const { password, ...rest } = overrides;
      const [row] = await db
        .insert(s.users)
        .values({
          email: `user-${unique()}@teste.com.br`,
          passwordHash: password ? await hashPassword(password) : await defaultHash(),
          role: "admin",
          status: "active",
          fullName: "Usuário Teste",
          ...rest,
        })
        .returning();
      return { ...row!, password: password ?? DEFAULT_PASSWORD };
    },

    admin(overrides: Partial<typeof s.users.$inferInsert> = {}) {
      return make.user({ role: "admin", fullName: "Admin Teste", ...overrides });
    },

    /** A professional record and its login. */
    async professionalUser(overrides: Partial<typeof s.users.$inferInsert> = {}, profile: Partial<typeof s.professionals.$inferInsert> = {}) {
      const professional = await make.professional(profile);
      const user = await make.user({ role: "professional", fullName: professional.fullName, professionalId: professional.id, ...overrides });
      return { user, professional };
    },

    async patient(professionalId: string, overrides: Partial<typeof s.patients.$inferInsert> = {}) {
      const name = overrides.name ?? `Paciente ${unique()}`;
      const [row] = await db.insert(s.patients).values({ professionalId, name, nameSort: nameSortKey(name), ...overrides }).returning();
      return row!;
    },

    async task(professionalId: string, overrides: Partial<typeof s.tasks.$inferInsert> = {}) {
      const [row] = await db.insert(s.tasks).values({ professionalId, title: `Tarefa ${unique()}`, ...overrides }).returning();
      return row!;
    },

    /** An appointment at a local date and time in São Paulo (the default zone), 50 minutes unless told. */
    async appointment(professionalId: string, patientId: string, overrides: Partial<typeof s.appointments.$inferInsert> = {}) {
      const date = overrides.appointmentDate ?? "2026-03-10";
      const time = overrides.appointmentTime ?? "10:00";
      const duration = overrides.duration ?? 50;
      const startsAt = localToInstant(date, time, DEFAULT_TIME_ZONE);
      const [row] = await db
        .insert(s.appointments)
        .values({
          professionalId,
          patientId,
          appointmentDate: date,
          appointmentTime: time,
          duration,
          startsAt,
          endsAt: new Date(startsAt.getTime() + duration * 60_000),
          ...overrides,
        })
        .returning();
      return row!;
    },

    async twilioNumber(overrides: Partial<typeof s.twilioNumbers.$inferInsert> = {}) {
      const e164 = overrides.e164Number ?? `+55119${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;
      const [row] = await db
        .insert(s.twilioNumbers)
        .values({ twilioNumber: `whatsapp:${e164}`, e164Number: e164, ...overrides })
        .returning();
      return row!;
    },

    async lead(overrides: Partial<typeof s.leads.$inferInsert> = {}) {
      const [row] = await db.insert(s.leads).values({ name: `Lead ${unique()}`, contactForm: `lead-${unique()}@teste.com.br`, ...overrides }).returning();
      return row!;
    },

    /** A WhatsApp conversation waiting for a reply, last message now, unless overridden. */
    async conversation(professionalId: string, overrides: Partial<typeof s.conversations.$inferInsert> = {}) {
      const [row] = await db
        .insert(s.conversations)
        .values({ professionalId, patientName: `Paciente ${unique()}`, phoneNumber: "+5511987650000", lastMessage: "Olá!", lastMessageAt: new Date(), ...overrides })
        .returning();
      return row!;
    },

    /** A message of `conversation`: inbound unless told; outbound ones default to status sent. */
    async message(conversation: { id: string; professionalId: string }, overrides: Partial<typeof s.messages.$inferInsert> = {}) {
      const direction = overrides.direction ?? "inbound";
      const [row] = await db
        .insert(s.messages)
        .values({
          professionalId: conversation.professionalId,
          conversationId: conversation.id,
          direction,
          content: "Olá!",
          status: direction === "outbound" ? "sent" : null,
          ...overrides,
        })
        .returning();
      return row!;
    },

    async calendarConnection(professionalId: string, overrides: Partial<typeof s.calendarConnections.$inferInsert> = {}) {
      const [row] = await db.insert(s.calendarConnections).values({ professionalId, accountEmail: `agenda-${unique()}@gmail.com`, ...overrides }).returning();
      return row!;
    },
  };
  return make;
}
