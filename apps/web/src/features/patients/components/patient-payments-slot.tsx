import { createSlot } from "@/lib/slot";

/** The payments feature's section of a patient's card (what is open), filled by the Pacientes screen. */
const slot = createSlot<{ patientId: string }>("PatientPayments");
export const PatientPayments = slot.Slot;
export const FillPatientPayments = slot.Fill;
