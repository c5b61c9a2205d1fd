/**
 * `npm run demo:whatsapp`: the product with a working virtual assistant and no account anywhere. Starts the server
 * (configured database, demo data added if missing) with Twilio and the language model played by the local
 * stand-ins, then plays a patient who books an appointment on WhatsApp with Dra. Ana Souza's assistant, printing
 * the conversation. The server stays up: log in as the professional, open Conversas and answer the patient.
 * With the embedded database, stop `npm start` first (one process at a time may open a PGlite folder).
 */
import { eq } from "drizzle-orm";
import { loadConfig } from "../config";
import { openDatabase } from "../platform/db/client";
import { users } from "../modules/users/users.schema";
import { twilioNumbers } from "../modules/whatsapp/whatsapp.schema";
import { dayMonth } from "@clinora/contracts/date-display";
import { addDays, todayIn, weekdayOf } from "@clinora/contracts/zoned-time";
import { serveWithDemoData, startStandIns } from "./stand-ins";

const PROFESSIONAL_LOGIN = { email: "ana.souza@clinora.com.br", password: "Prof@12345" };
const PATIENT = { phone: "+5511912345678", name: "Carla Mendes" };

const base = loadConfig();
const origin = `http://127.0.0.1:${base.port}`;
const standIns = await startStandIns({ publicUrl: origin });
const config = loadConfig({ ...process.env, ...standIns.env, PUBLIC_URL: origin });
const database = await openDatabase(config.databaseUrl ? { kind: "postgres", url: config.databaseUrl } : { kind: "pglite", dataDir: config.dataDir });
await serveWithDemoData({ config, database, standIns });

const [owner] = await database.db
  .select({ number: twilioNumbers.twilioNumber })
  .from(users)
  .innerJoin(twilioNumbers, eq(twilioNumbers.professionalId, users.professionalId))
  .where(eq(users.email, PROFESSIONAL_LOGIN.email))
  .limit(1);
if (!owner) throw new Error(`A conta ${PROFESSIONAL_LOGIN.email} não tem número de WhatsApp: rode npm run demo antes.`);

/** The patient writes; resolves with the assistant's answer once the fake Twilio has it. */
async function patientSays(body: string): Promise<string> {
  const before = standIns.twilio.sent.length;
  console.log(`\n  Paciente:   ${body}`);
  const res = await standIns.twilio.sendInbound({ webhookUrl: `${origin}/api/whatsapp/webhook/twilio`, from: PATIENT.phone, to: owner!.number, body, profileName: PATIENT.name });
  if (res.status !== 200) throw new Error(`o webhook respondeu ${res.status}: ${res.body}`);
  const [answer] = (await standIns.twilio.waitForSent(before + 1, 30_000)).slice(before);
  console.log(`  Assistente: ${answer!.body.replaceAll("\n", "\n              ")}`);
  return answer!.body;
}

let day = addDays(todayIn("America/Sao_Paulo", new Date()), 1);
while ([0, 6].includes(weekdayOf(day))) day = addDays(day, 1);

console.log(`\nClinora com assistente virtual (Twilio e IA simulados localmente) em ${origin}`);
console.log(`Uma paciente escreve no WhatsApp da Dra. Ana Souza (${owner.number.replace("whatsapp:", "")}):`);
await patientSays("Olá, boa tarde!");
const offer = await patientSays(`Quero marcar uma consulta para o dia ${dayMonth(day)}`);
const time = /\b([01]\d|2[0-3]):[0-5]\d\b/.exec(offer)?.[0] ?? "10:00";
await patientSays(`Pode ser às ${time}. Meu nome é ${PATIENT.name}`);

console.log(`
A consulta aparece em Compromissos (marcada como "Agendado pelo assistente") e a conversa em Conversas.
Entre em ${origin} como ${PROFESSIONAL_LOGIN.email} / ${PROFESSIONAL_LOGIN.password} e responda à paciente.
Ctrl+C encerra.`);
