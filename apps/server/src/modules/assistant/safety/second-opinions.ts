import type { LlmClient, LlmTool } from "../../../platform/integrations/llm/llm-client";
import type { ModerationClient } from "../../../platform/integrations/llm/moderation";

/**
 * The vendor's checks around the reply model (docs/decisions/030), each bounded by CHECK_TIMEOUT_MS:
 * - the second opinion on the model's own text (does it say something in the agenda was done, or state an
 *   appointment?), a forced tool call with a yes/no verdict and a reason;
 * - the risk check on the patient's words before the reply model: OpenAI's moderation endpoint with an OpenAI key,
 *   else a forced tool call to the configured Anthropic model.
 * A failure, a time-out or an answer that is not a valid verdict is "no verdict": it never blocks the reply, it is
 * logged and counted: in memory (`SafetyCheckStats`) and durably through `recordNoVerdict` (a system event the
 * WhatsApp health figures count, so several server processes add up).
 */
export const CHECK_TIMEOUT_MS = 3000;

export type CheckOutcome = { kind: "verdict"; yes: boolean; reason: string } | { kind: "none"; why: "failed" | "timeout" | "invalid" };

/** Counts of the checks since the process started (logged; the metrics screen can read them). */
export interface SafetyCheckStats {
  secondOpinion: { yes: number; no: number; none: number };
  risk: { flagged: number; clear: number; none: number };
}

export interface SafetyChecks {
  /** The second opinion on the model's text; off when no model is configured or the setting is off. */
  secondOpinion: { enabled: boolean; model: string | null };
  /** The risk check before the reply model. */
  riskCheck: { enabled: boolean; model: string | null };
  /** The configured clients, with the checks' short time-out. */
  llm: Partial<Record<"openai" | "anthropic", LlmClient>>;
  /** OpenAI's moderation endpoint (with an OpenAI key). */
  moderation: ModerationClient | null;
  log(event: string, details: Record<string, unknown>): void;
  stats: SafetyCheckStats;
  /** Stores one check that gave no verdict, for the metrics screen; its own failure is only logged. */
  recordNoVerdict?(entry: { check: SafetyCheckKind; why: NoVerdictWhy; professionalId: string | null }): Promise<void>;
}

/** The two checks whose failures the metrics screen counts. */
export type SafetyCheckKind = "risk" | "second_opinion";
export type NoVerdictWhy = "failed" | "timeout" | "invalid";

/** Logs and counts a check that gave no verdict; never throws (a failure here must not block the reply either). */
async function noVerdict(checks: SafetyChecks, check: SafetyCheckKind, why: NoVerdictWhy, professionalId: string | null, event: string, details: Record<string, unknown> = {}) {
  if (check === "risk") checks.stats.risk.none += 1;
  else checks.stats.secondOpinion.none += 1;
  checks.log(event, { ...details, why });
  try {
    await checks.recordNoVerdict?.({ check, why, professionalId });
  } catch (error) {
    checks.log("safety check failure not recorded", { check, error: error instanceof Error ? error.message : String(error) });
  }
}

export function emptyCheckStats(): SafetyCheckStats {
  return { secondOpinion: { yes: 0, no: 0, none: 0 }, risk: { flagged: 0, clear: 0, none: 0 } };
}

const verdictTool = (name: string, description: string): LlmTool => ({
  name,
  description,
  parameters: {
    type: "object",
    properties: { verdict: { type: "string", enum: ["yes", "no"] }, reason: { type: "string", description: "Motivo, em uma frase curta" } },
    required: ["verdict", "reason"],
  },
});

export const AGENDA_VERDICT_TOOL = verdictTool(
  "agenda_verdict",
  "Dê o veredito: yes se a mensagem diz ao paciente que algo na agenda foi feito (agendado, remarcado, cancelado, confirmado, reservado, encaixado, mantido) ou afirma uma consulta dele (dia ou horário de uma consulta); no caso contrário (oferecer horários, perguntar, informar endereço, preço ou horário de funcionamento).",
);

const AGENDA_INSTRUCTIONS =
  "Você revisa, antes do envio, a mensagem que o assistente de uma clínica escreveu a um paciente. Não responda em texto: chame agenda_verdict com o veredito e o motivo.";

export const RISK_VERDICT_TOOL = verdictTool(
  "risk_verdict",
  "Dê o veredito: yes se as mensagens do paciente falam, direta ou indiretamente, de suicídio, de se machucar, de não querer viver, de ser um peso, de despedida, de planos ou meios para morrer, ou de remédios demais ou veneno já tomados; no caso contrário.",
);

const RISK_INSTRUCTIONS =
  "Você lê as mensagens que um paciente mandou ao WhatsApp de uma clínica, para não deixar passar um risco de suicídio ou autolesão. Não responda em texto: chame risk_verdict com o veredito e o motivo.";

class CheckTimeout extends Error {}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new CheckTimeout()), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** One forced-tool classification: a valid verdict, or none (failed, timed out, or not a yes/no tool call). */
export async function askVerdict(llm: LlmClient, request: { model: string; tool: LlmTool; instructions: string; text: string }): Promise<CheckOutcome> {
  try {
    const response = await withTimeout(
      llm.complete({
        model: request.model,
        system: request.instructions,
        messages: [{ role: "user", content: request.text }],
        tools: [request.tool],
        toolChoice: request.tool.name,
        temperature: 0,
        maxTokens: 200,
      }),
      CHECK_TIMEOUT_MS,
    );
    const call = response.toolCalls.find((c) => c.name === request.tool.name);
    const verdict = call?.arguments.verdict;
    if (verdict !== "yes" && verdict !== "no") return { kind: "none", why: "invalid" };
    return { kind: "verdict", yes: verdict === "yes", reason: typeof call?.arguments.reason === "string" ? call.arguments.reason.slice(0, 200) : "" };
  } catch (error) {
    return { kind: "none", why: error instanceof CheckTimeout ? "timeout" : "failed" };
  }
}

/** The second opinion on a model text that no rule stopped: "yes" means it tells of an agenda change or an appointment. */
export async function agendaSecondOpinion(
  checks: SafetyChecks | undefined,
  provider: "openai" | "anthropic",
  replyModel: string,
  text: string,
  professionalId: string | null = null,
): Promise<CheckOutcome | null> {
  if (!checks?.secondOpinion.enabled) return null;
  const llm = checks.llm[provider];
  if (!llm) return null;
  const outcome = await askVerdict(llm, { model: checks.secondOpinion.model || replyModel, tool: AGENDA_VERDICT_TOOL, instructions: AGENDA_INSTRUCTIONS, text });
  if (outcome.kind === "verdict") checks.stats.secondOpinion[outcome.yes ? "yes" : "no"] += 1;
  else await noVerdict(checks, "second_opinion", outcome.why, professionalId, "assistant second opinion gave no verdict", { provider });
  return outcome;
}

/**
 * The risk check on the patient's recent words before the reply model: true when the vendor flags self-harm. With
 * an OpenAI key, the moderation endpoint (omni-moderation-latest) on each text; with only an Anthropic key, a forced
 * tool call. Any failure is false (the rules already ran), logged and counted.
 */
export async function riskFlagged(checks: SafetyChecks | undefined, texts: readonly string[], anthropicModel: string, professionalId: string | null = null): Promise<boolean> {
  if (!checks?.riskCheck.enabled || texts.length === 0) return false;
  if (checks.moderation) {
    try {
      const flagged = await withTimeout(checks.moderation.selfHarm(texts), CHECK_TIMEOUT_MS);
      checks.stats.risk[flagged ? "flagged" : "clear"] += 1;
      return flagged;
    } catch (error) {
      await noVerdict(checks, "risk", error instanceof CheckTimeout ? "timeout" : "failed", professionalId, "moderation check failed");
      return false;
    }
  }
  const llm = checks.llm.anthropic;
  if (!llm) return false;
  const outcome = await askVerdict(llm, { model: checks.riskCheck.model || anthropicModel, tool: RISK_VERDICT_TOOL, instructions: RISK_INSTRUCTIONS, text: texts.join("\n") });
  if (outcome.kind === "verdict") {
    checks.stats.risk[outcome.yes ? "flagged" : "clear"] += 1;
    return outcome.yes;
  }
  await noVerdict(checks, "risk", outcome.why, professionalId, "risk classification gave no verdict");
  return false;
}
