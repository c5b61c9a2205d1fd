/** The platform's sales leads (leads.data.ts), with names from people.data.ts. */
import type { LeadStatus } from "@clinora/contracts";
import type * as s from "../tables";
import { DAY, demoId, MINUTE, plain, rngFor } from "./demo-random";
import { LEAD_DDDS, LEAD_NOTES, LEAD_SOURCES, LEAD_SPECIALTIES, LEAD_STATUS_MIX } from "./leads.data";
import { EMAIL_DOMAINS, FEMALE_NAMES, MALE_NAMES, SURNAMES } from "./people.data";

/** LEAD_STATUS_MIX in a shuffled order, each lead with a name, a contact, a source and a note for its status. */
export function leadRows(now: Date): (typeof s.leads.$inferInsert)[] {
  const rng = rngFor("leads");
  const statuses = rng.shuffle(
    (Object.entries(LEAD_STATUS_MIX) as [LeadStatus, number][]).flatMap(([status, n]) => Array<LeadStatus>(n).fill(status)),
  );
  return statuses.map((status, i) => {
    const female = rng.chance(0.6);
    const first = female ? rng.pick(FEMALE_NAMES) : rng.pick(MALE_NAMES);
    const last = rng.pick(SURNAMES);
    const [specialty, city] = rng.pick(LEAD_SPECIALTIES);
    const contactForm = rng.chance(0.55)
      ? `${plain(first)}.${plain(last)}${rng.chance(0.3) ? rng.int(1, 99) : ""}@${rng.pick(EMAIL_DOMAINS)}`
      : `+55${rng.pick(LEAD_DDDS)}9${rng.int(6, 9)}${String(rng.int(0, 9_999_999)).padStart(7, "0")}`;
    const createdAt = new Date(now.getTime() - rng.int(0, 60 * 24 * 60) * MINUTE);
    const updatedAt = status === "new" ? createdAt : new Date(Math.min(now.getTime(), createdAt.getTime() + rng.int(1, 10) * DAY));
    return {
      id: demoId(`lead:${i}`),
      name: `${female ? "Dra." : "Dr."} ${first} ${last}`,
      contactForm,
      status,
      source: rng.pick(LEAD_SOURCES),
      notes: `${specialty} · ${city}. ${rng.pick(LEAD_NOTES[status])}`,
      createdAt,
      updatedAt,
    };
  });
}
