import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contextWithProfessional, type TestContext } from "../../../test/context";

/** The public booking page shows each type's price only when the professional chose so (docs/product/payments.md §6). */

let t: TestContext;
let session: string;
let slug: string;
let professionalId: string;

beforeAll(async () => {
  ({ t, session, professional: { id: professionalId } } = await contextWithProfessional({ profile: { appointmentDuration: 50 } }));
  slug = (await t.request({ method: "GET", url: "/api/booking-page", session })).json().slug;
  const on = await t.request({
    method: "PUT",
    url: "/api/booking-page",
    session,
    payload: { enabled: true, slug, min_notice_hours: 2, days_ahead: 30, appointment_types: [{ name: "Consulta", duration: 50 }, { name: "Retorno", duration: 30 }] },
  });
  expect(on.statusCode, on.body).toBe(200);
  const price = await t.request({ method: "PUT", url: "/api/payments/prices/types", session, payload: { appointment_type: "Consulta", amount_cents: 22050 } });
  expect(price.statusCode, price.body).toBe(200);
});
afterAll(() => t.close());

const publicTypes = async () => {
  const res = await t.request({ method: "GET", url: `/api/public/booking/${slug}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().appointment_types as { name: string; price_cents: number | null }[];
};
const showPrices = async (on: boolean) => {
  const res = await t.request({ method: "PUT", url: "/api/payments/settings", session, payload: { show_prices_on_booking_page: on } });
  expect(res.statusCode, res.body).toBe(200);
};

describe("prices on the booking page", () => {
  it("are hidden by default, shown per type once switched on (a type without a price shows none), hidden again when off", async () => {
    expect((await publicTypes()).map((x) => [x.name, x.price_cents])).toEqual([["Consulta", null], ["Retorno", null]]);
    await showPrices(true);
    expect((await publicTypes()).map((x) => [x.name, x.price_cents])).toEqual([["Consulta", 22050], ["Retorno", null]]);
    await showPrices(false);
    expect((await publicTypes()).map((x) => x.price_cents)).toEqual([null, null]);
  });

  it("never shows a patient's own price, only the types'", async () => {
    await showPrices(true);
    const patient = await t.make.patient(professionalId, { name: "Clara Dias" });
    const own = await t.request({ method: "PUT", url: `/api/payments/prices/patients/${patient.id}`, session, payload: { amount_cents: 5000 } });
    expect(own.statusCode, own.body).toBe(200);
    expect(JSON.stringify(await publicTypes())).not.toContain("5000");
  });
});
