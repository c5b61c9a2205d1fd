/** A month of appointments around today for each professional (appointments.data.ts). */
import type { AppointmentStatus } from "@clinora/contracts";
import { addDays, localToInstant, minutesOfDay, timeOfDay, todayIn, weekdayOf } from "@clinora/contracts/zoned-time";
import type * as s from "../tables";
import type { DemoProfessional } from "./accounts.data";
import { APPOINTMENT_NOTES, APPOINTMENT_TYPES } from "./appointments.data";
import { DAY, demoId, demoProfessionalId, MINUTE, rngFor } from "./demo-random";
import type { PatientInsert } from "./patients.rows";

/**
 * Business days from 15 days before today to 15 days after (and today itself, even on a weekend, so the
 * dashboard always has a day in progress). The times of a day depend only on (professional, date), never on
 * the hour of the run, which keeps a later run from adding rows that overlap earlier ones.
 */
export function appointmentRows(p: DemoProfessional, patients: PatientInsert[], now: Date): (typeof s.appointments.$inferInsert)[] {
  const professionalId = demoProfessionalId(p.key);
  const { appointmentDuration: duration, businessEnd, timezone } = p.profile;
  const busy = p.busy === true;
  const today = todayIn(timezone, now);
  const rows: (typeof s.appointments.$inferInsert)[] = [];
  const open = 8 * 60;
  const close = minutesOfDay(businessEnd ?? "18:00");
  const candidates: number[] = [];
  for (let t = open; t + duration <= close; t += 30) if (t < 12 * 60 || t >= 13 * 60) candidates.push(t);

  for (let offset = -15; offset <= 15; offset++) {
    const date = addDays(today, offset);
    const weekday = weekdayOf(date);
    if (offset !== 0 && (weekday === 0 || weekday === 6)) continue;
    const rng = rngFor(`appointments:${p.key}:${date}`);
    const wanted = busy ? rng.int(4, 6) : rng.int(2, 6);

    const chosen: number[] = [];
    const fits = (t: number) => chosen.every((c) => t + duration <= c || c + duration <= t);
    // A busy professional always has an afternoon and a late appointment, so "later today" exists most of the day.
    const order = busy
      ? [rng.pick(candidates.filter((t) => t >= 14 * 60 && t < 17 * 60)), rng.pick(candidates.filter((t) => t >= 17 * 60 + 30)), ...rng.shuffle(candidates)]
      : rng.shuffle(candidates);
    for (const t of order) if (chosen.length < wanted && fits(t)) chosen.push(t);
    chosen.sort((a, b) => a - b);

    const dayPatients = rng.shuffle(patients);
    chosen.forEach((minutes, slot) => {
      const time = timeOfDay(minutes);
      const startsAt = localToInstant(date, time, timezone);
      const endsAt = new Date(startsAt.getTime() + duration * MINUTE);
      const patient = dayPatients[slot % dayPatients.length]!;
      const roll = rng.next();
      let status: AppointmentStatus;
      if (endsAt <= now) status = roll < 0.1 ? "cancelled" : "completed";
      else if (startsAt <= now) status = "confirmed";
      else if (offset === 0) status = roll < 0.6 ? "confirmed" : "pending";
      else if (offset <= 2) status = roll < 0.5 ? "confirmed" : "pending";
      else status = roll < 0.25 ? "confirmed" : "pending";
      const bookedAt = new Date(Math.min(now.getTime(), startsAt.getTime() - rng.int(1, 20) * DAY) - rng.int(0, 600) * MINUTE);
      rows.push({
        id: demoId(`appointment:${p.key}:${date}:${time}`),
        professionalId,
        patientId: patient.id,
        appointmentDate: date,
        appointmentTime: time,
        duration,
        appointmentType: rng.weighted(APPOINTMENT_TYPES),
        notes: rng.chance(0.2) ? rng.pick(APPOINTMENT_NOTES) : null,
        status,
        startsAt,
        endsAt,
        source: rng.chance(0.15) ? "assistant" : "manual",
        // Most coming confirmations came from patients answering their WhatsApp reminder (the same draw as the status).
        ...(status === "confirmed" && startsAt > now && roll < 0.4 ? { patientResponse: "confirmed" as const, patientRespondedAt: new Date(Math.max(bookedAt.getTime(), Math.min(now.getTime(), startsAt.getTime() - DAY))) } : {}),
        createdAt: bookedAt,
        updatedAt: status === "completed" || status === "cancelled" ? new Date(Math.min(now.getTime(), endsAt.getTime())) : bookedAt,
      });
    });
  }
  return rows;
}
