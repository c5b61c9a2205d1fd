/**
 * The server the Playwright flows run against: a fresh embedded database in a temporary folder, migrated
 * and filled with the demo data, serving the built web app on 127.0.0.1:3100 (or E2E_PORT), with its job worker
 * running and Twilio, the language model and Google played by the local stand-ins. The fake Twilio listens on the
 * next port (3101): flows make a patient write through its `POST /_stand-in/inbound`. The fake Google listens on
 * the one after (3102): its consent page sends the browser straight back, and `POST /_stand-in/revoke-grants`
 * plays a professional removing the access in their Google account. The fake Mercado Pago listens on E2E_PORT + 5
 * (+3 and +4 are left to other stand-ins): its `POST /_stand-in/pay` plays a patient paying a charge's Pix.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { loadConfig } from "../config";
import { openDatabase } from "../platform/db/client";
import { serveWithDemoData, startStandIns } from "./stand-ins";

const dataDir = mkdtempSync(path.join(os.tmpdir(), "clinora-e2e-"));
const port = process.env.E2E_PORT ?? "3100";
const standIns = await startStandIns({ publicUrl: `http://127.0.0.1:${port}`, twilioPort: Number(port) + 1, googlePort: Number(port) + 2, mercadopagoPort: Number(port) + 5 });
// Every flow comes from 127.0.0.1, so the per-address API limit (600 a minute) would throttle the whole suite as
// if it were one very busy user, and flows would fail on 429s at random. Login's own limits stay as they are.
const config = loadConfig({
  ...process.env,
  DATA_DIR: dataDir,
  PORT: port,
  HOST: "127.0.0.1",
  LOG_LEVEL: "warn",
  RATE_LIMIT_PER_MINUTE: "100000",
  ...standIns.env,
});

const database = await openDatabase({ kind: "pglite", dataDir });
await serveWithDemoData({ config, database, standIns, cleanUp: () => rmSync(dataDir, { recursive: true, force: true }) });
console.log(`e2e server on http://127.0.0.1:${config.port}`);
