import { z } from "zod";
import { ROLES, USER_STATUSES } from "./enums";
import { pageQuerySchema } from "./common";

/** One entry of a user's administrative history (spec part 1 §3 "Admin action"). */
export const adminActionSchema = z.object({
  id: z.uuid(),
  action: z.string(),
  performed_by: z.string().nullable(),
  performed_at: z.string(),
  reason: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
});
export type AdminAction = z.infer<typeof adminActionSchema>;

/** A user account as administrators see it (spec part 1 §3 "User"); aliases kept as the spec reads both. */
export const userSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  role: z.enum(ROLES),
  status: z.enum(USER_STATUSES),
  professional_id: z.uuid().nullable(),
  professional_entity_id: z.uuid().nullable(),
  professional_name: z.string().nullable(),
  full_name: z.string(),
  phone: z.string().nullable(),
  notes: z.string().nullable(),
  suspension_reason: z.string().nullable(),
  suspended_reason: z.string().nullable(),
  suspended_at: z.string().nullable(),
  suspended_by: z.string().nullable(),
  created_at: z.string(),
  created_date: z.string(),
  last_login: z.string().nullable(),
  admin_actions: z.array(adminActionSchema).optional(),
});
export type User = z.infer<typeof userSchema>;

export const userListQuerySchema = pageQuerySchema.extend({
  status: z.enum(USER_STATUSES, "Status inválido").optional(),
  role: z.enum(ROLES, "Perfil inválido").optional(),
  search: z.string().trim().max(200).optional(),
  professional_id: z.uuid("Identificador inválido").optional(),
});
export type UserListQuery = z.infer<typeof userListQuerySchema>;
