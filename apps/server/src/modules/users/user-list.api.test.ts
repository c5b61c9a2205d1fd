import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contextWithAdmin, type TestContext } from "../../../test/context";
import { fixedClock } from "../../platform/lib/clock";

const clock = fixedClock("2026-03-10T12:00:00Z");
const daysAgo = (days: number) => new Date(clock.now().getTime() - days * 24 * 3600_000);
let t: TestContext;
let session: string;
let ana: { userId: string; professionalId: string };

beforeAll(async () => {
  ({ t, session } = await contextWithAdmin({ clock, admin: { email: "chefe@clinora.com.br", createdAt: daysAgo(30) } }));
  const a = await t.make.professionalUser({ email: "ana@consultorio.com.br", createdAt: daysAgo(1) }, { fullName: "Dra. Ana Ribeiro" });
  ana = { userId: a.user.id, professionalId: a.professional.id };
  await t.make.professionalUser({ email: "bruno@consultorio.com.br", status: "suspended", createdAt: daysAgo(6) }, { fullName: "Dr. Bruno Teixeira" });
  await t.make.user({ email: "carla@consultorio.com.br", role: "professional", status: "pending_approval", createdAt: daysAgo(8) });
  await t.make.admin({ email: "suporte@clinora.com.br", createdAt: daysAgo(3) });
});
afterAll(() => t.close());

const list = async (query: string) => {
  const res = await t.request({ method: "GET", url: `/api/users?${query}`, session });
  expect(res.statusCode).toBe(200);
  return res.json() as { items: { email: string }[]; total: number; page: number; per_page: number };
};
const emails = async (query: string) => (await list(query)).items.map((u) => u.email);

describe("users list and stats", () => {
  it("counts users per status and those created in the last 7 days", async () => {
    const res = await t.request({ method: "GET", url: "/api/users/stats", session });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ total: 5, by_status: { active: 3, suspended: 1, pending_approval: 1 }, last_7_days: 3 });
  });

  it("lists newest first, 100 per page, with the linked professional's name and no password", async () => {
    const page = await list("per_page=100");
    expect(page).toMatchObject({ total: 5, page: 1, per_page: 100 });
    expect(page.items.map((u) => u.email)).toEqual([
      "ana@consultorio.com.br",
      "suporte@clinora.com.br",
      "bruno@consultorio.com.br",
      "carla@consultorio.com.br",
      "chefe@clinora.com.br",
    ]);
    expect(page.items[0]).toMatchObject({ professional_id: ana.professionalId, professional_name: "Dra. Ana Ribeiro", role: "professional" });
    expect(JSON.stringify(page)).not.toMatch(/password/i);
  });

  it("filters by status, role, professional and pages", async () => {
    expect(await emails("status=suspended")).toEqual(["bruno@consultorio.com.br"]);
    expect(await emails("role=admin")).toEqual(["suporte@clinora.com.br", "chefe@clinora.com.br"]);
    expect(await emails("role=professional&status=active")).toEqual(["ana@consultorio.com.br"]);
    expect(await emails(`professional_id=${ana.professionalId}`)).toEqual(["ana@consultorio.com.br"]);
    const second = await list("per_page=2&page=2");
    expect(second).toMatchObject({ total: 5, page: 2, per_page: 2 });
    expect(second.items.map((u) => u.email)).toEqual(["bruno@consultorio.com.br", "carla@consultorio.com.br"]);
  });

  it("searches by email or professional name, case-insensitively", async () => {
    expect(await emails("search=TEIXEIRA")).toEqual(["bruno@consultorio.com.br"]);
    expect(await emails("search=clinora.com")).toEqual(["suporte@clinora.com.br", "chefe@clinora.com.br"]);
    expect(await emails("search=nao-existe")).toEqual([]);
  });
});
