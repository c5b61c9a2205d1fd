import type { Patient } from "@clinora/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, serverDetail } from "@/lib/api-client";
import { toast } from "@/lib/toast";

export type { PatientChoice as PatientOption } from "@/features/patients/components/patient-combobox";

export interface QuickPatientInput {
  name: string;
  /** null when left empty (spec part 2 §5). */
  email: string | null;
  phone: string | null;
}

/** Quick patient creation inside the appointment dialog. */
export function useQuickCreatePatient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: QuickPatientInput) => api.post<Patient>("/patients", input),
    onSuccess: () => {
      toast.success("Paciente criado com sucesso!");
      // The patients' lists and every patient picker show the new name.
      void queryClient.invalidateQueries({ queryKey: ["patients"] });
    },
    onError: (error) => toast.error(serverDetail(error) ?? "Falha ao criar paciente"),
  });
}
