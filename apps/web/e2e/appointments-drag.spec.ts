import { expect, test, type Locator, type Page } from "@playwright/test";
import { axeFindings, formatFindings } from "./axe";
import { PHONE_VIEWPORT, PROFESSIONAL, signInViaApi, toastWith } from "./fixtures";

/**
 * Moving and resizing appointments in the week's hours and the day timeline (docs/decisions/038), in an English
 * browser in New York: the grid still shows the practice's (São Paulo) times. Each test books on its own week, a
 * month or more ahead, so the demo's agenda (±15 days) and the other tests leave it free.
 */
test.use({ locale: "en-US", timezoneId: "America/New_York", viewport: { width: 1366, height: 800 } });
// A flow books, walks the week view 40-odd weeks ahead one "Próxima semana" at a time and drags twice: on a busy
// machine the walk alone took 22 s of the default 30 (two flows timed out in a full run), which is not what they test.
test.describe.configure({ timeout: 90_000 });

/** Today in São Paulo, as YYYY-MM-DD. */
function practiceToday(): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo" }).format(new Date());
}

function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The Monday `weeks` weeks after the practice's current week. */
function mondayAhead(weeks: number): string {
  const today = practiceToday();
  const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7;
  return addDays(today, 7 * weeks - weekday);
}

interface Booked {
  id: string;
  name: string;
}

async function book(page: Page, headers: Record<string, string>, date: string, time: string, duration = 50): Promise<Booked> {
  const name = `Paciente Arraste ${Math.floor(Math.random() * 1_000_000)}`;
  const patient = await page.request.post("/api/patients", { headers, data: { name } });
  expect(patient.status()).toBe(201);
  const patientId = ((await patient.json()) as { id: string }).id;
  const created = await page.request.post("/api/appointments", {
    headers,
    data: { patient_id: patientId, appointment_date: date, appointment_time: time, appointment_type: "Consulta", duration },
  });
  expect(created.status()).toBe(201);
  return { id: ((await created.json()) as { id: string }).id, name };
}

async function stored(page: Page, headers: Record<string, string>, id: string) {
  const res = await page.request.get(`/api/appointments/${id}`, { headers });
  const body = (await res.json()) as { appointment_date: string; appointment_time: string; duration: number };
  return { date: body.appointment_date, time: body.appointment_time.slice(0, 5), duration: body.duration };
}

/** Compromissos › Semana, `weeks` weeks ahead. */
async function openWeek(page: Page, weeks: number) {
  await page.goto("/compromissos");
  await page.getByRole("tab", { name: "Semana" }).click();
  for (let i = 0; i < weeks; i++) await page.getByRole("button", { name: "Próxima semana" }).click();
  await expect(page.getByRole("heading", { name: "Horários da semana" })).toBeVisible();
}

/** The target time shown above a block while it moves. */
const dragTarget = (page: Page) => page.locator("[data-drag-target]");

const block = (page: Page, booked: Booked) => page.locator(`[data-appointment-id="${booked.id}"]`);

/** The block in the middle of the window, so the mouse reaches it and where it goes. */
async function centre(locator: Locator) {
  await locator.evaluate((element) => element.scrollIntoView({ block: "center" }));
  const box = (await locator.boundingBox())!;
  return { x: box.x + box.width / 2, y: box.y + box.height / 2, box };
}

test("a drag in the week's hours moves an appointment to another day and time, and Desfazer puts it back", async ({ page }) => {
  const headers = { "X-Session-ID": await signInViaApi(page, PROFESSIONAL) };
  const monday = mondayAhead(40);
  const tuesday = addDays(monday, 1);
  const booked = await book(page, headers, tuesday, "10:00");
  await openWeek(page, 40);

  const moving = block(page, booked);
  await expect(moving).toHaveAccessibleName(new RegExp(`^10:00 ${booked.name}, 50 min, Consulta: editar$`));
  const { x, y, box } = await centre(moving);
  const columns = page.locator("ul[aria-label]").filter({ has: moving });
  const columnWidth = (await columns.boundingBox())!.width;
  // One column right and 30 minutes down (64 px an hour), in steps as a hand moves.
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + columnWidth, y + 32, { steps: 8 });
  await expect(dragTarget(page)).toHaveText("quarta, 10:30–11:20");
  expect(box.height).toBeGreaterThan(40);
  await page.mouse.up();

  await expect(toastWith(page, "Movido para quarta, 10:30–11:20")).toBeVisible();
  await expect.poll(() => stored(page, headers, booked.id)).toEqual({ date: addDays(monday, 2), time: "10:30", duration: 50 });
  await expect(page.locator("ul[aria-label]").nth(2).locator(`[data-appointment-id="${booked.id}"]`)).toBeVisible();

  await toastWith(page, "Movido para quarta").getByRole("button", { name: "Desfazer" }).click();
  await expect(toastWith(page, "Horário anterior restaurado: terça, 10:00–10:50")).toBeVisible();
  await expect.poll(() => stored(page, headers, booked.id)).toEqual({ date: tuesday, time: "10:00", duration: 50 });
  await expect(page.locator("ul[aria-label]").nth(1).locator(`[data-appointment-id="${booked.id}"]`)).toBeVisible();
});

test("dragging the bottom edge in the day timeline changes the length", async ({ page }) => {
  const headers = { "X-Session-ID": await signInViaApi(page, PROFESSIONAL) };
  const wednesday = addDays(mondayAhead(41), 2);
  const booked = await book(page, headers, wednesday, "14:00");
  await openWeek(page, 41);
  await page.getByRole("group", { name: "Dias da semana" }).getByRole("button").nth(2).click();
  await page.getByRole("tab", { name: "Linha do tempo" }).click();

  const resizing = block(page, booked);
  await expect(resizing).toHaveAccessibleName(new RegExp(`^14:00 · 50 min ${booked.name}\\s*Consulta\\s*: editar$`));
  const { box } = await centre(resizing);
  // The bottom edge, 25 minutes lower (96 px an hour).
  await page.mouse.move(box.x + box.width / 2, box.y + box.height - 3);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height - 3 + 40, { steps: 6 });
  await expect(dragTarget(page)).toHaveText("14:00–15:15");
  await page.mouse.up();

  await expect(toastWith(page, "Movido para quarta, 14:00–15:15")).toBeVisible();
  await expect.poll(() => stored(page, headers, booked.id)).toEqual({ date: wednesday, time: "14:00", duration: 75 });
  await expect(resizing).toHaveAccessibleName(/^14:00 · 75 min /);
});

test("the arrow keys move a focused appointment, the live region says where, and Escape drops a move", async ({ page }) => {
  const headers = { "X-Session-ID": await signInViaApi(page, PROFESSIONAL) };
  const thursday = addDays(mondayAhead(42), 3);
  const booked = await book(page, headers, thursday, "09:00");
  await openWeek(page, 42);
  const live = page.getByRole("status").filter({ hasText: /./ });

  const moving = block(page, booked);
  await moving.focus();
  await page.keyboard.press("ArrowDown");
  await expect(live).toHaveText("quinta, 09:15–10:05. Enter confirma, Esc cancela.");

  // The view with a focused appointment in the middle of a move.
  const findings = await axeFindings(page, "Compromissos › Semana, compromisso em movimento");
  expect(findings, formatFindings(findings)).toEqual([]);

  await page.keyboard.press("Escape");
  await expect(live).toHaveText("Movimento cancelado. Continua em quinta, 09:00–09:50.");

  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("Shift+ArrowUp");
  await expect(live).toHaveText("sexta, 09:30–10:05. Enter confirma, Esc cancela.");
  await page.keyboard.press("Enter");
  await expect(live).toHaveText("Movido para sexta, 09:30–10:05");
  await expect.poll(() => stored(page, headers, booked.id)).toEqual({ date: addDays(thursday, 1), time: "09:30", duration: 35 });
  // The block keeps the focus in its new column, and Enter (no move pending) opens it as before.
  await expect(moving).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("dialog", { name: "Editar compromisso" })).toBeVisible();
});

test("a move onto another appointment is refused with the message, and the block goes back", async ({ page }) => {
  const headers = { "X-Session-ID": await signInViaApi(page, PROFESSIONAL) };
  const monday = mondayAhead(43);
  const first = await book(page, headers, monday, "10:00");
  await book(page, headers, monday, "11:00");
  await openWeek(page, 43);

  const moving = block(page, first);
  const { x, y, box: before } = await centre(moving);
  await page.mouse.move(x, y);
  await page.mouse.down();
  // 60 minutes down: onto the 11:00 appointment.
  await page.mouse.move(x, y + 64, { steps: 8 });
  await page.mouse.up();

  await expect(toastWith(page, "Horário 11:00 já está ocupado. Tente:")).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "O compromisso continua em segunda, 10:00–10:50." })).toBeAttached();
  await expect.poll(async () => (await moving.boundingBox())!.y).toBeCloseTo(before.y, 0);
  expect(await stored(page, headers, first.id)).toEqual({ date: monday, time: "10:00", duration: 50 });
});

test("a concluded appointment stays where it is", async ({ page }) => {
  const headers = { "X-Session-ID": await signInViaApi(page, PROFESSIONAL) };
  const tuesday = addDays(mondayAhead(45), 1);
  const done = await book(page, headers, tuesday, "09:00");
  const current = (await (await page.request.get(`/api/appointments/${done.id}`, { headers })).json()) as Record<string, unknown>;
  const concluded = await page.request.put(`/api/appointments/${done.id}`, {
    headers,
    data: { patient_id: current.patient_id, appointment_date: tuesday, appointment_time: "09:00", appointment_type: "Consulta", duration: 50, status: "completed" },
  });
  expect(concluded.status()).toBe(200);
  await openWeek(page, 45);

  const still = block(page, done);
  await expect(still).not.toHaveAttribute("aria-describedby");
  const { x, y } = await centre(still);
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x, y + 64, { steps: 8 });
  await page.mouse.up();
  await still.focus();
  await page.keyboard.press("ArrowDown");
  await expect(page.getByRole("status").filter({ hasText: /./ })).toHaveCount(0);
  expect(await stored(page, headers, done.id)).toEqual({ date: tuesday, time: "09:00", duration: 50 });
});

test.describe("on a phone", () => {
  test.use({ viewport: PHONE_VIEWPORT, hasTouch: true, isMobile: true });

  test("a long press starts the move; the finger then drags the block", async ({ page }) => {
    const headers = { "X-Session-ID": await signInViaApi(page, PROFESSIONAL) };
    const friday = addDays(mondayAhead(44), 4);
    const booked = await book(page, headers, friday, "15:00");
    await openWeek(page, 44);
    const moving = block(page, booked);
    let { x, y } = await centre(moving);

    const touch = await page.context().newCDPSession(page);
    // A finger that moves at once is a scroll: the page moves, the appointment does not.
    const scrolledBefore = await page.evaluate(() => window.scrollY);
    await touch.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x, y }] });
    for (let step = 1; step <= 8; step++) {
      await touch.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [{ x, y: y - step * 10 }] });
    }
    await touch.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(scrolledBefore);
    await expect(dragTarget(page)).toHaveCount(0);
    expect(await stored(page, headers, booked.id)).toEqual({ date: friday, time: "15:00", duration: 50 });

    ({ x, y } = await centre(moving));
    await touch.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x, y }] });
    // Held still past the long press (450 ms) before moving.
    await page.waitForTimeout(700);
    for (let step = 1; step <= 8; step++) {
      await touch.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [{ x, y: y + step * 4 }] });
    }
    await expect(dragTarget(page)).toHaveText("sexta, 15:30–16:20");
    await touch.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });

    await expect(toastWith(page, "Movido para sexta, 15:30–16:20")).toBeVisible();
    await expect.poll(() => stored(page, headers, booked.id)).toEqual({ date: friday, time: "15:30", duration: 50 });
  });
});

/** The question a move asks before saving, as the appointment dialog does (docs/product/appointments.md §8). */
const question = (page: Page, text: string) => page.getByRole("alertdialog", { name: text });
const OUTSIDE_HOURS = "Fora do seu horário de atendimento — salvar mesmo assim?";
const PAST = "Este horário já passou — salvar mesmo assim?";

test("a drag outside her hours asks first: Voltar puts the block back, Salvar mesmo assim moves it", async ({ page }) => {
  const headers = { "X-Session-ID": await signInViaApi(page, PROFESSIONAL) };
  // Friday to Saturday: the demo's hours are Monday to Friday.
  const friday = addDays(mondayAhead(46), 4);
  const booked = await book(page, headers, friday, "16:00");
  await openWeek(page, 46);
  const live = page.getByRole("status").filter({ hasText: /./ });

  const moving = block(page, booked);
  const columnWidth = (await page.locator("ul[aria-label]").filter({ has: moving }).boundingBox())!.width;
  const drag = async () => {
    const { x, y, box } = await centre(moving);
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x + columnWidth, y, { steps: 8 });
    await expect(dragTarget(page)).toHaveText("sábado, 16:00–16:50");
    await page.mouse.up();
    return box;
  };

  const before = await drag();
  const asking = question(page, OUTSIDE_HOURS);
  await expect(asking).toBeVisible();
  await expect(asking).toContainText("Novo horário: sábado, 16:00–16:50");
  await expect(live).toHaveText(`${OUTSIDE_HOURS} sábado, 16:00–16:50.`);
  // The question, open over the week: no axe finding.
  const findings = await axeFindings(page, "Compromissos › Semana, pergunta antes de mover");
  expect(findings, formatFindings(findings)).toEqual([]);
  await asking.getByRole("button", { name: "Voltar" }).click();
  await expect(asking).toHaveCount(0);
  await expect(live).toHaveText("Movimento cancelado. Continua em sexta, 16:00–16:50.");
  await expect(dragTarget(page)).toHaveCount(0);
  await expect.poll(async () => (await moving.boundingBox())!.x).toBeCloseTo(before.x, 0);
  expect(await stored(page, headers, booked.id)).toEqual({ date: friday, time: "16:00", duration: 50 });
  // The closed question has given the page back to the pointer.
  await expect.poll(() => page.evaluate(() => getComputedStyle(document.body).pointerEvents)).toBe("auto");

  // The question's backdrop fades out after it closes: the next press must reach the block, not the fading layer.
  await expect(page.locator("div.fixed.inset-0.z-50")).toHaveCount(0);
  await drag();
  await question(page, OUTSIDE_HOURS).getByRole("button", { name: "Salvar mesmo assim" }).click();
  await expect(toastWith(page, "Movido para sábado, 16:00–16:50")).toBeVisible();
  await expect.poll(() => stored(page, headers, booked.id)).toEqual({ date: addDays(friday, 1), time: "16:00", duration: 50 });
});

test("a key move to her day off asks first, Escape puts it back, and the week's edge is said plainly", async ({ page }) => {
  const headers = { "X-Session-ID": await signInViaApi(page, PROFESSIONAL) };
  const friday = addDays(mondayAhead(47), 4);
  const booked = await book(page, headers, friday, "10:00");
  await openWeek(page, 47);
  const live = page.getByRole("status").filter({ hasText: /./ });

  const moving = block(page, booked);
  await moving.focus();
  // Friday to Saturday: not one of her days.
  await page.keyboard.press("ArrowRight");
  await expect(live).toHaveText("sábado, 10:00–10:50. Enter confirma, Esc cancela.");
  await page.keyboard.press("Enter");
  const asking = question(page, OUTSIDE_HOURS);
  await expect(asking).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(asking).toHaveCount(0);
  await expect(live).toHaveText("Movimento cancelado. Continua em sexta, 10:00–10:50.");
  await expect(moving).toBeFocused();
  expect(await stored(page, headers, booked.id)).toEqual({ date: friday, time: "10:00", duration: 50 });

  // Sunday is the week's last column: right goes no further, and the live region says why.
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await expect(live).toHaveText("domingo, 10:00–10:50. Enter confirma, Esc cancela.");
  await page.keyboard.press("ArrowRight");
  await expect(live).toHaveText("Fim da semana: não dá para mover para a próxima semana por aqui. Abra o compromisso e altere a data.");
  await page.keyboard.press("Escape");
  expect(await stored(page, headers, booked.id)).toEqual({ date: friday, time: "10:00", duration: 50 });
});

test("a move to a time that has passed asks first", async ({ page }) => {
  const headers = { "X-Session-ID": await signInViaApi(page, PROFESSIONAL) };
  // Wednesday three weeks ago, before the demo's agenda (±15 days) begins: every time of it has passed.
  const wednesday = addDays(mondayAhead(-3), 2);
  const booked = await book(page, headers, wednesday, "10:00");
  await page.goto("/compromissos");
  await page.getByRole("tab", { name: "Semana" }).click();
  for (let i = 0; i < 3; i++) await page.getByRole("button", { name: "Semana anterior" }).click();
  await expect(page.getByRole("heading", { name: "Horários da semana" })).toBeVisible();

  const moving = block(page, booked);
  await moving.focus();
  await page.keyboard.press("ArrowUp");
  await page.keyboard.press("Enter");
  const asking = question(page, PAST);
  await expect(asking).toBeVisible();
  await expect(asking).toContainText("Novo horário: quarta, 09:45–10:35");
  await asking.getByRole("button", { name: "Salvar mesmo assim" }).click();
  await expect(toastWith(page, "Movido para quarta, 09:45–10:35")).toBeVisible();
  await expect.poll(() => stored(page, headers, booked.id)).toEqual({ date: wednesday, time: "09:45", duration: 50 });
});
