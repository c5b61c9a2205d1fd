import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import type { Database, Db } from "./client";
import { preparedStatement, rowShape, valueOf } from "./prepared-statement";
import { patients } from "../../tables";
import { openTestDatabase } from "../../../test/context";
import { factories } from "../../../test/factories";

let database: Database;
let db: Db;
let professionalId: string;
let built = 0;

const byName = preparedStatement(["professionalId", "name"], (handle, p) => {
  built++;
  return handle
    .select({ id: patients.id, name: patients.name, createdAt: patients.createdAt })
    .from(patients)
    .where(and(eq(patients.professionalId, p.professionalId), eq(patients.name, p.name)));
});
const rename = preparedStatement(["id", "name", "at"], (handle, p) =>
  handle
    .update(patients)
    .set({ name: valueOf<string>(p.name), updatedAt: valueOf<Date>(p.at) })
    .where(eq(patients.id, p.id))
    .returning({ name: patients.name, updatedAt: patients.updatedAt }),
);

beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
  const make = factories(db);
  professionalId = (await make.professional()).id;
  await make.patient(professionalId, { name: "Joana Prado" });
  await make.patient(professionalId, { name: "Rita Lima" });
  const other = await make.professional();
  await make.patient(other.id, { name: "Joana Prado" });
});

afterAll(async () => {
  await database?.close();
});

describe("preparedStatement", () => {
  it("builds its statement once and gives the rows Drizzle's own query gives, for each call's values", async () => {
    const joana = await byName(db, { professionalId, name: "Joana Prado" });
    const plain = await db
      .select({ id: patients.id, name: patients.name, createdAt: patients.createdAt })
      .from(patients)
      .where(and(eq(patients.professionalId, professionalId), eq(patients.name, "Joana Prado")));
    expect(joana).toEqual(plain);
    expect(joana[0]!.createdAt).toBeInstanceOf(Date);
    expect(await byName(db, { professionalId, name: "Rita Lima" })).toHaveLength(1);
    expect(await byName(db, { professionalId, name: "Ninguém" })).toEqual([]);
    expect(built).toBe(1);
  });

  it("runs inside a transaction, on its connection, and writes a placeholder's value through the column (a Date)", async () => {
    const [rita] = await byName(db, { professionalId, name: "Rita Lima" });
    const at = new Date("2026-03-10T12:00:00.123Z");
    await db
      .transaction(async (tx) => {
        expect(await rename(tx, { id: rita!.id, name: "Rita Souza", at })).toEqual([{ name: "Rita Souza", updatedAt: at }]);
        expect(await byName(tx, { professionalId, name: "Rita Souza" })).toHaveLength(1);
        tx.rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof Error) || !/rollback/i.test(error.message)) throw error;
      });
    expect(await byName(db, { professionalId, name: "Rita Souza" })).toEqual([]);
    expect(built).toBe(1);
  });
});

describe("rowShape", () => {
  it("keys a row by its columns and its nulls, and leaves nulls out of the values", () => {
    const a = rowShape("m_", { name: "Joana", phone: null, notes: undefined });
    const b = rowShape("m_", { name: "Rita", phone: "+5511999990000" });
    expect(a.shape).toBe("name,phone:null");
    expect(b.shape).toBe("name,phone");
    expect(a.values()).toEqual({ m_name: "Joana" });
    expect(Object.keys(a.placeholders())).toEqual(["name", "phone"]);
    expect(a.placeholders().phone).toBeNull();
  });
});
