import { createSlot } from "@/lib/slot";

/** What the task filters and dialog ask of a patient picker: the chosen patient's id and name. */
export interface PatientComboboxSlotProps {
  value: { id: string; name: string } | null;
  onChange: (patient: { id: string; name: string } | null) => void;
  id?: string;
  "aria-label"?: string;
  "aria-invalid"?: true | boolean;
  "aria-describedby"?: string;
  /** The option meaning "no patient"; chosen, it gives null. */
  noneLabel?: string;
  onBlur?: () => void;
}

/** The patients feature's combobox: the tasks screen fills it. */
const slot = createSlot<PatientComboboxSlotProps>("PatientCombobox");
export const PatientCombobox = slot.Slot;
export const FillPatientCombobox = slot.Fill;
