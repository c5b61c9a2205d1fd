import { expect as baseExpect, test, type Page } from "@playwright/test";
import { axeFindings, formatFindings } from "./axe";
import { PROFESSIONAL, screenshot, SCREENSHOT_VIEWPORTS, signInViaApi } from "./fixtures";
import { ANA_NUMBER, phoneUrl, randomPhone, saoPauloLocal, sentTo } from "./whatsapp-stand-in";

// The flows share a busy machine with other suites: first paints can take several seconds.
const expect = baseExpect.configure({ timeout: 15_000 });

/**
 * The flow where the patient already is (docs/product/payments.md §6): a session is booked → the WhatsApp
 * reminder carries its amount and Mercado Pago's Pix → the patient pays at the stand-in → Compromissos shows "Pago" →
 * the receipt queue → the receipt number typed → the month's total. The e2e server's Twilio is the stand-in on
 * E2E_PORT + 1 (no approved template: a reminder goes as free text to a patient who wrote in the last 24 hours), its
 * Mercado Pago on E2E_PORT + 5.
 */
const port = Number(process.env.E2E_PORT ?? "3100");
const mercadopago = `http://127.0.0.1:${port + 5}/_stand-in`;
const MP_ACCOUNT = { token: "TEST-stand-in-access-token", secret: "stand-in-webhook-secret" };

async function expectAxeClean(page: Page, screen: string) {
  const findings = await axeFindings(page, screen);
  expect(findings, formatFindings(findings)).toEqual([]);
}

for (const viewport of SCREENSHOT_VIEWPORTS) {
  test.describe(`payments where the patient is, ${viewport.name}`, () => {
    test.use({ viewport: viewport.size });

    test("the reminder carries the Pix, the patient pays it, Compromissos shows Pago, the receipt is recorded and the month counts it", async ({ page }) => {
      test.setTimeout(150_000);
      const session = await signInViaApi(page, PROFESSIONAL);
      const headers = { "X-Session-ID": session };
      const originalPayments = (await (await page.request.get("/api/payments/settings", { headers })).json()) as Record<string, unknown>;
      // The demo's payment switches are put back at the end, as the other flows expect them.
      const restore = async () => {
        const { mercadopago_connected: _c, mercadopago_webhook_url: _w, ...input } = originalPayments;
        await page.request.put("/api/payments/settings", { headers, data: input });
      };
      const type = `Psicoterapia ${viewport.name} ${Math.floor(Math.random() * 10_000)}`;
      const connect = await page.request.put("/api/payments/settings", {
        headers,
        data: { provider: "mercadopago", mercadopago_access_token: MP_ACCOUNT.token, mercadopago_webhook_secret: MP_ACCOUNT.secret, council_registration: "CRP 06/123456", send_pix_in_reminders: true },
      });
      expect(connect.ok()).toBe(true);
      expect((await page.request.put("/api/payments/prices/types", { headers, data: { appointment_type: type, amount_cents: 17500 } })).ok()).toBe(true);
      const before = (await page.request.get("/api/payments/summary", { headers }).then((r) => r.json())) as { received_cents: number; month: string };

      const phone = randomPhone();
      const name = `Paula Pix ${viewport.name} ${Math.floor(Math.random() * 10_000)}`;
      const patient = await page.request.post("/api/patients", { headers, data: { name, phone } });
      expect(patient.status()).toBe(201);
      const patientId = ((await patient.json()) as { id: string }).id;
      // The patient writes first, so WhatsApp's 24-hour window is open for a free-text reminder.
      const wrote = await page.request.post(`${phoneUrl}/inbound`, { data: { from: phone, to: ANA_NUMBER, body: "Oi, tudo bem?", profileName: name } });
      expect((await wrote.json()).status).toBe(200);

      // Booked a few hours ahead (inside the 24-hour lead time, so the reminder goes at once); the demo's agenda
      // may hold some of those times, so a few are tried.
      let booked: { id: string; date: string } | null = null;
      for (let minutes = 150; minutes < 900 && !booked; minutes += 41) {
        const at = saoPauloLocal(new Date(Date.now() + minutes * 60_000));
        const res = await page.request.post("/api/appointments", {
          headers,
          data: { patient_id: patientId, appointment_date: at.date, appointment_time: at.time, appointment_type: type, duration: 15 },
        });
        if (res.status() === 201) booked = { id: ((await res.json()) as { id: string }).id, date: at.date };
      }
      expect(booked).not.toBeNull();

      // The reminder carries the amount and the copia-e-cola of the session's dynamic Pix.
      await expect.poll(async () => (await sentTo(page.request, phone)).some((m) => m.body.includes("Pix copia e cola")), { timeout: 30_000 }).toBe(true);
      const reminder = (await sentTo(page.request, phone)).find((m) => m.body.includes("Pix copia e cola"))!.body;
      expect(reminder).toContain("Responda 1 para confirmar");
      expect(reminder).toContain("Valor da consulta: R$ 175,00.");
      const brcode = reminder.split("\n")[reminder.split("\n").indexOf("Pix copia e cola:") + 1]!;
      expect(brcode).toMatch(/^000201/);

      // The patient pays that Pix: the stand-in approves it and posts its signed notification to the server.
      const list = (await page.request.get(`${mercadopago}/payments`).then((r) => r.json())) as PaymentRow[];
      const paidPix = list.find((p) => p.point_of_interaction.transaction_data.qr_code === brcode);
      expect(paidPix).toBeDefined();
      const paid = await page.request.post(`${mercadopago}/pay`, { data: { payment_id: paidPix!.id } });
      expect(paid.ok()).toBe(true);

      // Compromissos shows the appointment paid (on its month's list).
      await page.goto("/compromissos");
      await expect(page.getByRole("heading", { name: "Compromissos", level: 1 })).toBeVisible();
      if (booked!.date.slice(0, 7) !== saoPauloLocal(new Date()).date.slice(0, 7)) await page.getByRole("button", { name: "Próximo mês" }).click();
      const card = page.getByRole("listitem").filter({ hasText: name });
      await expect(card.getByText("Pagamento: Pago")).toBeVisible();
      await card.scrollIntoViewIfNeeded();
      await expectAxeClean(page, "Compromissos: pagamento");
      await screenshot(page, `${viewport.name}-payments-appointment-paid`);

      await page.goto("/financeiro");
      await page.getByRole("tab", { name: "Recibos" }).click();
      const receipt = page.getByTestId("receipt-due").filter({ hasText: type });
      await expect(receipt).toContainText("R$ 175,00");
      await expect(receipt).toContainText("CRP 06/123456");
      await receipt.getByLabel("Número do recibo").fill(`RS-${viewport.name}-${Date.now() % 100_000}`);
      await receipt.getByRole("button", { name: "Marcar como emitido" }).click();
      await expect(receipt).toBeHidden();

      await page.getByRole("tab", { name: "Livro-caixa" }).click();
      const total = (before.received_cents + 17500) / 100;
      const expected = `R$ ${total.toLocaleString("pt-BR", { minimumFractionDigits: 2 })}`;
      await expect(page.getByTestId(`ledger-${before.month}`)).toContainText(expected);
      await expectAxeClean(page, "Financeiro: livro-caixa");
      await restore();
    });
  });
}

interface PaymentRow {
  id: number;
  point_of_interaction: { transaction_data: { qr_code: string } };
}
