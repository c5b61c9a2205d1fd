import { expect as baseExpect, test } from "@playwright/test";
import { axeFindings, formatFindings } from "./axe";
import { PROFESSIONAL, SCREENSHOT_VIEWPORTS, screenshot, signInViaApi, toastWith } from "./fixtures";
import { ANA_NUMBER, phoneUrl, randomPhone, saoPauloLocal, sentTo } from "./whatsapp-stand-in";

const expect = baseExpect.configure({ timeout: 15_000 });

/**
 * The Pix after the session (docs/product/payments.md §6): on Financeiro › Configurar the professional chooses
 * "Depois da sessão"; a session marked realizada sends the patient one WhatsApp message with its amount, and the
 * charge says it went. The e2e server's Twilio is the stand-in on E2E_PORT + 1.
 */

for (const viewport of SCREENSHOT_VIEWPORTS) {
  test(`the Pix goes after the session once it is marked realizada, ${viewport.name}`, async ({ page }) => {
    test.setTimeout(150_000);
    await page.setViewportSize(viewport.size);
    const session = await signInViaApi(page, PROFESSIONAL);
    const headers = { "X-Session-ID": session };
    const originalPayments = (await (await page.request.get("/api/payments/settings", { headers })).json()) as Record<string, unknown>;
    try {
      await page.goto("/financeiro");
      await page.getByRole("tab", { name: "Configurar" }).click();
      const box = page.getByRole("checkbox", { name: "Enviar o valor e o Pix pelo WhatsApp" });
      if ((await box.getAttribute("aria-checked")) !== "true") await box.click();
      await page.getByRole("radio", { name: "Depois da sessão" }).check();
      await page.getByLabel("Minutos depois do fim da sessão").fill("30");
      const findings = await axeFindings(page, "Financeiro: Pix depois da sessão");
      expect(findings, formatFindings(findings)).toEqual([]);
      await screenshot(page, `${viewport.name}-payments-pix-after-session`);
      await page.getByRole("button", { name: "Salvar", exact: true }).click();
      await expect(toastWith(page, "Configurações de cobrança salvas!")).toBeVisible();
      const saved = (await (await page.request.get("/api/payments/settings", { headers })).json()) as Record<string, unknown>;
      expect(saved).toMatchObject({ send_pix_in_reminders: true, pix_timing: "after_session", pix_after_minutes: 30 });

      const type = `Sessão depois ${viewport.name} ${Math.floor(Math.random() * 10_000)}`;
      expect((await page.request.put("/api/payments/prices/types", { headers, data: { appointment_type: type, amount_cents: 17500 } })).ok()).toBe(true);
      const phone = randomPhone();
      const name = `Rita Depois ${viewport.name} ${Math.floor(Math.random() * 10_000)}`;
      const patient = await page.request.post("/api/patients", { headers, data: { name, phone } });
      expect(patient.status()).toBe(201);
      const patientId = ((await patient.json()) as { id: string }).id;
      // The patient writes first, so WhatsApp's 24-hour window is open for free text.
      const wrote = await page.request.post(`${phoneUrl}/inbound`, { data: { from: phone, to: ANA_NUMBER, body: "Oi!", profileName: name } });
      expect((await wrote.json()).status).toBe(200);

      let booked: { id: string; date: string; time: string } | null = null;
      for (let minutes = 150; minutes < 900 && !booked; minutes += 37) {
        const at = saoPauloLocal(new Date(Date.now() + minutes * 60_000));
        const res = await page.request.post("/api/appointments", { headers, data: { patient_id: patientId, appointment_date: at.date, appointment_time: at.time, appointment_type: type, duration: 15 } });
        if (res.status() === 201) booked = { id: ((await res.json()) as { id: string }).id, ...at };
      }
      expect(booked).not.toBeNull();
      // Not over yet: nothing about money goes.
      expect((await sentTo(page.request, phone)).some((m) => m.body.includes("Obrigado pela sessão"))).toBe(false);

      const done = await page.request.put(`/api/appointments/${booked!.id}`, {
        headers,
        data: { patient_id: patientId, appointment_date: booked!.date, appointment_time: booked!.time, appointment_type: type, duration: 15, status: "completed" },
      });
      expect(done.status()).toBe(200);
      await expect.poll(async () => (await sentTo(page.request, phone)).filter((m) => m.body.includes("Obrigado pela sessão")).length, { timeout: 30_000 }).toBe(1);
      const message = (await sentTo(page.request, phone)).find((m) => m.body.includes("Obrigado pela sessão"))!.body;
      expect(message).toContain("Valor da consulta: R$ 175,00.");

      await page.getByRole("tab", { name: "Cobranças" }).click();
      await expect(page.getByRole("listitem").filter({ hasText: name })).toContainText("Pix enviado pelo WhatsApp depois da sessão");
    } finally {
      const { mercadopago_connected: _c, mercadopago_webhook_url: _w, ...paymentInput } = originalPayments;
      const restored = await page.request.put("/api/payments/settings", { headers, data: paymentInput });
      expect(restored.status()).toBe(200);
    }
  });
}
