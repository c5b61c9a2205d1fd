import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contextWithProfessional, type TestContext } from "../../../test/context";

let t: TestContext;
let session: string;

beforeAll(async () => {
  ({ t, session } = await contextWithProfessional({ profile: { appointmentDuration: 50 } }));
});
afterAll(() => t.close());

const page = async () => (await t.request({ method: "GET", url: "/api/booking-page", session })).json();
const setDefault = async (minutes: number) => {
  const res = await t.request({ method: "PUT", url: "/api/professionals/me", payload: { appointment_duration: minutes }, session });
  expect(res.statusCode, res.body).toBe(200);
};
const setTypes = async (types: { name: string; duration: number }[]) => {
  const { url: _url, ...current } = await page();
  const res = await t.request({ method: "PUT", url: "/api/booking-page", payload: { ...current, appointment_types: types }, session });
  expect(res.statusCode, res.body).toBe(200);
};

describe("the booking page's types and her default consultation length", () => {
  it("'Consulta' follows the default length while it has it; a type set apart keeps its own", async () => {
    expect((await page()).appointment_types).toEqual([{ name: "Consulta", duration: 50 }]);
    await setTypes([{ name: "Consulta", duration: 50 }, { name: "Retorno", duration: 30 }]);

    await setDefault(40);
    expect((await page()).appointment_types).toEqual([{ name: "Consulta", duration: 40 }, { name: "Retorno", duration: 30 }]);

    // She sets "Consulta" apart: from now on it is hers.
    await setTypes([{ name: "Consulta", duration: 60 }, { name: "Retorno", duration: 30 }]);
    await setDefault(45);
    expect((await page()).appointment_types).toEqual([{ name: "Consulta", duration: 60 }, { name: "Retorno", duration: 30 }]);
  });
});
