import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import type { PatientExport } from "@clinora/contracts";
import { professionalForFile } from "../../../test/context";
import { ANA_SOUZA, hoursBefore, RECORDS_NOW as NOW } from "../../../test/records-moment";
import { fixedClock } from "../../platform/lib/clock";
import { auditLog } from "../../tables";

const clock = fixedClock(NOW);
const t = professionalForFile({ clock, profile: ANA_SOUZA });

const PDF = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\n%%EOF\n");
const PNG = Buffer.concat([Buffer.from("\x89PNG\r\n\x1a\n", "latin1"), Buffer.alloc(64, 1)]);
const upload = (entryId: string, data: Buffer, contentType: string, fileName = "exame.pdf", as = t.session) =>
  t.request({ method: "POST", url: `/api/records/${entryId}/attachments?file_name=${encodeURIComponent(fileName)}`, payload: data, headers: { "content-type": contentType }, session: as });

async function draftFor(name: string) {
  const patient = await t.make.patient(t.professionalId, { name });
  const draft = (await t.request({ method: "POST", url: `/api/patients/${patient.id}/records`, payload: { kind: "evolucao", free_text: "Sessão", session_at: hoursBefore(1) }, session: t.session })).json();
  return { patient, draft };
}

describe("records: attachments", () => {
  it("attaches a PDF and an image to a draft, lists them with the entry, serves them logged, and keeps them once finalised", async () => {
    const { patient, draft } = await draftFor("Beatriz Lima");
    const first = await upload(draft.id, PDF, "application/pdf", "Laudo audiométrico.pdf");
    expect(first.statusCode).toBe(201);
    expect(first.json().attachments).toEqual([
      { id: expect.any(String), file_name: "Laudo audiométrico.pdf", content_type: "application/pdf", size_bytes: PDF.length, sha256: createHash("sha256").update(PDF).digest("hex"), created_at: NOW },
    ]);
    // A second later: files are listed in the order they were sent (by their creation time).
    clock.set(new Date(new Date(NOW).getTime() + 1000));
    const second = await upload(draft.id, PNG, "image/png", "foto.png");
    clock.set(NOW);
    expect(second.json().attachments).toHaveLength(2);
    const [pdfFile, pngFile] = second.json().attachments as { id: string }[];

    const timeline = (await t.request({ method: "GET", url: `/api/patients/${patient.id}/records`, session: t.session })).json();
    expect(timeline.items[0].attachments.map((a: { file_name: string }) => a.file_name)).toEqual(["Laudo audiométrico.pdf", "foto.png"]);

    const download = await t.request({ method: "GET", url: `/api/records/${draft.id}/attachments/${pdfFile!.id}?download=1`, session: t.session });
    expect(download.statusCode).toBe(200);
    expect(download.headers["content-type"]).toBe("application/pdf");
    expect(download.headers["content-disposition"]).toMatch(/^attachment; filename="Laudo audiometrico.pdf"; filename\*=UTF-8''Laudo%20audiom%C3%A9trico.pdf$/);
    expect(download.headers["x-content-type-options"]).toBe("nosniff");
    expect(download.rawPayload.equals(PDF)).toBe(true);
    const logged = await t.db.select().from(auditLog).where(and(eq(auditLog.action, "record.attachment_downloaded"), eq(auditLog.entityId, patient.id)));
    expect(logged).toHaveLength(1);
    expect(logged[0]!.details).toMatchObject({ entry_ids: [draft.id], attachment_id: pdfFile!.id });

    // A draft's file can go; after finalisation nothing is added or removed.
    const removed = await t.request({ method: "DELETE", url: `/api/records/${draft.id}/attachments/${pngFile!.id}`, session: t.session });
    expect(removed.json().attachments).toHaveLength(1);
    expect((await t.request({ method: "POST", url: `/api/records/${draft.id}/finalise`, session: t.session })).statusCode).toBe(200);
    const late = await upload(draft.id, PDF, "application/pdf");
    expect(late.statusCode).toBe(409);
    expect(late.json().detail).toBe("Arquivos só podem ser anexados ou removidos enquanto a entrada é rascunho");
    expect((await t.request({ method: "DELETE", url: `/api/records/${draft.id}/attachments/${pdfFile!.id}`, session: t.session })).statusCode).toBe(409);
    expect((await t.request({ method: "GET", url: `/api/records/${draft.id}`, session: t.session })).json().attachments).toHaveLength(1);

    // The database refuses a raw change too, and a draft's file is still free to go.
    await expect(t.db.execute(sql`update record_attachments set file_name = 'trocado.pdf' where id = ${pdfFile!.id}`)).rejects.toThrow();
    await expect(t.db.execute(sql`delete from record_attachments where id = ${pdfFile!.id}`)).rejects.toThrow();
    const { draft: other } = await draftFor("Eva Prado");
    const loose = (await upload(other.id, PDF, "application/pdf")).json().attachments[0] as { id: string };
    await t.db.execute(sql`delete from record_attachments where id = ${loose.id}`);
  });

  it("refuses with WhatsApp media's rules: a type not accepted, an empty or fake file, over 16 MB, no name", async () => {
    const { draft } = await draftFor("Carlos Dias");
    const wrongType = await upload(draft.id, Buffer.from("texto"), "text/plain", "nota.txt");
    expect(wrongType.statusCode).toBe(415);
    expect(wrongType.json().detail).toBe("Tipo de arquivo não aceito. Envie uma imagem (JPEG, PNG ou WebP) ou um PDF.");
    const fake = await upload(draft.id, Buffer.from("<html>erro</html>"), "application/pdf");
    expect(fake.statusCode).toBe(422);
    const tooLarge = await upload(draft.id, Buffer.alloc(16 * 1024 * 1024 + 1, 0x25), "application/pdf");
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().detail).toBe("O arquivo pode ter até 16 MB.");
    const noName = await upload(draft.id, PDF, "application/pdf", " ");
    expect(noName.statusCode).toBe(422);
    expect((await t.request({ method: "GET", url: `/api/records/${draft.id}`, session: t.session })).json().attachments).toEqual([]);
  });

  it("another professional reaches no file; the export carries the files' bytes", async () => {
    const { patient, draft } = await draftFor("Dora Reis");
    const file = (await upload(draft.id, PDF, "application/pdf")).json().attachments[0] as { id: string };
    const { user } = await t.make.professionalUser();
    const other = await t.login(user.email, user.password);
    expect((await t.request({ method: "GET", url: `/api/records/${draft.id}/attachments/${file.id}`, session: other })).statusCode).toBe(404);
    expect((await upload(draft.id, PDF, "application/pdf", "x.pdf", other)).statusCode).toBe(404);

    const data = (await t.request({ method: "GET", url: `/api/patients/${patient.id}/export`, session: t.session })).json() as PatientExport;
    expect(data.records.entries[0]!.attachments).toEqual([expect.objectContaining({ id: file.id, file_name: "exame.pdf", data_base64: PDF.toString("base64") })]);
  });
});
