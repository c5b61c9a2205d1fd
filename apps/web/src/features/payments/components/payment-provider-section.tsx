import type { PaymentProvider, PaymentSettings } from "@clinora/contracts";
import { useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { CopyButton } from "@/components/ui/copy-button";
import { ErrorState } from "@/components/ui/error-state";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { LoadingState } from "@/components/ui/loading-state";
import { isApiError, serverDetail } from "@/lib/api-client";
import { usePaymentSettings, useSavePaymentProvider } from "../api/payments";

/** What each choice means for the patient, in the words the professional reads before choosing. */
const CHOICES: { value: PaymentProvider; id: string; label: string; patient: string }[] = [
  {
    value: "none",
    id: "payment-provider-none",
    label: "Sem provedor (Pix estático)",
    patient:
      "O paciente recebe o Pix copia e cola e o QR Code da sua chave, já com o valor. Nenhum banco avisa o Clinora: quando o dinheiro cair, você marca a cobrança como paga.",
  },
  {
    value: "mercadopago",
    id: "payment-provider-mercadopago",
    label: "Mercado Pago",
    patient:
      "O paciente recebe um Pix dinâmico, que vale por 24 horas, e um link para pagar com cartão. Quando ele paga, a cobrança fica “Pago” sozinha, com a taxa do Mercado Pago; um estorno também aparece. O dinheiro cai na sua conta do Mercado Pago.",
  },
];

/** Financeiro › Configurar: how the patient pays, and the Mercado Pago connection (docs/product/payments.md §5). */
export function PaymentProviderSection() {
  const settings = usePaymentSettings();
  return (
    <Card className="space-y-4 p-4 sm:p-6">
      <h2 className="text-lg font-semibold text-slate-900">Como o paciente paga</h2>
      {settings.isPending ? (
        <LoadingState text="Carregando a forma de pagamento..." />
      ) : settings.isError ? (
        <ErrorState message="Erro ao carregar a forma de pagamento" onRetry={() => void settings.refetch()} retrying={settings.isFetching} />
      ) : (
        <ProviderForm settings={settings.data} />
      )}
    </Card>
  );
}

function ProviderForm({ settings }: { settings: PaymentSettings }) {
  const save = useSavePaymentProvider();
  const connected = settings.provider === "mercadopago" && settings.mercadopago_connected;
  const [choice, setChoice] = useState<PaymentProvider>(connected ? "mercadopago" : "none");
  const [changing, setChanging] = useState(false);
  const [token, setToken] = useState("");
  const [secret, setSecret] = useState("");
  const [errors, setErrors] = useState<{ token?: string; secret?: string; form?: string }>({});
  const [confirmingDisconnect, setConfirmingDisconnect] = useState(false);
  const showFields = choice === "mercadopago" && (!connected || changing);

  const failed = (error: unknown) => {
    const onToken = isApiError(error) ? error.details.find((d) => d.loc.includes("mercadopago_access_token")) : undefined;
    const onSecret = isApiError(error) ? error.details.find((d) => d.loc.includes("mercadopago_webhook_secret")) : undefined;
    if (onToken || onSecret) return setErrors({ token: onToken?.msg, secret: onSecret?.msg });
    setErrors({ form: serverDetail(error) ?? "Não foi possível salvar. Tente de novo." });
  };

  const connect = (event: FormEvent) => {
    event.preventDefault();
    const next = {
      token: token.trim() ? undefined : "Cole o access token do Mercado Pago",
      secret: secret.trim() ? undefined : "Cole a assinatura secreta das notificações",
    };
    setErrors(next);
    if (next.token || next.secret) return;
    save.mutate(
      { settings, provider: "mercadopago", accessToken: token.trim(), webhookSecret: secret.trim() },
      {
        onSuccess: () => {
          setToken("");
          setSecret("");
          setChanging(false);
        },
        onError: failed,
      },
    );
  };

  const disconnect = () =>
    save.mutateAsync({ settings, provider: "none" }).then(
      () => {
        setChoice("none");
        setChanging(false);
        setErrors({});
      },
      (error: unknown) => {
        failed(error);
        throw error;
      },
    );

  return (
    <>
    <form onSubmit={connect} noValidate className="space-y-4">
      <fieldset className="space-y-3">
        <legend className="text-sm font-medium text-slate-900">Provedor de pagamento</legend>
        {CHOICES.map((c) => (
          <div key={c.value} className="flex items-start gap-2">
            <input
              type="radio"
              id={c.id}
              name="payment-provider"
              className="mt-1 size-4 shrink-0 accent-brand-600"
              checked={choice === c.value}
              onChange={() => (setChoice(c.value), setErrors({}))}
              aria-describedby={`${c.id}-patient`}
            />
            <div>
              <Label htmlFor={c.id}>{c.label}</Label>
              <p id={`${c.id}-patient`} className="mt-0.5 text-sm text-slate-600">
                {c.patient}
              </p>
            </div>
          </div>
        ))}
      </fieldset>

      {choice === "none" && connected ? (
        <div className="space-y-2">
          <p className="text-sm text-slate-700">O Mercado Pago está conectado. Para voltar ao Pix da sua chave, desconecte-o.</p>
          <Button type="button" variant="outline" onClick={() => setConfirmingDisconnect(true)}>
            Desconectar o Mercado Pago
          </Button>
        </div>
      ) : null}

      {choice === "mercadopago" ? (
        <div className="space-y-4 border-l-2 border-slate-200 pl-3 sm:pl-4">
          {connected && !changing ? (
            <div className="space-y-2" data-testid="mercadopago-connected">
              <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
                <Badge tone="success">Conectado</Badge>
                O access token e a assinatura secreta estão guardados com criptografia e não aparecem de novo aqui.
              </p>
              <div className="flex flex-wrap gap-2">
                <Button type="button" variant="outline" onClick={() => (setChanging(true), setErrors({}))}>
                  Trocar
                </Button>
                <Button type="button" variant="ghost" onClick={() => setConfirmingDisconnect(true)}>
                  Desconectar
                </Button>
              </div>
            </div>
          ) : null}

          <NotificationAddress url={settings.mercadopago_webhook_url} />

          {showFields ? (
            <div className="space-y-3">
              <p className="text-sm text-slate-600">
                No Mercado Pago, em Suas integrações › sua aplicação › Credenciais de produção, copie o Access token. Em Webhooks, cadastre o
                endereço acima para o evento Pagamentos e copie a Assinatura secreta.
              </p>
              <div className="grid gap-3 sm:grid-cols-2">
                <FormField label="Access token" htmlFor="mercadopago-access-token" required error={errors.token} description="O de produção começa com APP_USR-">
                  <Input type="password" autoComplete="off" spellCheck={false} value={token} onChange={(e) => setToken(e.target.value)} maxLength={300} />
                </FormField>
                <FormField label="Assinatura secreta" htmlFor="mercadopago-webhook-secret" required error={errors.secret} description="Confere que cada aviso de pagamento vem do Mercado Pago">
                  <Input type="password" autoComplete="off" spellCheck={false} value={secret} onChange={(e) => setSecret(e.target.value)} maxLength={300} />
                </FormField>
              </div>
              <div className="flex flex-wrap gap-2">
                <Button type="submit" disabled={save.isPending}>
                  {save.isPending ? "Conferindo com o Mercado Pago..." : connected ? "Salvar a nova conexão" : "Conectar"}
                </Button>
                {changing ? (
                  <Button type="button" variant="ghost" onClick={() => (setChanging(false), setToken(""), setSecret(""), setErrors({}))}>
                    Cancelar
                  </Button>
                ) : null}
              </div>
            </div>
          ) : null}
        </div>
      ) : null}

      {errors.form ? <Alert tone="danger">{errors.form}</Alert> : null}
    </form>
      <ConfirmDialog
        open={confirmingDisconnect}
        onOpenChange={setConfirmingDisconnect}
        tone="danger"
        title="Desconectar o Mercado Pago?"
        description="O access token e a assinatura secreta são apagados do Clinora. Pix e links já enviados ainda podem ser pagos, mas não são mais confirmados sozinhos: marque esses pagamentos como pagos. As próximas cobranças usam o Pix da sua chave."
        confirmLabel="Desconectar"
        onConfirm={disconnect}
      />
    </>
  );
}

/** The address Mercado Pago posts its payment notices to, or why there is none yet. */
function NotificationAddress({ url }: { url: string | null }) {
  if (!url) {
    return (
      <Alert tone="warning" title="Endereço de notificações indisponível">
        O servidor do Clinora não tem endereço público configurado (PUBLIC_URL). Sem ele o Mercado Pago não consegue avisar os pagamentos: o Pix
        dinâmico e o link de cartão funcionam, mas você marca cada cobrança como paga. Peça a quem administra o servidor para definir o PUBLIC_URL.
      </Alert>
    );
  }
  return (
    <FormField label="Endereço de notificações (webhook)" htmlFor="mercadopago-webhook-url" description="Cadastre este endereço no Mercado Pago, em Webhooks, para o evento Pagamentos.">
      {(field) => (
        <div className="flex flex-col gap-2 sm:flex-row">
          <Input {...field} readOnly value={url} className="font-mono text-xs" onFocus={(e) => e.currentTarget.select()} />
          <CopyButton value={url} label="Copiar endereço" className="shrink-0" />
        </div>
      )}
    </FormField>
  );
}
