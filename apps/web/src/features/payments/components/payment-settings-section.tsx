import { PIX_KEY_TYPES, formatCents, parseCents, type PixKeyType, type PixTiming } from "@clinora/contracts";
import { useEffect, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Checkbox } from "@/components/ui/checkbox";
import { Label } from "@/components/ui/label";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { usePaymentSettings, usePrices, useSavePaymentSettings, useSaveTypePrice } from "../api/payments";

const KEY_LABELS: Record<PixKeyType, string> = { cpf: "CPF", cnpj: "CNPJ", email: "E-mail", phone: "Telefone", random: "Chave aleatória" };
const KEY_OPTIONS = PIX_KEY_TYPES.map((t) => ({ value: t, label: KEY_LABELS[t] }));

/** The Pix key of the static BR Code, the council registration of the receipts, and the consultation prices. */
export function PaymentSettingsSection() {
  const settings = usePaymentSettings();
  const prices = usePrices();
  const save = useSavePaymentSettings();
  const savePrice = useSaveTypePrice();
  const [keyType, setKeyType] = useState<PixKeyType>("cpf");
  const [key, setKey] = useState("");
  const [name, setName] = useState("");
  const [city, setCity] = useState("");
  const [registration, setRegistration] = useState("");
  const [pixInReminders, setPixInReminders] = useState(false);
  const [pixTiming, setPixTiming] = useState<PixTiming>("reminder");
  const [afterMinutes, setAfterMinutes] = useState("60");
  const [pricesOnBookingPage, setPricesOnBookingPage] = useState(false);
  const [type, setType] = useState("");
  const [price, setPrice] = useState("");
  const [priceError, setPriceError] = useState<string | undefined>();

  useEffect(() => {
    if (!settings.data) return;
    setKeyType(settings.data.pix_key_type ?? "cpf");
    setKey(settings.data.pix_key ?? "");
    setName(settings.data.merchant_name ?? "");
    setCity(settings.data.merchant_city ?? "");
    setRegistration(settings.data.council_registration ?? "");
    setPixInReminders(settings.data.send_pix_in_reminders);
    setPixTiming(settings.data.pix_timing);
    setAfterMinutes(String(settings.data.pix_after_minutes));
    setPricesOnBookingPage(settings.data.show_prices_on_booking_page);
  }, [settings.data]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const current = settings.data;
    save.mutate({
      pix_key_type: key ? keyType : null,
      pix_key: key || null,
      merchant_name: name || null,
      merchant_city: city || null,
      council_registration: registration || null,
      provider: current?.provider ?? "none",
      send_pix_in_reminders: pixInReminders,
      pix_timing: pixTiming,
      pix_after_minutes: /^\d+$/.test(afterMinutes.trim()) ? Number(afterMinutes.trim()) : Number.NaN,
      show_prices_on_booking_page: pricesOnBookingPage,
    });
  };
  const submitPrice = (event: FormEvent) => {
    event.preventDefault();
    const cents = parseCents(price);
    if (!type.trim() || cents === null || cents <= 0) return setPriceError("Informe o tipo e um valor, como 200,00");
    setPriceError(undefined);
    savePrice.mutate({ appointment_type: type.trim(), amount_cents: cents }, { onSuccess: () => (setType(""), setPrice("")) });
  };

  return (
    <Card className="space-y-6 p-4 sm:p-6">
      <form onSubmit={submit} noValidate className="space-y-3">
        <h2 className="text-lg font-semibold text-slate-900">Pix e recibos</h2>
        <div className="grid gap-3 sm:grid-cols-2">
          <FormField label="Tipo de chave Pix" htmlFor="pix-key-type">
            <Select options={KEY_OPTIONS} value={keyType} onValueChange={setKeyType} />
          </FormField>
          <FormField label="Chave Pix" htmlFor="pix-key">
            <Input value={key} onChange={(e) => setKey(e.target.value)} maxLength={100} />
          </FormField>
          <FormField label="Nome no Pix" htmlFor="pix-name" description="Até 25 letras">
            <Input value={name} onChange={(e) => setName(e.target.value)} maxLength={25} />
          </FormField>
          <FormField label="Cidade no Pix" htmlFor="pix-city" description="Até 15 letras">
            <Input value={city} onChange={(e) => setCity(e.target.value)} maxLength={15} />
          </FormField>
          <FormField label="Registro no conselho" htmlFor="council-registration" description="Vai nos recibos do Receita Saúde, ex.: CRP 06/123456">
            <Input value={registration} onChange={(e) => setRegistration(e.target.value)} maxLength={40} />
          </FormField>
        </div>
        <div className="flex items-start gap-3">
          <Checkbox id="pix-in-reminders" checked={pixInReminders} onCheckedChange={(checked) => setPixInReminders(checked === true)} className="mt-0.5" />
          <Label htmlFor="pix-in-reminders">Enviar o valor e o Pix pelo WhatsApp</Label>
        </div>
        {pixInReminders ? (
          <fieldset className="ml-7 space-y-2">
            <legend className="text-sm font-medium text-slate-900">Quando enviar</legend>
            <div className="flex items-start gap-2">
              <input type="radio" id="pix-timing-reminder" name="pix-timing" className="mt-1 size-4 accent-brand-600" checked={pixTiming === "reminder"} onChange={() => setPixTiming("reminder")} />
              <div>
                <Label htmlFor="pix-timing-reminder">Antes da sessão, no lembrete</Label>
                <p className="mt-0.5 text-xs text-slate-600">
                  Com o modelo aprovado do WhatsApp, vai na confirmação depois que o paciente responde 1.
                </p>
              </div>
            </div>
            <div className="flex items-start gap-2">
              <input type="radio" id="pix-timing-after" name="pix-timing" className="mt-1 size-4 accent-brand-600" checked={pixTiming === "after_session"} onChange={() => setPixTiming("after_session")} />
              <div>
                <Label htmlFor="pix-timing-after">Depois da sessão</Label>
                <p className="mt-0.5 text-xs text-slate-600">
                  Vai quando você marca a sessão como realizada ou, sem isso, no tempo abaixo depois do fim; só se a cobrança ainda estiver a receber.
                </p>
              </div>
            </div>
            {pixTiming === "after_session" ? (
              <FormField label="Minutos depois do fim da sessão" htmlFor="pix-after-minutes" description="De 0 a 1440">
                <Input inputMode="numeric" value={afterMinutes} onChange={(e) => setAfterMinutes(e.target.value)} maxLength={4} className="w-28" />
              </FormField>
            ) : null}
          </fieldset>
        ) : null}
        <div className="flex items-start gap-3">
          <Checkbox id="prices-on-booking-page" checked={pricesOnBookingPage} onCheckedChange={(checked) => setPricesOnBookingPage(checked === true)} className="mt-0.5" />
          <Label htmlFor="prices-on-booking-page">Mostrar os preços na página de agendamento</Label>
        </div>
        <Button type="submit" disabled={save.isPending}>
          Salvar
        </Button>
      </form>
      <form onSubmit={submitPrice} noValidate className="space-y-3">
        <h2 className="text-lg font-semibold text-slate-900">Preços por tipo de consulta</h2>
        {prices.data && prices.data.types.length > 0 ? (
          <ul className="text-sm text-slate-700" aria-label="Preços">
            {prices.data.types.map((p) => (
              <li key={p.appointment_type}>
                {p.appointment_type}: {formatCents(p.amount_cents)}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-600">Nenhum preço cadastrado.</p>
        )}
        <div className="grid gap-3 sm:grid-cols-[1fr_10rem_auto] sm:items-end">
          <FormField label="Tipo de consulta" htmlFor="price-type">
            <Input value={type} onChange={(e) => setType(e.target.value)} maxLength={80} />
          </FormField>
          <FormField label="Preço (R$)" htmlFor="price-amount" error={priceError}>
            <Input value={price} onChange={(e) => setPrice(e.target.value)} inputMode="decimal" placeholder="200,00" />
          </FormField>
          <Button type="submit" variant="outline" disabled={savePrice.isPending}>
            Salvar preço
          </Button>
        </div>
      </form>
    </Card>
  );
}
