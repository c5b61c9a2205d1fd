import { ROLE_LABELS, USER_STATUS_LABELS, type Role, type UserStatus } from "@clinora/contracts";
import type { BadgeTone } from "@/components/ui/badge";

/** docs/product/admin.md §2.6: active Ativo, suspended Suspenso, pending_approval Pendente, anything else Inativo. */
export function userStatusLabel(status: string): string {
  return USER_STATUS_LABELS[status as UserStatus] ?? "Inativo";
}

const STATUS_TONES: Record<UserStatus, BadgeTone> = { active: "success", suspended: "danger", pending_approval: "warning" };

export function userStatusTone(status: string): BadgeTone {
  return STATUS_TONES[status as UserStatus] ?? "neutral";
}

export function roleLabel(role: string): string {
  return ROLE_LABELS[role as Role] ?? role;
}

/** docs/product/admin.md §3 "Admin action": these six have labels; any other value is displayed raw. */
const ADMIN_ACTION_LABELS: Record<string, string> = {
  approved_as_professional: "Aprovado como profissional",
  approved_as_superadmin: "Aprovado como superadmin",
  rejected: "Rejeitado",
  suspended: "Suspenso",
  reactivated: "Reativado",
  edited: "Editado",
};

export function adminActionLabel(action: string): string {
  return ADMIN_ACTION_LABELS[action] ?? action;
}

/** API field names recorded in an 'edited' action, as the history shows them. */
const FIELD_LABELS: Record<string, string> = {
  role: "Perfil",
  status: "Status",
  professional_id: "Profissional vinculado",
  full_name: "Nome",
  notes: "Notas",
  phone: "Telefone",
  clinic_phone: "Telefone da clínica",
  is_available: "Disponibilidade",
};

export function fieldLabel(field: string): string {
  return FIELD_LABELS[field] ?? field;
}
