import { BOOKING_SLUG_PATTERN, BOOKING_TEXTS, formatPhoneBR } from "@clinora/contracts";
import { longDate } from "@clinora/contracts/date-display";
import { foldAccents } from "@clinora/contracts/text-fold";
import type { DbOrTx } from "../../platform/db/client";
import { AppError } from "../../platform/lib/app-error";
import type { ScheduleActor } from "../appointments";
import type { PublicPractice } from "../professionals";
import { bookingPageRepository, type BookingPageRow } from "./booking-page.repository";

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

/** "ana-souza" from "Dra. Ana Souza": lowercase ASCII letters and digits joined by hyphens, 3 to 40 characters. */
export function slugOf(name: string): string {
  const words = foldAccents(name)
    .toLowerCase()
    .replace(/\b(dra?|prof(a)?|sr(a)?)\.\s*/g, "")
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  let slug = "";
  for (const word of words) {
    const next = slug ? `${slug}-${word}` : word;
    if (next.length > 34) break;
    slug = next;
  }
  return slug.length >= 3 ? slug : `agenda-${slug || "clinica"}`.slice(0, 34);
}

/** An enabled page, its professional, and the actor its bookings are written as (the patient, on the page). */
export interface BookingContext {
  page: BookingPageRow;
  professional: PublicPractice;
  actor: ScheduleActor;
}

/** The phone the page shows for changes and cancellations, written for people. */
export const phoneOfClinic = (p: PublicPractice) => (p.contactPhone ? formatPhoneBR(p.contactPhone) : null);
/** "quinta-feira, 27 de novembro às 14:00" */
export const whenOf = (date: string, time: string) => `${longDate(date)} às ${time}`;

/** An enabled page by its address, or 404: a page that is off looks exactly like one that does not exist. */
export async function bookingContextOf(db: DbOrTx, slug: string): Promise<BookingContext> {
  const found = BOOKING_SLUG_PATTERN.test(slug) ? await bookingPageRepository(db).findEnabledBySlug(slug) : null;
  if (!found) throw AppError.notFound(BOOKING_TEXTS.pageNotFound);
  const p = found.professional;
  return { ...found, actor: { userId: null, role: "patient", professionalId: p.id, ip: null, practice: p.settings } };
}

/** The page's consultation type at `index`, or 422. */
export function typeOf(ctx: BookingContext, index: number) {
  const type = ctx.page.appointmentTypes[index];
  if (!type) throw AppError.validation([{ field: "type", msg: BOOKING_TEXTS.typeUnknown }]);
  return type;
}
