import { BRAZIL_TIME_ZONES, DEFAULT_APPOINTMENT_DURATION, DEFAULT_TIME_ZONE, type Professional } from "@clinora/contracts";
import { formatPhone } from "@/lib/format";

/** Each settings form starts from the saved profile; a missing text is an empty field. */
export function clinicFormValues(p: Professional) {
  return {
    clinic_name: p.clinic_name ?? "",
    clinic_address: p.clinic_address ?? "",
    clinic_city: p.clinic_city ?? "",
    clinic_state: p.clinic_state ?? "",
    clinic_zip: p.clinic_zip ?? "",
    clinic_phone: formatPhone(p.clinic_phone),
    clinic_email: p.clinic_email ?? "",
    bio: p.bio ?? "",
  };
}

export function personalFormValues(p: Professional) {
  return { full_name: p.full_name, phone: formatPhone(p.phone), email: p.email ?? "", specialty: p.specialty };
}

export function consultationFormValues(p: Professional) {
  return {
    appointment_duration: p.appointment_duration,
    business_days: p.business_days,
    business_start: p.business_start,
    business_end: p.business_end,
    timezone: brazilianZoneOr(p.timezone),
  };
}

type BrazilTimeZone = (typeof BRAZIL_TIME_ZONES)[number];

/** A zone saved before the list existed (or by other means) shows as the default until the user picks one. */
function brazilianZoneOr(zone: string): BrazilTimeZone {
  return (BRAZIL_TIME_ZONES as readonly string[]).includes(zone) ? (zone as BrazilTimeZone) : DEFAULT_TIME_ZONE;
}

/** docs/product/settings.md §5: the duration field falls back to 50 when it does not hold a number. */
export function durationOrDefault(input: unknown): number {
  const text = String(input ?? "").trim();
  const value = Number(text);
  return text === "" || !Number.isFinite(value) ? DEFAULT_APPOINTMENT_DURATION : value;
}
