import { BOOKING_LIMIT_PER_ADDRESS_PER_HOUR, BOOKING_LIMIT_PER_PHONE_PER_DAY, BOOKING_TEXTS, toE164BR } from "@clinora/contracts";
import type { Db } from "../../platform/db/client";
import { AppError } from "../../platform/lib/app-error";
import type { Clock } from "../../platform/lib/clock";
import { sha256Hex } from "../../platform/lib/crypto";
import { rateLimitRepository } from "../../platform/plugins/rate-limit-store";
import { DAY, HOUR, type BookingContext } from "./booking-page-context";

/** A Brazilian mobile in E.164: +55, a DDD and nine digits starting with 9. */
const BRAZILIAN_MOBILE = /^\+55[1-9]\d9\d{8}$/;

/** The patient's WhatsApp number in E.164, or 422: the page books only Brazilian mobiles. */
export function mobileOf(input: string) {
  const phone = toE164BR(input);
  if (!phone || !BRAZILIAN_MOBILE.test(phone)) throw AppError.validation([{ field: "phone", msg: BOOKING_TEXTS.phoneInvalid }]);
  return phone;
}

/** A filled honeypot: people never see the field, robots fill every field. Nothing is written. */
export function refuseRobot(website: string | undefined) {
  if (website && website.trim() !== "") throw AppError.validation([{ field: "website", msg: "Não foi possível enviar. Atualize a página e tente novamente." }]);
}

/**
 * The page's limits, counted in the database (shared by every server process): attempts per address per hour and
 * per phone number per day, whatever their outcome. Over either: 429 in Portuguese, nothing written.
 */
export async function takeAttempt(db: Db, clock: Clock, ctx: BookingContext, ip: string, phone: string) {
  const now = clock.now().getTime();
  const hourStart = now - (now % HOUR);
  const dayStart = now - (now % DAY);
  const totals = await rateLimitRepository(db).addHits([
    { scope: "booking-page:address", client: ip, windowStart: hourStart, windowMs: HOUR, hits: 1 },
    // Only a hash of the number: the counts table is no place for patients' phones.
    { scope: "booking-page:phone", client: sha256Hex(`${ctx.page.professionalId}:${phone}`), windowStart: dayStart, windowMs: DAY, hits: 1 },
  ]);
  const over = totals.some((t) => t.total > (t.scope === "booking-page:address" ? BOOKING_LIMIT_PER_ADDRESS_PER_HOUR : BOOKING_LIMIT_PER_PHONE_PER_DAY));
  if (over) throw AppError.tooManyRequests(BOOKING_TEXTS.tooManyRequests);
}
