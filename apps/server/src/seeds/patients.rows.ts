/** Each professional's patients, drawn from people.data.ts with a PRNG seeded by the professional's key. */
import { formatPhoneBR, generateCpf } from "@clinora/contracts";
import type * as s from "../tables";
import { nameSortKey } from "../platform/db/text-search";
import { patientSearchText } from "../modules/patients";
import type { DemoProfessional } from "./accounts.data";
import { DAY, demoId, demoProfessionalId, MINUTE, plain, rngFor } from "./demo-random";
import {
  CITY_STREETS,
  EMAIL_DOMAINS,
  EMERGENCY_RELATIONS,
  FEMALE_NAMES,
  MALE_NAMES,
  PATIENT_NOTES,
  PREFERRED_TIMES,
  SURNAMES,
} from "./people.data";

export type PatientInsert = typeof s.patients.$inferInsert & { id: string; name: string; professionalId: string };

/** `usedPhones` is shared by all professionals, so no two patients of the demo share a mobile. */
export function patientRows(p: DemoProfessional, now: Date, usedPhones: Set<string>): PatientInsert[] {
  const professionalId = demoProfessionalId(p.key);
  const { clinicCity, clinicState } = p.profile;
  const rng = rngFor(`patients:${p.key}`);
  const names = new Set<string>();
  const emails = new Set<string>();
  const cpfs = new Set<string>();
  const street = CITY_STREETS[clinicCity]!;
  const pediatric = p.patients.ages[1] < 18;
  const year = now.getUTCFullYear();
  const rows: PatientInsert[] = [];

  const mobile = () => {
    let phone: string;
    do phone = `+55${p.patients.ddd}9${rng.int(6, 9)}${String(rng.int(0, 9_999_999)).padStart(7, "0")}`;
    while (usedPhones.has(phone));
    usedPhones.add(phone);
    return phone;
  };

  for (let i = 0; i < p.patients.count; i++) {
    let first: string;
    let name: string;
    do {
      first = rng.chance(0.55) ? rng.pick(FEMALE_NAMES) : rng.pick(MALE_NAMES);
      const surnames = rng.shuffle(SURNAMES).slice(0, rng.chance(0.6) ? 2 : 1);
      name = [first, ...surnames].join(" ");
    } while (names.has(name));
    names.add(name);
    const last = name.split(" ").at(-1)!;

    let cpf: string | null = null;
    if (rng.chance(0.92)) {
      do cpf = generateCpf(rng.next);
      while (cpfs.has(cpf));
      cpfs.add(cpf);
    }

    // A child's contact details are a parent's.
    const guardian = rng.pick(FEMALE_NAMES);
    let email: string | null = null;
    if (rng.chance(pediatric ? 0.5 : 0.88)) {
      const local = `${plain(pediatric ? guardian : first)}.${plain(last)}`;
      let candidate = `${local}${rng.chance(0.4) ? rng.int(1, 99) : ""}@${rng.pick(EMAIL_DOMAINS)}`;
      while (emails.has(candidate)) candidate = `${local}${rng.int(100, 999)}@${rng.pick(EMAIL_DOMAINS)}`;
      emails.add(candidate);
      email = candidate;
    }

    const phone = mobile();
    const age = rng.int(p.patients.ages[0], p.patients.ages[1]);
    const birthDate = `${year - age - 1 + (rng.chance(0.5) ? 1 : 0)}-${String(rng.int(1, 12)).padStart(2, "0")}-${String(rng.int(1, 28)).padStart(2, "0")}`;
    const address = rng.chance(0.7)
      ? `${rng.pick(street.streets)}, ${rng.int(10, 2999)}${rng.chance(0.4) ? `, apto ${rng.int(11, 184)}` : ""} - ${rng.pick(street.districts)}, ${clinicCity} - ${clinicState}`
      : null;
    const emergencyContact = pediatric
      ? `${guardian} ${last} (mãe) - ${formatPhoneBR(phone)}`
      : rng.chance(0.5)
        ? `${rng.chance(0.5) ? rng.pick(FEMALE_NAMES) : rng.pick(MALE_NAMES)} ${last} (${rng.pick(EMERGENCY_RELATIONS)}) - ${formatPhoneBR(mobile())}`
        : null;
    const createdAt = new Date(now.getTime() - rng.int(3, 700) * DAY - rng.int(0, 600) * MINUTE);

    const row = {
      id: demoId(`patient:${p.key}:${i}`),
      professionalId,
      name,
      phone,
      email,
      birthDate,
      cpf,
      address,
      preferredTime: rng.chance(0.6) ? rng.pick(PREFERRED_TIMES) : null,
      notes: rng.chance(0.45) ? rng.pick(PATIENT_NOTES) : null,
      medicalHistory: rng.chance(0.65) ? rng.pick(p.patients.histories) : null,
      emergencyContact,
      createdAt,
      updatedAt: createdAt,
    };
    rows.push({ ...row, searchText: patientSearchText(row), nameSort: nameSortKey(row.name) });
  }
  return rows;
}
