import { z } from "zod";
import { MSG } from "./messages";

/** Twilio addresses WhatsApp senders as `whatsapp:+<E.164>`; the prefix is added for the admin (docs/product/admin.md §5). */
export const WHATSAPP_ADDRESS_PREFIX = "whatsapp:";

const E164 = /^\+[1-9]\d{7,14}$/;

/** `whatsapp:+5511940001234` -> `+5511940001234`; any other text is returned as given. */
export function stripWhatsappPrefix(address: string): string {
  return address.replace(/^whatsapp:/i, "");
}

/**
 * The number typed by an administrator, with or without the `whatsapp:` prefix and with the usual separators
 * ("+55 11 94000-1234"), reduced to E.164; anything that is not E.164 fails with the spec's message.
 */
export const twilioE164Schema = z
  .string(MSG.twilioNumberRequired)
  .transform((v) => stripWhatsappPrefix(v.trim()).replace(/[\s().-]/g, ""))
  .pipe(z.string().regex(E164, MSG.twilioNumberRequired));

/** Blank means no label. */
const label = z
  .string()
  .trim()
  .max(100, MSG.twilioLabelMax)
  .nullable()
  .transform((v) => (v ? v : null));

/** null: a number without owner (docs/product/admin.md §4). */
const ownerId = z.uuid("Identificador inválido").nullable();

/** A registered sender (docs/product/admin.md §3 "Twilio number"). */
export const twilioNumberSchema = z.object({
  id: z.uuid(),
  twilio_number: z.string(),
  e164_number: z.string(),
  label: z.string().nullable(),
  professional_id: z.uuid().nullable(),
  professional_name: z.string().nullable(),
  professional_email: z.string().nullable(),
  updated_at: z.string(),
});
export type TwilioNumber = z.infer<typeof twilioNumberSchema>;

/** GET /api/admin/whatsapp/twilio-numbers (docs/product/admin.md §7: the list is read from `data.numbers`). */
export const twilioNumberListSchema = z.object({ data: z.object({ numbers: z.array(twilioNumberSchema) }) });
export type TwilioNumberList = z.infer<typeof twilioNumberListSchema>;

export const twilioNumberCreateSchema = z.object({
  twilio_number: twilioE164Schema,
  professional_id: ownerId.default(null),
  label: label.default(null),
});
export type TwilioNumberCreateInput = z.input<typeof twilioNumberCreateSchema>;
export type TwilioNumberCreate = z.output<typeof twilioNumberCreateSchema>;

/**
 * After creation only the label and the owner change (docs/product/admin.md §5): other keys are dropped, and a key left out
 * keeps its current value.
 */
export const twilioNumberUpdateSchema = z.object({ professional_id: ownerId.optional(), label: label.optional() });
export type TwilioNumberUpdateInput = z.input<typeof twilioNumberUpdateSchema>;
export type TwilioNumberUpdate = z.output<typeof twilioNumberUpdateSchema>;
