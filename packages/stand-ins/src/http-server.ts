import { Agent, createServer, request, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { randomBytes } from "node:crypto";

/** What every stand-in returns: where it listens and how to stop it. */
export interface RunningStandIn {
  /** `http://127.0.0.1:<port>`, without a trailing slash. */
  readonly url: string;
  close(): Promise<void>;
}

export type RequestHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

/**
 * Listens on 127.0.0.1 (port 0 = any free port). A handler that throws answers 500 instead of leaving the
 * client hanging; `close()` also drops keep-alive sockets, which the SDKs' agents keep open.
 */
export async function listen(handler: RequestHandler, port = 0): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    handler(req, res).catch((error: unknown) => {
      if (!res.headersSent && !res.destroyed) {
        sendJson(res, 500, { error: { message: error instanceof Error ? error.message : String(error) } });
      }
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  return { server, url: `http://127.0.0.1:${address.port}` };
}

export function closeServer(server: Server): Promise<void> {
  return new Promise((resolve, reject) => {
    server.close((error) => (error ? reject(error) : resolve()));
    server.closeAllConnections();
  });
}

export async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/** Writes a JSON answer unless the client already went away (e.g. it timed out while we were "thinking"). */
export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (res.destroyed || res.writableEnded) return;
  const text = JSON.stringify(body);
  res.writeHead(status, { "content-type": "application/json; charset=utf-8", "content-length": Buffer.byteLength(text), ...headers });
  res.end(text);
}

/** Form fields as a flat record (the last value wins for a repeated field). */
export function parseForm(body: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(body));
}

/**
 * Keeps connections to the server under test open between posts, as Twilio's own clients do. node:http rather than
 * fetch: a load of webhooks and status callbacks (the reply benchmark's) costs the machine it shares with the server
 * about half the CPU that way. Idle sockets do not keep a process alive (the agent unrefs them).
 */
const formAgent = new Agent({ keepAlive: true });

/** Posts a form, as Twilio's webhooks do; `signature` null leaves the header out. Plain http only (stand-ins are local). */
export function postForm(url: string, params: Record<string, string>, signature: string | null): Promise<{ status: number; body: string }> {
  const body = new URLSearchParams(params).toString();
  const headers: Record<string, string | number> = {
    "content-type": "application/x-www-form-urlencoded",
    "content-length": Buffer.byteLength(body),
    "user-agent": "TwilioProxy/1.1",
  };
  if (signature !== null) headers["x-twilio-signature"] = signature;
  return new Promise((resolve, reject) => {
    const req = request(url, { method: "POST", headers, agent: formAgent }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(body);
  });
}

export function randomHex(bytes: number): string {
  return randomBytes(bytes).toString("hex");
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
