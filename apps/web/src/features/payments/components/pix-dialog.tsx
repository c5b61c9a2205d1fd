import { formatCents, type PixCharge } from "@clinora/contracts";
import { CopyButton } from "@/components/ui/copy-button";
import { Dialog, DialogBody, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";

/** The Pix of one charge: the QR, the copia-e-cola and, with Mercado Pago, the card link. */
export function PixDialog({ pix, onClose }: { pix: PixCharge | null; onClose: () => void }) {
  return (
    <Dialog open={pix !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent size="sm">
        <DialogHeader>
          <DialogTitle>Pix de {pix ? formatCents(pix.amount_cents) : ""}</DialogTitle>
          <DialogDescription>
            {pix?.kind === "mercadopago"
              ? "Pix do Mercado Pago: quando o paciente pagar, a cobrança fica paga sozinha."
              : "Pix com a sua chave: confira no banco e marque como pago quando receber."}
          </DialogDescription>
        </DialogHeader>
        {pix ? (
          <DialogBody className="space-y-4">
            <img src={pix.qr_data_url} alt={`QR Code do Pix de ${formatCents(pix.amount_cents)}`} className="mx-auto size-56" />
            <div>
              <p className="text-sm font-medium text-slate-700" id="pix-copia-e-cola-label">
                Pix copia e cola
              </p>
              <p aria-labelledby="pix-copia-e-cola-label" className="mt-1 rounded-md bg-slate-50 p-2 font-mono text-xs break-all text-slate-800" data-testid="pix-brcode">
                {pix.brcode}
              </p>
              <CopyButton value={pix.brcode} label="Copiar código Pix" className="mt-2" />
            </div>
            {pix.payment_link ? (
              <p className="text-sm">
                Link para pagar com cartão:{" "}
                <a href={pix.payment_link} className="text-brand-700 underline" target="_blank" rel="noreferrer">
                  abrir o link de pagamento
                </a>
              </p>
            ) : null}
          </DialogBody>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
