import type { User } from "@clinora/contracts";
import { csvFileName, downloadCsv, toCsv, type CsvColumn } from "@/lib/csv";
import { formatDateTime } from "@/lib/format";
import { roleLabel, userStatusLabel } from "./user-labels";

const COLUMNS: CsvColumn<User>[] = [
  { key: "full_name", header: "Nome" },
  { key: "email", header: "Email" },
  { key: "role", header: "Perfil", format: (role) => roleLabel(String(role)) },
  { key: "status", header: "Status", format: (status) => userStatusLabel(String(status)) },
  { key: "professional_name", header: "Profissional" },
  { key: "created_at", header: "Criado em", format: (value) => formatDateTime(value as string) },
  { key: "last_login", header: "Último acesso", format: (value) => formatDateTime(value as string | null) },
  { key: "suspension_reason", header: "Motivo da suspensão", format: (value, user) => (user.status === "suspended" ? value : null) },
];

/** Saves the users shown as `usuarios_{yyyy-MM-dd}.csv` (docs/product/admin.md §9). */
export function exportUsersCsv(users: readonly User[]): void {
  downloadCsv(csvFileName("usuarios"), toCsv(users, COLUMNS));
}
