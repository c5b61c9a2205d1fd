import { MSG, WHATSAPP_ADDRESS_PREFIX, type TwilioNumber, type TwilioNumberCreate, type TwilioNumberUpdate } from "@clinora/contracts";
import type { Db, DbOrTx } from "../../platform/db/client";
import { AppError } from "../../platform/lib/app-error";
import { isUniqueViolation } from "../../platform/lib/db-errors";
import type { Actor } from "../../platform/lib/caller";
import { recordAudit } from "../audit";
import { professionalExists } from "../professionals";
import { twilioNumberRepository, type TwilioNumberWithOwner } from "./twilio-number.repository";
import { isoInstant } from "../../platform/db/rows";

export type TwilioNumberService = ReturnType<typeof twilioNumberService>;


function toTwilioNumberDto(row: TwilioNumberWithOwner): TwilioNumber {
  return {
    id: row.id,
    twilio_number: row.twilioNumber,
    e164_number: row.e164Number,
    label: row.label,
    professional_id: row.professionalId,
    professional_name: row.professionalName,
    professional_email: row.professionalEmail,
    updated_at: isoInstant(row.updatedAt),
  };
}

/** An owner must be an existing professional; null leaves the number without owner. */
async function assertOwnerExists(db: DbOrTx, professionalId: string | null | undefined) {
  if (professionalId && !(await professionalExists(db, professionalId))) {
    throw AppError.validation([{ field: "professional_id", msg: MSG.professionalNotFound }]);
  }
}

export function twilioNumberService(db: Db) {
  const read = async (tx: DbOrTx, id: string) => {
    const row = await twilioNumberRepository(tx).findWithOwnerById(id);
    if (!row) throw AppError.notFound(MSG.twilioNumberNotFound);
    return toTwilioNumberDto(row);
  };

  return {
    async list() {
      const rows = await twilioNumberRepository(db).listWithOwner();
      return { data: { numbers: rows.map(toTwilioNumberDto) } };
    },

    /** Registers a sender; the `whatsapp:` address is derived from the E.164 number (docs/product/admin.md §5). */
    async create(caller: Actor, input: TwilioNumberCreate) {
      const twilioNumber = `${WHATSAPP_ADDRESS_PREFIX}${input.twilio_number}`;
      try {
        return await db.transaction(async (tx) => {
          const repo = twilioNumberRepository(tx);
          await assertOwnerExists(tx, input.professional_id);
          if (await repo.findIdByNumber(twilioNumber)) throw AppError.conflict(MSG.twilioNumberTaken);
          const id = await repo.insert({ twilioNumber, e164Number: input.twilio_number, label: input.label, professionalId: input.professional_id });
          await recordAudit(tx, caller, {
            action: "twilio_number.created",
            entityType: "twilio_number",
            entityId: id,
            details: { twilio_number: twilioNumber, professional_id: input.professional_id },
          });
          return read(tx, id);
        });
      } catch (error) {
        // Two administrators adding the same number at once: the unique index decides.
        if (isUniqueViolation(error)) throw AppError.conflict(MSG.twilioNumberTaken);
        throw error;
      }
    },

    /** Changes the label and/or the owner; the number itself is fixed once created. */
    async update(caller: Actor, id: string, input: TwilioNumberUpdate) {
      return db.transaction(async (tx) => {
        await assertOwnerExists(tx, input.professional_id);
        const found = await twilioNumberRepository(tx).update(id, { label: input.label, professionalId: input.professional_id });
        if (!found) throw AppError.notFound(MSG.twilioNumberNotFound);
        await recordAudit(tx, caller, { action: "twilio_number.updated", entityType: "twilio_number", entityId: id, details: { ...input } });
        return read(tx, id);
      });
    },

    async remove(caller: Actor, id: string) {
      await db.transaction(async (tx) => {
        const removed = await twilioNumberRepository(tx).delete(id);
        if (!removed) throw AppError.notFound(MSG.twilioNumberNotFound);
        await recordAudit(tx, caller, {
          action: "twilio_number.deleted",
          entityType: "twilio_number",
          entityId: id,
          details: { twilio_number: removed.twilioNumber, professional_id: removed.professionalId },
        });
      });
      return { ok: true as const };
    },
  };
}
