import { z } from "zod";
import { ROLES, USER_STATUSES } from "./enums";
import { MSG } from "./messages";
import { professionalSchema } from "./professionals";

export const loginRequestSchema = z.object({
  email: z.string().trim().min(1, MSG.loginEmptyFields).max(254),
  password: z.string().min(1, MSG.loginEmptyFields).max(1024),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/** The signed-in user (docs/product/accounts-and-access.md §3 "Current user"); `professional` is set for professional users. */
export const currentUserSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  full_name: z.string(),
  role: z.enum(ROLES),
  status: z.enum(USER_STATUSES),
  professional_id: z.uuid().nullable(),
  clinic_name: z.string().nullable(),
  last_login: z.string().nullable(),
  professional: professionalSchema.nullable(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

export const loginResponseSchema = z.object({
  session_id: z.string(),
  user: currentUserSchema,
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;
