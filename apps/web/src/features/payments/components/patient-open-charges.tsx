import { formatCents, type Charge } from "@clinora/contracts";
import { useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { formatDate } from "@/lib/format";
import { paymentKeys } from "../api/payments";

/** A patient's open charges and their total, on her card (docs/product/payments.md §8), from the server's state. */
export function PatientOpenCharges({ patientId }: { patientId: string }) {
  const open = useQuery({
    queryKey: [...paymentKeys.charges(), "patient", patientId],
    queryFn: ({ signal }) => api.get<Charge[]>("/payments/charges", { query: { patient_id: patientId, status: "open" }, signal }),
  });
  if (!open.data) return null;
  const total = open.data.reduce((sum, c) => sum + c.amount_cents, 0);
  return (
    <section aria-labelledby={`patient-payments-${patientId}`} className="col-span-full space-y-1 rounded-lg border border-slate-200 p-3">
      <h3 id={`patient-payments-${patientId}`} className="text-sm font-semibold text-slate-900">
        Financeiro
      </h3>
      {open.data.length === 0 ? (
        <p className="text-sm text-slate-600">Nada em aberto.</p>
      ) : (
        <>
          <p className="text-sm text-slate-700">
            A receber: <strong>{formatCents(total)}</strong>
          </p>
          <ul className="text-sm text-slate-600">
            {open.data.map((c) => (
              <li key={c.id}>
                {c.description} · {formatCents(c.amount_cents)} · vence {formatDate(c.due_date)}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
