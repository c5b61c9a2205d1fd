/** Global AI settings, each practice's assistant, WhatsApp numbers and calendar connections, as rows. */
import type * as s from "../tables";
import { DEMO_PROFESSIONALS, SUSPENDED_PROFESSIONAL } from "./accounts.data";
import { demoId, demoProfessionalId, minutesAgo } from "./demo-random";
import { AI_SETTINGS, ASSISTANT_NAME, SPARE_WHATSAPP_NUMBER } from "./settings.data";

export function aiSettingsRows(updatedBy: string): (typeof s.aiSettings.$inferInsert)[] {
  return [{ id: 1, ...AI_SETTINGS, updatedBy }];
}

export function assistantSettingsRows(): (typeof s.assistantSettings.$inferInsert)[] {
  return [
    ...DEMO_PROFESSIONALS.map((p) => ({ key: p.key, instructions: p.assistantInstructions ?? null })),
    { key: SUSPENDED_PROFESSIONAL.key, instructions: null },
  ].map(({ key, instructions }) => ({ professionalId: demoProfessionalId(key), aiRoleName: ASSISTANT_NAME, aiInstructions: instructions }));
}

export function twilioNumberRows(): (typeof s.twilioNumbers.$inferInsert)[] {
  const spare = SPARE_WHATSAPP_NUMBER;
  return [
    ...DEMO_PROFESSIONALS.flatMap(({ key, whatsappNumber, profile }) =>
      whatsappNumber
        ? [{ key, e164: whatsappNumber, label: `Recepção ${profile.clinicName}`, professionalId: demoProfessionalId(key) }]
        : [],
    ),
    { ...spare, professionalId: null },
  ].map(({ key, e164, label, professionalId }) => ({
    id: demoId(`twilio:${key}`),
    twilioNumber: `whatsapp:${e164}`,
    e164Number: e164,
    label,
    professionalId,
  }));
}

export function calendarConnectionRows(now: Date): (typeof s.calendarConnections.$inferInsert)[] {
  return DEMO_PROFESSIONALS.flatMap(({ key, calendar, profile }) =>
    calendar
      ? [
          {
            id: demoId(`calendar:${key}`),
            professionalId: demoProfessionalId(key),
            accountEmail: calendar.accountEmail,
            timezone: profile.timezone,
            status: calendar.status,
            lastError: calendar.lastError ?? null,
            lastSyncedAt: minutesAgo(now, calendar.lastSyncedMinutesAgo),
          },
        ]
      : [],
  );
}
