import { z } from "zod";
import { ROLES, USER_STATUSES } from "./enums";
import { MSG } from "./messages";
import { optionalText, optionalUf, pageQuerySchema, requiredText } from "./common";
import { professionalSchema } from "./professionals";

/** One entry of a user's administrative history (docs/product/admin.md §3 "Admin action"). */
export const adminActionSchema = z.object({
  id: z.uuid(),
  action: z.string(),
  performed_by: z.string().nullable(),
  performed_at: z.string(),
  reason: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
});
export type AdminAction = z.infer<typeof adminActionSchema>;

/** A user account as administrators see it (docs/product/admin.md §3 "User"); aliases kept as the spec reads both. */
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

/** GET /api/users/stats (docs/product/admin.md §3 "User stats"): every status is present, 0 when none. */
export const userStatsSchema = z.object({
  total: z.number().int(),
  by_status: z.record(z.enum(USER_STATUSES), z.number().int()),
  last_7_days: z.number().int(),
});
export type UserStats = z.infer<typeof userStatsSchema>;

/** docs/product/admin.md §9. */
export const PASSWORD_MIN_LENGTH = 8;

/** Login email: required, with its own message (docs/product/admin.md §5), stored lower-cased. */
export const loginEmailField = z
  .string(MSG.emailRequired)
  .trim()
  .toLowerCase()
  .min(1, { message: MSG.emailRequired, abort: true })
  .max(254)
  .pipe(z.email(MSG.invalidEmail));

export const newPasswordField = z
  .string(MSG.passwordRequired)
  .min(1, { message: MSG.passwordRequired, abort: true })
  .min(PASSWORD_MIN_LENGTH, MSG.passwordMin)
  .max(1024);

const userStatusField = z.enum(USER_STATUSES, "Status inválido");
const roleField = z.enum(ROLES, "Perfil inválido");

/**
 * POST /api/users (docs/product/admin.md §5 "User create"). The professional link is only for role professional; the
 * web's "none" option arrives as null. full_name defaults to the linked professional's name or the email's
 * local part.
 */
export const userCreateSchema = z
  .object({
    email: loginEmailField,
    password: newPasswordField,
    role: roleField.default("professional"),
    status: userStatusField.default("active"),
    professional_id: z.uuid(MSG.invalidId).nullish().transform((v) => v ?? null),
    notes: optionalText(5000),
    full_name: optionalText(200),
  })
  .refine((v) => v.role === "professional" || v.professional_id === null, {
    path: ["professional_id"],
    message: MSG.professionalLinkOnlyForProfessional,
  });
export type UserCreateInput = z.input<typeof userCreateSchema>;
export type UserCreate = z.output<typeof userCreateSchema>;

/** PUT /api/users/:id: only the fields sent change, so saving the notes alone sends `{notes}` (docs/product/admin.md §7). */
export const userUpdateSchema = z.object({
  role: roleField.optional(),
  status: userStatusField.optional(),
  professional_id: z.uuid(MSG.invalidId).nullable().optional(),
  notes: optionalText(5000),
  full_name: z.string().trim().min(1, "Informe o nome do usuário").max(200).optional(),
});
export type UserUpdateInput = z.input<typeof userUpdateSchema>;
export type UserUpdate = z.output<typeof userUpdateSchema>;

/** PUT /api/users/:id/suspend: a reason is required (docs/product/admin.md §4, §5). */
export const userSuspendSchema = z.object({
  reason: requiredText(MSG.suspensionReasonRequired, 1000),
});
export type UserSuspend = z.infer<typeof userSuspendSchema>;

/**
 * DELETE /api/users/:id: with both flags the user's professional and all its data go too; either flag alone
 * removes only the user (docs/product/admin.md §7, §9 "cascade defaults to off").
 */
export const userDeleteQuerySchema = z.object({
  cascade_professional: z.stringbool("Valor inválido: use true ou false").default(false),
  confirm_cascade: z.stringbool("Valor inválido: use true ou false").default(false),
});
export type UserDeleteQuery = z.infer<typeof userDeleteQuerySchema>;

/** What the user detail page shows about the linked professional: its record and four counters (docs/product/admin.md §2.6). */
export const userProfessionalOverviewSchema = z.object({
  professional: professionalSchema.nullable(),
  counters: z.object({
    patients: z.number().int(),
    appointments: z.number().int(),
    tasks: z.number().int(),
    conversations: z.number().int(),
  }),
});
export type UserProfessionalOverview = z.infer<typeof userProfessionalOverviewSchema>;

/** Appointment duration of a new professional account: 5 to 240 minutes, default 30 (docs/product/admin.md §5, §9). */
export const ACCOUNT_DURATION = { min: 5, max: 240, default: 30 } as const;

/**
 * POST /api/users/create-professional-account (docs/product/admin.md §3, §5). Empty optional fields arrive as null; the
 * server fills contact email from the login email and clinic phone from the main phone.
 */
export const professionalAccountCreateSchema = z.object({
  email: loginEmailField,
  password: newPasswordField,
  full_name: requiredText(MSG.fullNameRequired, 200),
  specialty: requiredText(MSG.specialtyRequired, 120),
  phone: optionalText(40),
  contact_email: optionalText(254).pipe(z.email(MSG.invalidEmail).nullish()),
  license_number: optionalText(40),
  license_state: optionalUf(),
  license_type: optionalText(20),
  clinic_name: optionalText(200),
  clinic_address: optionalText(500),
  clinic_city: optionalText(120),
  clinic_state: optionalUf(),
  clinic_zip: optionalText(20),
  clinic_phone: optionalText(40),
  appointment_duration: z
    .number(MSG.accountDurationRange)
    .int(MSG.accountDurationRange)
    .min(ACCOUNT_DURATION.min, MSG.accountDurationRange)
    .max(ACCOUNT_DURATION.max, MSG.accountDurationRange)
    .nullish()
    .transform((v) => v ?? ACCOUNT_DURATION.default),
  bio: optionalText(5000),
  notes: optionalText(5000),
  status: userStatusField.default("active"),
});
export type ProfessionalAccountCreateInput = z.input<typeof professionalAccountCreateSchema>;
export type ProfessionalAccountCreate = z.output<typeof professionalAccountCreateSchema>;

export const professionalAccountSchema = z.object({ user: userSchema, professional: professionalSchema });
export type ProfessionalAccount = z.infer<typeof professionalAccountSchema>;

/**
 * POST /api/users/professional-access: the login of a professional who has a profile and no access yet, with the
 * profile's email unless another is given (docs/product/admin.md §2.2 "Acesso").
 */
export const professionalAccessCreateSchema = z.object({
  professional_id: z.uuid(MSG.invalidId),
  email: loginEmailField,
});
export type ProfessionalAccessCreateInput = z.input<typeof professionalAccessCreateSchema>;
export type ProfessionalAccessCreate = z.output<typeof professionalAccessCreateSchema>;

/** The new login and its first password: shown once to the administrator, never stored in clear nor sent again. */
export const professionalAccessSchema = z.object({ user: userSchema, first_password: z.string() });
export type ProfessionalAccess = z.infer<typeof professionalAccessSchema>;
