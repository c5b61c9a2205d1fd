import { getTableName, sql, type Column, type SQL } from "drizzle-orm";
import { appointments } from "./appointments.schema";

/**
 * A column written with its table's name or alias: Drizzle leaves columns unqualified in a one-table select, and
 * inside a correlated subquery an unqualified `id` would be the inner table's.
 */
const qualified = (table: string, column: Column) => sql`${sql.identifier(table)}.${sql.identifier(column.name)}`;

/**
 * THE last appointment of a patient ("Última" in Pacientes): the date of the latest one concluded that started at
 * or before `now`, as a field of the patients' own select (`patientId` is their id column). A field rather than a
 * read after the page because the list sorts by it: the patients' page stays one statement, the rule stays here.
 */
export function lastAppointmentDateOf(professionalId: string, patientId: Column, now: Date): SQL<string | null> {
  const a = (column: Column) => qualified("a", column);
  return sql<string | null>`(
    select max(${a(appointments.appointmentDate)})::text from ${appointments} a
    where ${a(appointments.professionalId)} = ${professionalId} and ${a(appointments.patientId)} = ${qualified(getTableName(patientId.table), patientId)}
      and ${a(appointments.status)} = 'completed' and ${a(appointments.startsAt)} <= ${now.toISOString()})`;
}
