import type { patientSearchItemSchema } from "@clinora/contracts";
import type { z } from "zod";
import { createSlot } from "@/lib/slot";

/** The patient of the appointment dialog, with the contact shown under the name. */
export type AppointmentPatient = z.infer<typeof patientSearchItemSchema>;

export interface PatientPickerSlotProps {
  value: AppointmentPatient | null;
  onChange: (patient: AppointmentPatient | null) => void;
  /** Id of the search box (the field's label points at it). */
  id: string;
  "aria-invalid"?: true;
  "aria-describedby"?: string;
}

/** The patients feature's picker with its quick creation: the appointments screen fills it. */
const slot = createSlot<PatientPickerSlotProps>("PatientPicker");
export const PatientPicker = slot.Slot;
export const FillPatientPicker = slot.Fill;
