import { describe, expect, it } from "vitest";
import { professionalForFile } from "../../../test/context";
import { fixedClock } from "../../platform/lib/clock";
import { pdfText } from "../../../test/pdf-text";

/** The patient's "comprovante de pagamento" (docs/product/payments.md §6), read back as text from the PDF. */

// 01:30 UTC on 11 March is still 22:30 on 10 March in São Paulo: the payment date is the 10th.
const clock = fixedClock("2026-03-11T01:30:00.000Z");
const t = professionalForFile({ clock });

const api = (method: "GET" | "POST" | "PUT", url: string, payload?: unknown, as = t.session) =>
  t.request({ method, url: `/api/payments${url}`, ...(payload === undefined ? {} : { payload: payload as object }), session: as });

describe("comprovante de pagamento", () => {
  it("of a paid charge: who, what, how much, when, and that it does not replace the Receita Saúde receipt", async () => {
    const patient = await t.make.patient(t.professionalId, { name: "Lívia Campos", cpf: "52998224725" });
    expect((await api("PUT", "/settings", { council_registration: "CRP 06/123456" })).statusCode).toBe(200);
    const created = await api("POST", "/charges", { patient_id: patient.id, description: "Sessão de psicoterapia", amount_cents: 123456, beneficiary_cpf: "11144477735" });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;

    const open = await api("GET", `/charges/${id}/comprovante.pdf`);
    expect(open.statusCode).toBe(409);
    expect(open.json()).toMatchObject({ detail: "Esta cobrança não está paga" });

    expect((await api("POST", `/charges/${id}/paid`, { method: "pix" })).statusCode).toBe(200);
    const res = await api("GET", `/charges/${id}/comprovante.pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("application/pdf");
    expect(res.headers["content-disposition"]).toContain(`comprovante-${id.slice(0, 8)}.pdf`);
    const text = (await pdfText(res.rawPayload)).replace(/\s+/g, " ");
    expect(text).toContain("Comprovante de pagamento");
    expect(text).toContain("CRP 06/123456");
    expect(text).toContain("R$ 1.234,56");
    expect(text).toContain("10/03/2026");
    expect(text).toContain("Sessão de psicoterapia");
    expect(text).toContain("Lívia Campos");
    expect(text).toContain("529.982.247-25");
    expect(text).toContain("111.444.777-35");
    expect(text).toContain("Pix");
    expect(text).toContain("Este comprovante não substitui o recibo do Receita Saúde");
  });

  it("is another practice's 404 and an administrator's 403", async () => {
    const patient = await t.make.patient(t.professionalId, { name: "Outra Paciente" });
    const id = (await api("POST", "/charges", { patient_id: patient.id, description: "Sessão", amount_cents: 10000 })).json().id as string;
    expect((await api("POST", `/charges/${id}/paid`, { method: "cash" })).statusCode).toBe(200);
    const { user } = await t.make.professionalUser();
    expect((await api("GET", `/charges/${id}/comprovante.pdf`, undefined, await t.login(user.email, user.password))).statusCode).toBe(404);
    const admin = await t.make.admin();
    expect((await api("GET", `/charges/${id}/comprovante.pdf`, undefined, await t.login(admin.email, admin.password))).statusCode).toBe(403);
  });
});
