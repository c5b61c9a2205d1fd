import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { MEDIA_MAX_BYTES, MSG, type ConversationDetail, type ConversationMessage } from "@clinora/contracts";
import { fakeVoiceNote, FAKE_TRANSCRIPTION_FAILS } from "@clinora/stand-ins";
import * as s from "../../../tables";
import { createAssistantHarness, type AssistantHarness, type Clinic } from "../../../../test/assistant-harness";
import { nextBusinessDate } from "../../../../test/business-dates";

const PATIENT = "+5511977776666";
const toPatient = (m: { to: string }) => m.to === `whatsapp:${PATIENT}`;
const PNG = Buffer.concat([Buffer.from("89504e470d0a1a0a0000000d49484452", "hex"), Buffer.alloc(64, 1)]);
const PDF = Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");
const JPEG = Buffer.concat([Buffer.from("ffd8ffe000104a464946", "hex"), Buffer.alloc(64, 2)]);

/** Every pending job due now (a retry's backoff skipped), then run to the end. */
async function drainWithRetries(h: AssistantHarness, rounds = 6) {
  for (let i = 0; i < rounds; i++) {
    await h.db.execute(sql`update jobs set run_at = now() - interval '1 second' where status = 'pending'`);
    await h.drain();
  }
}

describe("files in WhatsApp conversations (OpenAI transcribes)", () => {
  let h: AssistantHarness;
  let clinic: Clinic;

  const thread = async (c: Clinic = clinic) => {
    const [conv] = await h.db.select().from(s.conversations).where(eq(s.conversations.professionalId, c.professionalId));
    const res = await h.request({ method: "GET", url: `/api/conversations/${conv!.id}`, session: c.session });
    expect(res.statusCode).toBe(200);
    return res.json() as ConversationDetail;
  };
  const inboundMedia = async () => (await thread()).messages.filter((m) => m.direction === "inbound").flatMap((m) => m.media);

  beforeAll(async () => {
    h = await createAssistantHarness({ env: { TRANSCRIPTION_TIMEOUT_SECONDS: "2" } });
  });
  afterAll(() => h.close());
  beforeEach(async () => {
    h.twilio.reset();
    h.llm.reset();
    clinic = await h.clinic();
  });

  it("a voice note asking for a time is fetched with the account's credentials, transcribed in Portuguese and booked like typed text", async () => {
    const D = nextBusinessDate();
    const said = `Oi, quero marcar uma consulta para ${D} às 10h. Meu nome é Ana Lima`;
    h.llm.script([{ toolCalls: [{ name: "book_appointment", arguments: { date: D, time: "10:00", patient_name: "Ana Lima" } }] }, { text: "Até lá!" }]);
    const res = await clinic.patientWrites(PATIENT, "", { media: [{ data: fakeVoiceNote(said), contentType: "audio/ogg; codecs=opus" }] });
    expect(res.status).toBe(200);

    // Stored at once as pending, nothing answered yet.
    const pending = await inboundMedia();
    expect(pending).toEqual([expect.objectContaining({ kind: "audio", content_type: "audio/ogg", status: "pending", status_message: MSG.mediaPending, url: null, transcript: null })]);
    const [listed] = (await h.request({ method: "GET", url: "/api/conversations", session: clinic.session })).json().items;
    expect(listed.last_message).toBe("🎤 Áudio");

    await h.drain();
    expect(h.twilio.mediaRequests).toBe(1);
    expect(h.llm.transcriptions).toEqual([expect.objectContaining({ model: "gpt-4o-mini-transcribe", language: "pt", contentType: "audio/ogg" })]);
    // The model read the transcript as the patient's message, exactly as typed.
    const lastUser = h.llm.requests[0]!.messages.filter((m) => m.role === "user").at(-1) as { content: string };
    expect(lastUser.content).toBe(said);

    const reply = await h.twilio.waitForSent(toPatient);
    expect(reply.body).toContain("agendada");
    const appts = await h.db.select().from(s.appointments).where(eq(s.appointments.professionalId, clinic.professionalId));
    expect(appts).toEqual([expect.objectContaining({ appointmentDate: D, appointmentTime: "10:00:00", source: "assistant" })]);

    const [audio] = await inboundMedia();
    expect(audio).toMatchObject({ status: "ready", status_message: null, transcript: said, transcript_status: "done" });
    expect(audio!.size_bytes).toBe(fakeVoiceNote(said).length);

    // The professional plays it; anyone else gets 404.
    const file = await h.request({ method: "GET", url: audio!.url!, session: clinic.session });
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toBe("audio/ogg");
    expect(file.rawPayload.equals(fakeVoiceNote(said))).toBe(true);
    expect(file.headers["content-disposition"]).toMatch(/^inline; filename="audio-[0-9a-f]{8}\.ogg"/);
    const download = await h.request({ method: "GET", url: `${audio!.url}?download=1`, session: clinic.session });
    expect(download.headers["content-disposition"]).toMatch(/^attachment;/);
    const other = await h.clinic();
    expect((await h.request({ method: "GET", url: audio!.url!, session: other.session })).statusCode).toBe(404);
    expect((await h.request({ method: "GET", url: audio!.url! })).statusCode).toBe(401);
  });

  it("the stand-in phone sends a voice note over HTTP, as the browser flows do", async () => {
    const res = await fetch(`${h.twilio.url}/_stand-in/inbound`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ webhookUrl: h.webhookUrl, from: PATIENT, to: clinic.number, body: "", media: [{ voiceNote: "Qual é o endereço?" }] }),
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { status: number }).status).toBe(200);
    await h.drain();
    expect(await inboundMedia()).toEqual([expect.objectContaining({ kind: "audio", status: "ready", transcript: "Qual é o endereço?", transcript_status: "done" })]);
    expect(h.llm.requests.length).toBeGreaterThan(0);
  });

  it("a crisis in a voice note is answered by the server before any model call and goes to the professional first", async () => {
    await clinic.patientWrites(PATIENT, "", { media: [{ data: fakeVoiceNote("eu não aguento mais, quero me matar"), contentType: "audio/ogg" }] });
    await h.drain();
    const reply = await h.twilio.waitForSent(toPatient);
    expect(reply.body).toContain("188");
    expect(h.llm.requests).toHaveLength(0);
    const [conv] = await h.db.select().from(s.conversations).where(eq(s.conversations.professionalId, clinic.professionalId));
    expect(conv).toMatchObject({ status: "waiting", urgency: 3 });
    expect(h.twilio.sent.filter(toPatient)).toHaveLength(1);
  });

  it("a photo or a PDF is acknowledged and passed to the professional, never interpreted", async () => {
    await clinic.patientWrites(PATIENT, "segue meu exame", { media: [{ data: PDF, contentType: "application/pdf" }, { data: JPEG, contentType: "image/jpeg" }] });
    await h.drain();
    const reply = await h.twilio.waitForSent(toPatient);
    expect(reply.body).toBe(MSG.assistantFileReceived);
    expect(h.llm.requests).toHaveLength(0);
    const files = await inboundMedia();
    expect(files.map((f) => [f.kind, f.status, f.transcript_status])).toEqual([
      ["document", "ready", null],
      ["image", "ready", null],
    ]);
    const [conv] = await h.db.select().from(s.conversations).where(eq(s.conversations.professionalId, clinic.professionalId));
    expect(conv).toMatchObject({ status: "waiting", urgency: 2 });
    const pdf = await h.request({ method: "GET", url: files[0]!.url!, session: clinic.session });
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    expect(pdf.rawPayload.equals(PDF)).toBe(true);
  });

  it("bad files are clear states in the thread: too large, wrong type, empty, broken, another host; nothing fetched that should not be", async () => {
    const big = Buffer.concat([Buffer.from("%PDF-"), Buffer.alloc(MEDIA_MAX_BYTES, 0x20)]);
    const res = await clinic.patientWrites(PATIENT, "", {
      media: [
        { data: big, contentType: "application/pdf" },
        { data: Buffer.from("GIF89a"), contentType: "image/gif" },
        { data: Buffer.alloc(0), contentType: "image/png" },
        { data: Buffer.from("<html>not a pdf</html>"), contentType: "application/pdf" },
        { url: "https://example.com/exame.pdf", contentType: "application/pdf" },
      ],
    });
    expect(res.status).toBe(200);
    await h.drain();
    const files = await inboundMedia();
    expect(files.map((f) => [f.status, f.status_message, f.url])).toEqual([
      ["rejected", MSG.mediaTooLarge, null],
      ["rejected", MSG.mediaTypeNotAccepted, null],
      ["rejected", MSG.mediaEmpty, null],
      ["rejected", MSG.mediaEmpty, null],
      ["rejected", MSG.mediaHostRefused, null],
    ]);
    // The GIF and the other host's address were never fetched.
    expect(h.twilio.mediaRequests).toBe(3);
    const rows = await h.db.select({ data: s.messageMedia.data, sourceUrl: s.messageMedia.sourceUrl }).from(s.messageMedia).where(eq(s.messageMedia.professionalId, clinic.professionalId));
    expect(rows.every((r) => r.data === null)).toBe(true);
    expect(rows.some((r) => r.sourceUrl?.includes("example.com"))).toBe(false);
    // The patient is told, kindly, to send it again.
    expect((await h.twilio.waitForSent(toPatient)).body).toBe(MSG.assistantFileNotReceived);
  });

  it("follows a redirect only to Twilio's media hosts over HTTPS (here the stand-in's origin), at most 3 hops, never to a loopback address", async () => {
    // Another service on this machine: a redirect to it must never be followed (the credentials or not).
    let internalRequests = 0;
    const internal = createServer((_req, res) => {
      internalRequests += 1;
      res.writeHead(200, { "content-type": "image/png" }).end(PNG);
    });
    await new Promise<void>((done) => internal.listen(0, "127.0.0.1", done));
    const internalUrl = `http://127.0.0.1:${(internal.address() as AddressInfo).port}/foto.png`;
    try {
      const file = h.twilio.addMedia(PNG, "image/png");
      const oneHop = h.twilio.addMediaRedirect(file);
      let fourHops = file;
      for (let i = 0; i < 4; i++) fourHops = h.twilio.addMediaRedirect(fourHops, 302);
      let threeHops = file;
      for (let i = 0; i < 3; i++) threeHops = h.twilio.addMediaRedirect(threeHops, 302);
      await clinic.patientWrites(PATIENT, "", {
        media: [
          { url: oneHop, contentType: "image/png" },
          { url: h.twilio.addMediaRedirect(internalUrl), contentType: "image/png" },
          { url: h.twilio.addMediaRedirect("http://api.twilio.com/2010-04-01/Accounts/AC1/Messages/MM1/Media/ME1"), contentType: "image/png" },
          { url: h.twilio.addMediaRedirect("https://api.twilio.com.example.net/ME1"), contentType: "image/png" },
          { url: threeHops, contentType: "image/png" },
          { url: fourHops, contentType: "image/png" },
        ],
      });
      await h.drain();
      const files = await inboundMedia();
      expect(files.map((f) => [f.status, f.status_message])).toEqual([
        ["ready", null],
        ["failed", MSG.mediaUnavailable],
        ["failed", MSG.mediaUnavailable],
        ["failed", MSG.mediaUnavailable],
        ["ready", null],
        ["failed", MSG.mediaUnavailable],
      ]);
      expect(internalRequests).toBe(0);
    } finally {
      await new Promise((done) => internal.close(done));
    }
  });

  it("a fetch that keeps failing is retried, then shows 'Mídia indisponível'; a transcription that keeps failing says so and the audio stays", async () => {
    h.twilio.failNextMediaFetches(10, 503);
    await clinic.patientWrites(PATIENT, "", { media: [{ data: PNG, contentType: "image/png" }] });
    await drainWithRetries(h);
    expect(h.twilio.mediaRequests).toBe(4);
    expect(await inboundMedia()).toEqual([expect.objectContaining({ status: "failed", status_message: MSG.mediaUnavailable, url: null })]);
    expect((await h.twilio.waitForSent(toPatient)).body).toBe(MSG.assistantFileNotReceived);

    h.twilio.failNextMediaFetches(0);
    const other = "+5511955554444";
    const voice = Buffer.concat([fakeVoiceNote("oi"), Buffer.from(FAKE_TRANSCRIPTION_FAILS)]);
    await clinic.patientWrites(other, "", { media: [{ data: voice, contentType: "audio/ogg" }] });
    await drainWithRetries(h);
    expect(h.llm.transcriptions).toHaveLength(3);
    const conv = (await h.db.select().from(s.conversations).where(eq(s.conversations.phoneNumber, other)))[0]!;
    const detail = (await h.request({ method: "GET", url: `/api/conversations/${conv.id}`, session: clinic.session })).json() as ConversationDetail;
    const [audio] = detail.messages[0]!.media;
    expect(audio).toMatchObject({ status: "ready", transcript_status: "failed", transcript: null });
    expect(audio!.url).not.toBeNull();
    expect((await h.twilio.waitForSent((m) => m.to === `whatsapp:${other}`)).body).toBe(MSG.assistantAudioNotUnderstood);
  });

  it("the professional sends an image or a PDF; Twilio fetches it from a signed, expiring, single-purpose link", async () => {
    await clinic.patientWrites(PATIENT, "pode me mandar o pedido?");
    await h.drain();
    h.twilio.reset();
    const [conv] = await h.db.select().from(s.conversations).where(eq(s.conversations.professionalId, clinic.professionalId));
    const url = `/api/conversations/${conv!.id}/attachments`;
    const send = (payload: Buffer, contentType: string, query = "?file_name=pedido.pdf", session = clinic.session) =>
      h.request({ method: "POST", url: `${url}${query}`, session, headers: { "content-type": contentType }, payload });

    const res = await send(PDF, "application/pdf", `?file_name=${encodeURIComponent("pedido de exame.pdf")}&caption=${encodeURIComponent("Segue o pedido")}`);
    expect(res.statusCode).toBe(201);
    const message = res.json() as ConversationMessage;
    expect(message).toMatchObject({ direction: "outbound", sender: "professional", content: "Segue o pedido", status: "queued" });
    expect(message.media).toEqual([expect.objectContaining({ kind: "document", content_type: "application/pdf", file_name: "pedido de exame.pdf", size_bytes: PDF.length, status: "ready" })]);

    await h.drain();
    const sent = await h.twilio.waitForSent(toPatient);
    expect(sent.body).toBe("Segue o pedido");
    expect(sent.mediaUrls).toHaveLength(1);
    const link = new URL(sent.mediaUrls[0]!);
    expect(link.origin).toBe(h.publicUrl);
    expect(link.pathname).toBe(`/api/media/outbound/${message.media[0]!.id}`);
    // The fake Twilio fetched it, without a session, and got the file.
    await h.twilio.waitForSent((m) => m.status === "delivered");
    expect(h.twilio.mediaFetches).toEqual([expect.objectContaining({ status: 200, contentType: "application/pdf", bytes: PDF.length })]);

    // The link opens that file only: another file's id, a changed expiry or signature, an inbound file: 404.
    const path = `${link.pathname}${link.search}`;
    expect((await h.request({ method: "GET", url: path })).statusCode).toBe(200);
    const expires = link.searchParams.get("expires")!;
    expect((await h.request({ method: "GET", url: path.replace(`expires=${expires}`, `expires=${Number(expires) + 1}`) })).statusCode).toBe(404);
    expect((await h.request({ method: "GET", url: path.replace(message.media[0]!.id, crypto.randomUUID()) })).statusCode).toBe(404);
    expect((await h.request({ method: "GET", url: `${link.pathname}?expires=${Date.now() - 1000}&signature=x` })).statusCode).toBe(404);

    // An image without caption; the list shows what it is.
    const image = await send(PNG, "image/png", "?file_name=receita.png");
    expect(image.statusCode).toBe(201);
    expect(image.json().content).toBe("");
    const [listed] = (await h.request({ method: "GET", url: "/api/conversations", session: clinic.session })).json().items;
    expect(listed.last_message).toBe("📷 Foto");

    // Bad input: clear answers, nothing stored.
    const before = (await h.db.select().from(s.messageMedia)).length;
    const gif = await send(Buffer.from("GIF89a...."), "image/gif");
    expect(gif.statusCode).toBe(415);
    expect(gif.json().detail).toBe(MSG.attachmentTypeNotAccepted);
    const json = await h.request({ method: "POST", url: `${url}?file_name=a.pdf`, session: clinic.session, payload: { a: 1 } });
    expect(json.statusCode).toBe(415);
    const empty = await send(Buffer.alloc(0), "application/pdf");
    expect(empty.statusCode).toBe(422);
    expect(empty.json().detail).toBe(MSG.attachmentEmpty);
    const broken = await send(Buffer.from("<html></html>"), "application/pdf");
    expect(broken.statusCode).toBe(422);
    expect(broken.json().detail).toBe(MSG.mediaEmpty);
    const noName = await send(PDF, "application/pdf", "");
    expect(noName.statusCode).toBe(422);
    const tooBig = await send(Buffer.concat([PDF, Buffer.alloc(MEDIA_MAX_BYTES)]), "application/pdf");
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().detail).toBe(MSG.attachmentTooLarge);
    const other = await h.clinic();
    expect((await send(PDF, "application/pdf", "?file_name=a.pdf", other.session)).statusCode).toBe(404);
    expect((await h.db.select().from(s.messageMedia)).length).toBe(before);
    // Every other route keeps its 1 MiB JSON limit.
    const bigReply = await h.request({ method: "POST", url: `/api/conversations/${conv!.id}/messages`, session: clinic.session, headers: { "content-type": "application/json" }, payload: JSON.stringify({ content: "x".repeat(1024 * 1024 + 10) }) });
    expect(bigReply.statusCode).toBe(413);
    expect(bigReply.json().detail).toBe(MSG.bodyTooLarge);

    // Outside the 24-hour window nothing goes.
    await h.db.update(s.conversations).set({ lastInboundAt: new Date(Date.now() - 25 * 3600_000) }).where(eq(s.conversations.id, conv!.id));
    const closed = await send(PDF, "application/pdf", "?file_name=a.pdf");
    expect(closed.statusCode).toBe(409);
    expect(closed.json().detail).toBe(MSG.replyWindowClosed);
  });

  it("files are in the patient's LGPD export and go with anonymisation", async () => {
    const [patient] = await h.db
      .insert(s.patients)
      .values({ professionalId: clinic.professionalId, name: "Carla Dias", phone: PATIENT })
      .returning();
    await clinic.patientWrites(PATIENT, "", { media: [{ data: fakeVoiceNote("quero remarcar"), contentType: "audio/ogg" }, { data: JPEG, contentType: "image/jpeg" }] });
    await h.drain();
    const exported = await h.request({ method: "GET", url: `/api/patients/${patient!.id}/export`, session: clinic.session });
    expect(exported.statusCode).toBe(200);
    const media = exported.json().conversations[0].messages[0].media;
    expect(media).toEqual([
      expect.objectContaining({ kind: "audio", transcript: "quero remarcar", data_base64: fakeVoiceNote("quero remarcar").toString("base64") }),
      expect.objectContaining({ kind: "image", data_base64: JPEG.toString("base64") }),
    ]);
    const anonymised = await h.request({ method: "POST", url: `/api/patients/${patient!.id}/anonymize`, session: clinic.session, payload: { confirm: true } });
    expect(anonymised.statusCode, anonymised.body).toBe(200);
    expect(await h.db.select().from(s.messageMedia).where(eq(s.messageMedia.professionalId, clinic.professionalId))).toEqual([]);
  });
});

describe("files in WhatsApp conversations without an OpenAI key", () => {
  let h: AssistantHarness;
  let clinic: Clinic;
  beforeAll(async () => {
    h = await createAssistantHarness({ provider: "anthropic", env: { OPENAI_API_KEY: "" } });
    clinic = await h.clinic();
  });
  afterAll(() => h.close());

  it("the assistant kindly asks for text, and the professional still has the audio", async () => {
    await clinic.patientWrites(PATIENT, "", { media: [{ data: fakeVoiceNote("quero marcar"), contentType: "audio/ogg" }] });
    await h.drain();
    expect((await h.twilio.waitForSent(toPatient)).body).toBe(MSG.assistantCannotListen);
    expect(h.llm.transcriptions).toHaveLength(0);
    expect(h.llm.requests).toHaveLength(0);
    const [conv] = await h.db.select().from(s.conversations).where(eq(s.conversations.professionalId, clinic.professionalId));
    const detail = (await h.request({ method: "GET", url: `/api/conversations/${conv!.id}`, session: clinic.session })).json() as ConversationDetail;
    const [audio] = detail.messages[0]!.media;
    expect(audio).toMatchObject({ status: "ready", transcript_status: "no_provider", transcript: null });
    expect((await h.request({ method: "GET", url: audio!.url!, session: clinic.session })).statusCode).toBe(200);
  });
});
