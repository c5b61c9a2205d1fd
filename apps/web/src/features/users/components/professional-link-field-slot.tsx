import { createSlot } from "@/lib/slot";

export interface ProfessionalLinkFieldSlotProps {
  id: string;
  value: string | null | undefined;
  onChange: (professionalId: string | null) => void;
  /** The current link, listed even when the selection list cannot be loaded. */
  current?: { id: string; name: string | null } | null;
  error?: string;
}

/** The professionals feature's select of the professional a user is linked to: the users screen fills it. */
const slot = createSlot<ProfessionalLinkFieldSlotProps>("ProfessionalLinkField");
export const ProfessionalLinkField = slot.Slot;
export const FillProfessionalLinkField = slot.Fill;
