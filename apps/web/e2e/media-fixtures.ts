import { deflateSync } from "node:zlib";
import { expect, type APIRequestContext } from "@playwright/test";

/**
 * Files a patient "sends" on WhatsApp in the flows, made here so they are real: a WAV the browser plays, a PNG it
 * draws, a PDF a viewer opens. The fake Twilio (the port after the app's) stores and serves them at Twilio media
 * URLs; the fake OpenAI transcribes an audio file as the text after `TRANSCRIPT:` in its bytes (packages/stand-ins),
 * which a WAV player ignores after the sound.
 */
export const phoneUrl = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? "3100") + 1}/_stand-in`;
/** Dra. Ana Souza's WhatsApp number in the demo data. */
export const ANA_NUMBER = "whatsapp:+5511940000001";

export const randomPhone = () => `+55119${String(Math.floor(10_000_000 + Math.random() * 89_999_999))}`;

/** A voice note saying `text`: two seconds of a soft tone, then the words the fake transcription hears. */
export function voiceNote(text: string, seconds = 2): Buffer {
  const rate = 8000;
  const samples = rate * seconds;
  const wav = Buffer.alloc(44 + samples * 2);
  wav.write("RIFF", 0);
  wav.writeUInt32LE(36 + samples * 2, 4);
  wav.write("WAVE", 8);
  wav.write("fmt ", 12);
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20); // PCM
  wav.writeUInt16LE(1, 22); // mono
  wav.writeUInt32LE(rate, 24);
  wav.writeUInt32LE(rate * 2, 28);
  wav.writeUInt16LE(2, 32);
  wav.writeUInt16LE(16, 34);
  wav.write("data", 36);
  wav.writeUInt32LE(samples * 2, 40);
  for (let i = 0; i < samples; i++) wav.writeInt16LE(Math.round(Math.sin((i / rate) * 2 * Math.PI * 330) * 3000), 44 + i * 2);
  return Buffer.concat([wav, Buffer.from(`TRANSCRIPT:${text}`, "utf8")]);
}

/** A one-page PDF with a line of text. */
export function pdfFile(line = "Resultado de exame"): Buffer {
  const stream = `BT /F1 18 Tf 40 120 Td (${line}) Tj ET`;
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 420 200] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  let body = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("")}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, "latin1");
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(data: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of data) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** A 480×320 PNG: a sheet of paper with grey "lines of text", like a photo of an exam result. */
export function photoFile(): Buffer {
  const width = 480;
  const height = 320;
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) {
      const paper = x > 40 && x < 440 && y > 20 && y < 300;
      const line = paper && y > 50 && y % 24 < 6 && x < 120 + ((y * 37) % 300);
      const [r, g, b] = !paper ? [94, 129, 125] : line ? [120, 130, 140] : [250, 250, 246];
      row.writeUInt8(r, 1 + x * 3);
      row.writeUInt8(g, 2 + x * 3);
      row.writeUInt8(b, 3 + x * 3);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", header),
    pngChunk("IDAT", deflateSync(Buffer.concat(rows))),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

export interface InboundFile {
  contentType: string;
  /** The file's bytes, stored and served by the fake Twilio. */
  data?: Buffer;
  /** Or an address given as is (another host, a file that is not there). */
  url?: string;
}

export interface SentMessage {
  sid: string;
  to: string;
  body: string;
}

export async function sentTo(request: APIRequestContext, phone: string): Promise<SentMessage[]> {
  const res = await request.get(`${phoneUrl}/sent?to=${encodeURIComponent(`whatsapp:${phone}`)}`);
  return ((await res.json()) as { messages: SentMessage[] }).messages;
}

/** The patient sends a WhatsApp message (text, files or both) through the fake Twilio, signed, to the webhook. */
export async function patientSends(request: APIRequestContext, phone: string, profileName: string, body: string, files: InboundFile[] = []): Promise<void> {
  const media = files.map((file) => (file.url ? { url: file.url, contentType: file.contentType } : { contentType: file.contentType, base64: file.data!.toString("base64") }));
  const res = await request.post(`${phoneUrl}/inbound`, { data: { from: phone, to: ANA_NUMBER, body, profileName, media } });
  expect((await res.json()).status).toBe(200);
}

/** As `patientSends`, then resolves with the product's answer once the fake Twilio has received it. */
export async function patientSendsAndHears(request: APIRequestContext, phone: string, profileName: string, body: string, files: InboundFile[] = []): Promise<string> {
  const before = (await sentTo(request, phone)).length;
  await patientSends(request, phone, profileName, body, files);
  let answers: SentMessage[] = [];
  await expect.poll(async () => (answers = await sentTo(request, phone)).length, { timeout: 60_000 }).toBeGreaterThan(before);
  return answers[answers.length - 1]!.body;
}

/** What the patient of `patientSendsFiles` says in the voice note, shown as its transcript. */
export const VOICE_NOTE_TEXT = "Bom dia, doutora. Estou mandando a foto e o PDF do meu exame de sangue para a senhora ver.";

/**
 * A new patient sends a voice note, a photo with a caption and a PDF, as three WhatsApp messages: a thread with every
 * kind of file. Resolves with the patient's name once the server has fetched them all (and transcribed the audio).
 */
export async function patientSendsFiles(request: APIRequestContext, headers: Record<string, string>): Promise<string> {
  const phone = randomPhone();
  const name = `Arquivos ${Math.floor(Math.random() * 1e6)}`;
  await patientSends(request, phone, name, "", [{ contentType: "audio/wav", data: voiceNote(VOICE_NOTE_TEXT) }]);
  await patientSends(request, phone, name, "Foto do resultado", [{ contentType: "image/png", data: photoFile() }]);
  await patientSends(request, phone, name, "", [{ contentType: "application/pdf", data: pdfFile("Hemograma completo") }]);
  await expect
    .poll(
      async () => {
        const list = (await (await request.get(`/api/conversations?search=${encodeURIComponent(name)}`, { headers })).json()) as { items: { id: string }[] };
        if (!list.items[0]) return "no conversation yet";
        const detail = (await (await request.get(`/api/conversations/${list.items[0].id}`, { headers })).json()) as {
          messages: { media: { status: string; transcript_status: string | null }[] }[];
        };
        const files = detail.messages.flatMap((m) => m.media);
        return files.length === 3 && files.every((f) => f.status === "ready" && f.transcript_status !== "pending") ? "ready" : "waiting";
      },
      { timeout: 60_000 },
    )
    .toBe("ready");
  return name;
}
