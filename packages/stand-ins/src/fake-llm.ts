import type { IncomingMessage, ServerResponse } from "node:http";
import { closeServer, listen, randomHex, readBody, sendJson, type RunningStandIn } from "./http-server";
import type { BrainReply, LlmBrain, NormalizedLlmRequest, NormalizedToolCall, NormalizedTurn } from "./llm-types";
import { receptionistBrain } from "./receptionist-brain";

/**
 * One local stand-in for both LLM vendors: OpenAI's Chat Completions (`POST /v1/chat/completions`,
 * https://platform.openai.com/docs/api-reference/chat/create) and Anthropic's Messages
 * (`POST /v1/messages`, https://docs.anthropic.com/en/api/messages). Both faces turn the request into one
 * NormalizedLlmRequest, ask a brain, and encode its reply in that vendor's JSON.
 */

export interface FakeLlmOptions {
  /** Answers requests once the scripted replies are used up (default: receptionistBrain). */
  brain?: LlmBrain;
  /** Wait this long before answering (a slow model, for time-out tests). */
  delayMs?: number;
  /** Wait this long before answering a transcription; `delayMs` when omitted (a benchmark's slow transcription, quick model). */
  transcriptionDelayMs?: number;
  port?: number;
}

/** One request to OpenAI's audio transcription (`POST /v1/audio/transcriptions`), as received. */
export interface FakeTranscriptionRequest {
  model: string;
  language: string | null;
  fileName: string | null;
  contentType: string | null;
  bytes: number;
}

/**
 * What the fake hears in an audio file: the UTF-8 text after this marker, anywhere in the file's bytes (a test's
 * voice note is a real audio header followed by the marker and what the patient "says"). A file that contains
 * `TRANSCRIPTION_FAILS` is answered 500, as a failing transcription would be.
 */
export const FAKE_TRANSCRIPT_MARKER = "TRANSCRIPT:";
export const FAKE_TRANSCRIPTION_FAILS = "TRANSCRIPTION_FAILS";

/** A voice note the fake transcribes as `text`: an Ogg page header, then the marker and the text. */
export function fakeVoiceNote(text: string): Buffer {
  return Buffer.concat([Buffer.from("OggS\u0000\u0002", "latin1"), Buffer.alloc(26, 0), Buffer.from(`${FAKE_TRANSCRIPT_MARKER}${text}`, "utf8")]);
}

/**
 * A classification (a request that forces one tool, such as the assistant's second opinion `agenda_verdict` or the
 * risk check `risk_verdict`): kept apart from `requests`, answered from `scriptVerdict` or by `classifierBrain`.
 */
export interface FakeClassification {
  provider: "openai" | "anthropic";
  model: string;
  tool: string;
  /** The texts of the user turns, joined. */
  input: string;
}

/** One call to OpenAI's moderation endpoint (`POST /v1/moderations`), as received. */
export interface FakeModerationRequest {
  model: string;
  input: string[];
}

/** A scripted moderation answer: flagged for self-harm or not, or an HTTP failure. */
export type FakeModerationReply = { selfHarm: boolean } | { failWith: number };

/**
 * Words the stand-in's moderation and risk classifier flag by default (so `npm run demo:whatsapp` and the e2e suite
 * reach those layers with phrasings the server's rules do not know): a stand-in's stand-in for a real classifier.
 */
export const FAKE_RISK_WORDS = /\b(?:desaparecer da face da terra|nao quero mais acordar nunca|acabar com meu sofrimento de vez|self-harm|hurt myself|quitarme la vida)\b/i;

/** The stand-in's own classifier: "no" to the agenda question, risk words for the risk question. */
function classifierBrain(classification: FakeClassification): BrainReply {
  const flagged = classification.tool === "risk_verdict" && FAKE_RISK_WORDS.test(classification.input.normalize("NFD").replace(/[\u0300-\u036f]/g, ""));
  return { toolCalls: [{ name: classification.tool, arguments: { verdict: flagged ? "yes" : "no", reason: flagged ? "fala em se machucar" : "nada encontrado" } }] };
}

export interface FakeLlm extends RunningStandIn {
  /** For the OpenAI SDK's `baseURL` (`<url>/v1`). */
  readonly openAiBaseUrl: string;
  /** For the Anthropic SDK's `baseURL` (the SDK adds `/v1/messages`). */
  readonly anthropicBaseUrl: string;
  /** Every request received (including those answered with an error), normalized, in order. */
  readonly requests: readonly NormalizedLlmRequest[];
  /** Every audio transcription request, in order (including those answered with an error). */
  readonly transcriptions: readonly FakeTranscriptionRequest[];
  /** Every classification (a request forcing one tool), in order; not in `requests`. */
  readonly classifications: readonly FakeClassification[];
  /** Every moderation call, in order. */
  readonly moderations: readonly FakeModerationRequest[];
  /** Queues classification answers (a tool call, text, anything) used before the stand-in's own classifier. */
  scriptVerdict(reply: BrainReply | BrainReply[]): void;
  /** Queues moderation answers used before the default (flagged on FAKE_RISK_WORDS). */
  scriptModeration(reply: FakeModerationReply | FakeModerationReply[]): void;
  /** Classifications and moderation calls wait this long (a slow or fixed-latency vendor); the reply model does not. */
  setCheckDelay(ms: number): void;
  /** Queues replies that are used, in order, before the brain is asked. */
  script(reply: BrainReply | BrainReply[]): void;
  /** The next `count` requests answer `httpStatus` (default 500) in the vendor's error format. */
  failNext(count: number, httpStatus?: number): void;
  setDelay(ms: number): void;
  /** Forgets requests, scripts, failures and the delay. */
  reset(): void;
}

class BadRequest extends Error {}

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function asString(value: unknown, what: string): string {
  if (typeof value !== "string") throw new BadRequest(`${what} must be a string`);
  return value;
}

function parseArguments(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return isObject(value) ? value : {};
  } catch {
    return {};
  }
}

/** Text of a content that may be a string or an array of `{type:"text", text}` parts (both vendors allow both). */
function textOf(content: unknown): string {
  if (typeof content === "string") return content;
  if (Array.isArray(content)) {
    return content
      .filter((part): part is Json => isObject(part) && part.type === "text")
      .map((part) => String(part.text ?? ""))
      .join("");
  }
  return "";
}

function numberOrNull(value: unknown): number | null {
  return typeof value === "number" ? value : null;
}

// ---- OpenAI face -------------------------------------------------------------------------------------------

function normalizeOpenAi(body: Json, _req: IncomingMessage): NormalizedLlmRequest {
  const model = asString(body.model, "model");
  if (!Array.isArray(body.messages)) throw new BadRequest("messages must be an array");
  if (body.stream) throw new BadRequest("the fake does not stream");
  const systemParts: string[] = [];
  const messages: NormalizedTurn[] = [];
  const toolNameById = new Map<string, string>();
  // OpenAI answers 400 when a tool message does not answer a tool_call of the assistant message before it.
  let openCalls = new Set<string>();
  for (const raw of body.messages as unknown[]) {
    if (!isObject(raw)) throw new BadRequest("each message must be an object");
    const role = raw.role;
    if (role !== "tool" && openCalls.size > 0) {
      throw new BadRequest(`an assistant message with 'tool_calls' must be followed by tool messages for ${[...openCalls].join(", ")}`);
    }
    if (role === "system" || role === "developer") {
      systemParts.push(textOf(raw.content));
    } else if (role === "user") {
      messages.push({ role: "user", content: textOf(raw.content) });
    } else if (role === "assistant") {
      const calls: NormalizedToolCall[] = [];
      for (const call of Array.isArray(raw.tool_calls) ? (raw.tool_calls as unknown[]) : []) {
        if (!isObject(call) || call.type !== "function" || !isObject(call.function)) throw new BadRequest("bad tool_call");
        const id = asString(call.id, "tool_call.id");
        const name = asString(call.function.name, "tool_call.function.name");
        toolNameById.set(id, name);
        calls.push({ id, name, arguments: parseArguments(asString(call.function.arguments, "tool_call.function.arguments")) });
      }
      openCalls = new Set(calls.map((call) => call.id));
      const content = raw.content === null || raw.content === undefined ? null : textOf(raw.content);
      messages.push(calls.length ? { role: "assistant", content, toolCalls: calls } : { role: "assistant", content });
    } else if (role === "tool") {
      const toolCallId = asString(raw.tool_call_id, "tool_call_id");
      if (!openCalls.delete(toolCallId)) {
        throw new BadRequest("messages with role 'tool' must be a response to a preceding message with 'tool_calls'");
      }
      messages.push({ role: "tool", toolCallId, name: toolNameById.get(toolCallId) ?? "", content: textOf(raw.content) });
    } else {
      throw new BadRequest(`unknown role ${String(role)}`);
    }
  }
  const toolNames = (Array.isArray(body.tools) ? (body.tools as unknown[]) : []).map((tool) => {
    if (!isObject(tool) || tool.type !== "function" || !isObject(tool.function)) throw new BadRequest("tools must be function tools");
    return asString(tool.function.name, "tools[].function.name");
  });
  return {
    provider: "openai",
    model,
    system: systemParts.join("\n"),
    messages,
    toolNames,
    temperature: numberOrNull(body.temperature),
    maxTokens: numberOrNull(body.max_completion_tokens) ?? numberOrNull(body.max_tokens),
    toolChoice: isObject(body.tool_choice) && isObject(body.tool_choice.function) ? String(body.tool_choice.function.name ?? "") || null : null,
  };
}

function encodeOpenAi(request: NormalizedLlmRequest, reply: BrainReply) {
  const toolCalls = (reply.toolCalls ?? []).map((call) => ({
    id: `call_${randomHex(12)}`,
    type: "function" as const,
    function: {
      name: call.name,
      arguments: typeof call.arguments === "string" ? call.arguments : JSON.stringify(call.arguments),
    },
  }));
  const text = reply.text ?? "";
  const completionTokens = Math.max(1, Math.ceil(text.length / 4));
  return {
    id: `chatcmpl-${randomHex(12)}`,
    object: "chat.completion",
    created: Math.floor(Date.now() / 1000),
    model: request.model,
    choices: [
      {
        index: 0,
        message: {
          role: "assistant",
          content: text === "" && toolCalls.length ? null : text,
          refusal: null,
          ...(toolCalls.length ? { tool_calls: toolCalls } : {}),
        },
        logprobs: null,
        finish_reason: toolCalls.length ? "tool_calls" : "stop",
      },
    ],
    usage: { prompt_tokens: 10, completion_tokens: completionTokens, total_tokens: 10 + completionTokens },
    system_fingerprint: "fp_fake",
  };
}

function openAiError(httpStatus: number, message: string) {
  const type = httpStatus === 429 ? "rate_limit_exceeded" : httpStatus === 401 ? "invalid_api_key" : httpStatus >= 500 ? "server_error" : "invalid_request_error";
  return { error: { message, type, param: null, code: null } };
}

// ---- Anthropic face ----------------------------------------------------------------------------------------

/** The first API version without sampling parameters (https://docs.anthropic.com/en/api/versioning). */
const ANTHROPIC_NO_SAMPLING_VERSION = "2026-10-21";

function normalizeAnthropic(body: Json, req: IncomingMessage): NormalizedLlmRequest {
  const model = asString(body.model, "model");
  if (typeof body.max_tokens !== "number") throw new BadRequest("max_tokens: Field required");
  if (!Array.isArray(body.messages)) throw new BadRequest("messages: Field required");
  if (body.stream) throw new BadRequest("the fake does not stream");
  // Like the real API: from version 2026-10-21 (what @anthropic-ai/sdk 1.x sends) a sampling parameter is a 400.
  const version = String(req.headers["anthropic-version"] ?? "2023-06-01");
  if (version >= ANTHROPIC_NO_SAMPLING_VERSION) {
    for (const field of ["temperature", "top_p", "top_k"]) {
      if (field in body) throw new BadRequest(`${field}: Extra inputs are not permitted`);
    }
  }
  const systemParts: string[] = [textOf(body.system)].filter(Boolean);
  const messages: NormalizedTurn[] = [];
  const toolNameById = new Map<string, string>();
  // Anthropic answers 400 unless each tool_result answers a tool_use of the assistant message right before it.
  let previousToolUseIds = new Set<string>();
  for (const raw of body.messages as unknown[]) {
    if (!isObject(raw)) throw new BadRequest("each message must be an object");
    const blocks: Json[] =
      typeof raw.content === "string" ? [{ type: "text", text: raw.content }] : Array.isArray(raw.content) ? (raw.content as Json[]) : [];
    if (raw.role === "system") {
      systemParts.push(textOf(blocks));
    } else if (raw.role === "assistant") {
      const calls: NormalizedToolCall[] = [];
      for (const block of blocks.filter((candidate) => candidate.type === "tool_use")) {
        const id = asString(block.id, "tool_use.id");
        const name = asString(block.name, "tool_use.name");
        toolNameById.set(id, name);
        calls.push({ id, name, arguments: isObject(block.input) ? block.input : {} });
      }
      const text = textOf(blocks);
      previousToolUseIds = new Set(calls.map((call) => call.id));
      messages.push(calls.length ? { role: "assistant", content: text || null, toolCalls: calls } : { role: "assistant", content: text });
    } else if (raw.role === "user") {
      const texts: string[] = [];
      for (const block of blocks) {
        if (block.type === "tool_result") {
          const toolUseId = asString(block.tool_use_id, "tool_result.tool_use_id");
          if (!previousToolUseIds.has(toolUseId)) {
            throw new BadRequest(
              `messages: unexpected \`tool_use_id\` found in \`tool_result\` blocks: ${toolUseId}. Each \`tool_result\` block must have a corresponding \`tool_use\` block in the previous message.`,
            );
          }
          messages.push({ role: "tool", toolCallId: toolUseId, name: toolNameById.get(toolUseId) ?? "", content: textOf(block.content) });
        } else if (block.type === "text") {
          texts.push(String(block.text ?? ""));
        }
      }
      if (texts.length) messages.push({ role: "user", content: texts.join("") });
      previousToolUseIds = new Set();
    } else {
      throw new BadRequest(`messages: unexpected role ${String(raw.role)}`);
    }
  }
  const toolNames = (Array.isArray(body.tools) ? (body.tools as unknown[]) : []).map((tool) => {
    if (!isObject(tool) || !isObject(tool.input_schema)) throw new BadRequest("tools: input_schema: Field required");
    return asString(tool.name, "tools[].name");
  });
  return {
    provider: "anthropic",
    model,
    system: systemParts.join("\n"),
    messages,
    toolNames,
    temperature: numberOrNull(body.temperature),
    maxTokens: body.max_tokens,
    toolChoice: isObject(body.tool_choice) && body.tool_choice.type === "tool" ? String(body.tool_choice.name ?? "") || null : null,
  };
}

function encodeAnthropic(request: NormalizedLlmRequest, reply: BrainReply) {
  const content: Json[] = [];
  if (reply.text) content.push({ type: "text", text: reply.text, citations: null });
  for (const call of reply.toolCalls ?? []) {
    const input = typeof call.arguments === "string" ? parseArguments(call.arguments) : call.arguments;
    content.push({ type: "tool_use", id: `toolu_${randomHex(12)}`, name: call.name, input, caller: { type: "direct" } });
  }
  const hasToolUse = (reply.toolCalls ?? []).length > 0;
  return {
    id: `msg_${randomHex(12)}`,
    type: "message",
    role: "assistant",
    model: request.model,
    content,
    container: null,
    stop_reason: hasToolUse ? "tool_use" : "end_turn",
    stop_sequence: null,
    stop_details: null,
    usage: { input_tokens: 10, output_tokens: Math.max(1, Math.ceil((reply.text ?? "").length / 4)) },
  };
}

function anthropicError(httpStatus: number, message: string) {
  const type =
    httpStatus === 400 ? "invalid_request_error"
    : httpStatus === 401 ? "authentication_error"
    : httpStatus === 404 ? "not_found_error"
    : httpStatus === 429 ? "rate_limit_error"
    : httpStatus === 529 ? "overloaded_error"
    : "api_error";
  return { type: "error", error: { type, message } };
}

// ---- OpenAI audio transcription face ------------------------------------------------------------------------

interface MultipartPart {
  name: string;
  fileName: string | null;
  contentType: string | null;
  data: Buffer;
}

/** multipart/form-data as the OpenAI SDK posts it (RFC 7578): each part's headers, then its bytes. */
function parseMultipart(body: Buffer, contentType: string): MultipartPart[] {
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (!boundary) throw new BadRequest("multipart/form-data without a boundary");
  const delimiter = Buffer.from(`--${boundary}`);
  const parts: MultipartPart[] = [];
  let start = body.indexOf(delimiter);
  while (start !== -1) {
    const next = body.indexOf(delimiter, start + delimiter.length);
    if (next === -1) break;
    const chunk = body.subarray(start + delimiter.length + 2, next - 2);
    const headerEnd = chunk.indexOf("\r\n\r\n");
    if (headerEnd !== -1) {
      const headers = chunk.subarray(0, headerEnd).toString("utf8");
      const disposition = /content-disposition:[^\r\n]*/i.exec(headers)?.[0] ?? "";
      parts.push({
        name: /\bname="([^"]*)"/.exec(disposition)?.[1] ?? "",
        fileName: /filename="([^"]*)"/.exec(disposition)?.[1] ?? null,
        contentType: /content-type:\s*([^\r\n]+)/i.exec(headers)?.[1]?.trim() ?? null,
        data: chunk.subarray(headerEnd + 4),
      });
    }
    start = next;
  }
  return parts;
}

async function readRaw(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

// ---- server ------------------------------------------------------------------------------------------------

const faces = {
  "/v1/chat/completions": { normalize: normalizeOpenAi, encode: encodeOpenAi, error: openAiError },
  "/v1/messages": { normalize: normalizeAnthropic, encode: encodeAnthropic, error: anthropicError },
} as const;

/**
 * Starts the fake LLM on 127.0.0.1, answering both OpenAI's and Anthropic's wire formats.
 * @example const llm = await startFakeLlm(); createOpenAiClient({ apiKey: "k", baseUrl: llm.openAiBaseUrl, timeoutMs })
 */
export async function startFakeLlm(options: FakeLlmOptions = {}): Promise<FakeLlm> {
  const brain = options.brain ?? receptionistBrain;
  let delayMs = options.delayMs ?? 0;
  let requests: NormalizedLlmRequest[] = [];
  let scripted: BrainReply[] = [];
  let failures = { remaining: 0, httpStatus: 500 };
  const pendingDelays = new Map<NodeJS.Timeout, () => void>();

  const wait = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        pendingDelays.delete(timer);
        resolve();
      }, ms);
      pendingDelays.set(timer, resolve);
    });

  let transcriptions: FakeTranscriptionRequest[] = [];
  let classifications: FakeClassification[] = [];
  let verdicts: BrainReply[] = [];
  let moderations: FakeModerationRequest[] = [];
  let moderationScript: FakeModerationReply[] = [];
  let checkDelayMs = 0;

  /** https://platform.openai.com/docs/api-reference/moderations/create: one result per input, self-harm categories. */
  async function moderate(req: IncomingMessage, res: ServerResponse) {
    let body: unknown;
    try {
      body = JSON.parse(await readBody(req));
    } catch {
      return sendJson(res, 400, openAiError(400, "the body is not valid JSON"));
    }
    if (!isObject(body)) return sendJson(res, 400, openAiError(400, "the body must be a JSON object"));
    const input = typeof body.input === "string" ? [body.input] : Array.isArray(body.input) ? body.input.map((i) => (typeof i === "string" ? i : textOf([i]))) : null;
    if (!input) return sendJson(res, 400, openAiError(400, "input is required"));
    const model = typeof body.model === "string" ? body.model : "omni-moderation-latest";
    moderations.push({ model, input });
    if (checkDelayMs > 0) await wait(checkDelayMs);
    const scripted = moderationScript.shift();
    if (scripted && "failWith" in scripted) return sendJson(res, scripted.failWith, openAiError(scripted.failWith, `fake failure (HTTP ${scripted.failWith})`));
    const results = input.map((text) => {
      const selfHarm = scripted ? scripted.selfHarm : FAKE_RISK_WORDS.test(text.normalize("NFD").replace(/[\u0300-\u036f]/g, ""));
      const categories = {
        harassment: false, "harassment/threatening": false, hate: false, "hate/threatening": false, illicit: false, "illicit/violent": false,
        "self-harm": selfHarm, "self-harm/intent": selfHarm, "self-harm/instructions": false, sexual: false, "sexual/minors": false, violence: false, "violence/graphic": false,
      };
      const scores = Object.fromEntries(Object.entries(categories).map(([k, v]) => [k, v ? 0.97 : 0.001]));
      return { flagged: selfHarm, categories, category_scores: scores, category_applied_input_types: Object.fromEntries(Object.keys(categories).map((k) => [k, ["text"]])) };
    });
    sendJson(res, 200, { id: `modr-${randomHex(12)}`, model, results });
  }

  /** https://platform.openai.com/docs/api-reference/audio/createTranscription (json and text answers). */
  async function transcribe(req: IncomingMessage, res: ServerResponse) {
    let parts: MultipartPart[];
    try {
      parts = parseMultipart(await readRaw(req), req.headers["content-type"] ?? "");
    } catch (error) {
      return sendJson(res, 400, openAiError(400, error instanceof Error ? error.message : "bad multipart body"));
    }
    const field = (name: string) => parts.find((p) => p.name === name && p.fileName === null)?.data.toString("utf8") ?? null;
    const file = parts.find((p) => p.name === "file");
    const model = field("model");
    transcriptions.push({ model: model ?? "", language: field("language"), fileName: file?.fileName ?? null, contentType: file?.contentType ?? null, bytes: file?.data.length ?? 0 });
    if (!file || !model) return sendJson(res, 400, openAiError(400, "file and model are required"));
    const transcriptionDelayMs = options.transcriptionDelayMs ?? delayMs;
    if (transcriptionDelayMs > 0) await wait(transcriptionDelayMs);
    if (failures.remaining > 0) {
      failures.remaining -= 1;
      return sendJson(res, failures.httpStatus, openAiError(failures.httpStatus, `fake failure (HTTP ${failures.httpStatus})`));
    }
    const content = file.data.toString("utf8");
    if (content.includes(FAKE_TRANSCRIPTION_FAILS)) return sendJson(res, 500, openAiError(500, "fake transcription failure"));
    const at = content.indexOf(FAKE_TRANSCRIPT_MARKER);
    const text = at === -1 ? "" : content.slice(at + FAKE_TRANSCRIPT_MARKER.length).trim();
    if (field("response_format") === "text") {
      res.writeHead(200, { "content-type": "text/plain; charset=utf-8" });
      return void res.end(text);
    }
    sendJson(res, 200, { text });
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const path = new URL(req.url ?? "/", "http://127.0.0.1").pathname;
    if (req.method === "POST" && path === "/v1/audio/transcriptions") return transcribe(req, res);
    if (req.method === "POST" && path === "/v1/moderations") return moderate(req, res);
    const face = req.method === "POST" ? faces[path as keyof typeof faces] : undefined;
    if (!face) return sendJson(res, 404, { error: { message: `no route ${req.method} ${path}` } });
    let request: NormalizedLlmRequest;
    try {
      const body: unknown = JSON.parse(await readBody(req));
      if (!isObject(body)) throw new BadRequest("the body must be a JSON object");
      request = face.normalize(body, req);
    } catch (error) {
      const message = error instanceof BadRequest ? error.message : "the body is not valid JSON";
      return sendJson(res, 400, face.error(400, message));
    }
    if (request.toolChoice) {
      // A classification: its own log and queue, so tests that script the reply model are not disturbed.
      const input = request.messages.flatMap((m) => (m.role === "user" ? [m.content] : [])).join("\n");
      const classification: FakeClassification = { provider: request.provider, model: request.model, tool: request.toolChoice, input };
      classifications.push(classification);
      if (checkDelayMs > 0) await wait(checkDelayMs);
      return sendJson(res, 200, face.encode(request, verdicts.shift() ?? classifierBrain(classification)));
    }
    requests.push(request);
    if (delayMs > 0) {
      // A caller that gave up while the fake was slow (its time-out) takes no scripted reply nor failure with it: they
      // stay for the next request, which a test scripted them for.
      let abandoned = false;
      res.once("close", () => (abandoned = !res.writableEnded));
      await wait(delayMs);
      if (abandoned) return;
    }
    if (failures.remaining > 0) {
      failures.remaining -= 1;
      return sendJson(res, failures.httpStatus, face.error(failures.httpStatus, `fake failure (HTTP ${failures.httpStatus})`));
    }
    const reply = scripted.shift() ?? (await brain(request));
    sendJson(res, 200, face.encode(request, reply));
  }

  const { server, url } = await listen(handle, options.port);

  return {
    url,
    openAiBaseUrl: `${url}/v1`,
    anthropicBaseUrl: url,
    get requests() {
      return requests;
    },
    get transcriptions() {
      return transcriptions;
    },
    get classifications() {
      return classifications;
    },
    get moderations() {
      return moderations;
    },
    scriptVerdict(reply) {
      verdicts.push(...(Array.isArray(reply) ? reply : [reply]));
    },
    scriptModeration(reply) {
      moderationScript.push(...(Array.isArray(reply) ? reply : [reply]));
    },
    setCheckDelay(ms) {
      checkDelayMs = ms;
    },
    script(reply) {
      scripted.push(...(Array.isArray(reply) ? reply : [reply]));
    },
    failNext(count, httpStatus = 500) {
      failures = { remaining: count, httpStatus };
    },
    setDelay(ms) {
      delayMs = ms;
    },
    reset() {
      requests = [];
      transcriptions = [];
      classifications = [];
      verdicts = [];
      moderations = [];
      moderationScript = [];
      checkDelayMs = 0;
      scripted = [];
      failures = { remaining: 0, httpStatus: 500 };
      delayMs = options.delayMs ?? 0;
    },
    async close() {
      for (const [timer, resolve] of pendingDelays) {
        clearTimeout(timer);
        resolve();
      }
      pendingDelays.clear();
      await closeServer(server);
    },
  };
}
