import { ROLE_LABELS, ROLES, USER_STATUS_LABELS, USER_STATUSES, type Role, type UserStatus } from "@clinora/contracts";
import type { SelectOption } from "@/components/ui/select";

export const ROLE_OPTIONS: SelectOption<Role>[] = ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));
export const STATUS_OPTIONS: SelectOption<UserStatus>[] = USER_STATUSES.map((status) => ({ value: status, label: USER_STATUS_LABELS[status] }));

/** Filters of the users tab (docs/product/admin.md §2.4): status all/active/suspended, role all/admin/professional. */
export const ALL = "all";
export const STATUS_FILTER_OPTIONS: SelectOption<UserStatus | typeof ALL>[] = [
  { value: ALL, label: "Todos os status" },
  { value: "active", label: USER_STATUS_LABELS.active },
  { value: "suspended", label: USER_STATUS_LABELS.suspended },
];
export const ROLE_FILTER_OPTIONS: SelectOption<Role | typeof ALL>[] = [{ value: ALL, label: "Todos os perfis" }, ...ROLE_OPTIONS];
