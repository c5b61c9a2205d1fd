import { HIGHEST_URGENCY, type ConversationStatus } from "@clinora/contracts";
import { safetyCaseOf, type SafetyCase } from "./crisis";

export { safetyCaseOf, type SafetyCase };

const firstName = (name: string) => name.replace(/^(dra?\.?|dr\.?)\s+/i, "").split(/\s+/)[0] ?? name;
/** How the server's texts to patients name the professional: "Dra. Ana" for a titled name, else the first name. */
export const withTitle = (name: string) => (/^dra?\.?\s/i.test(name) ? name.split(/\s+/).slice(0, 2).join(" ") : firstName(name));

/** The server's own words for a crisis or an emergency, never the model's. */
export const SAFETY_TEXTS = {
  emergency: (professionalName: string) =>
    `Se for uma emergência, ligue agora para o SAMU (192) ou procure o pronto-socorro mais próximo. Também avisei ${withTitle(professionalName)} sobre a sua mensagem.`,
  /** Self-harm or suicidal thoughts (docs/decisions/022): written by the server, never by the model. */
  crisis: (professionalName: string) =>
    `Sinto muito que você esteja passando por isso, e obrigado por me contar. Você não está só: ligue para o CVV no 188 (ligação gratuita, 24 horas) ou converse pelo chat do site cvv.org.br. Se você estiver em perigo agora, ligue para o SAMU (192). Já avisei ${withTitle(professionalName)}, que vai falar com você assim que possível.`,
} as const;

/** What the patient reads at once for a crisis (CVV 188, SAMU 192) or an emergency (SAMU 192): the server's words. */
export function safetyText(found: SafetyCase, professionalName: string): string {
  return found === "crisis" ? SAFETY_TEXTS.crisis(professionalName) : SAFETY_TEXTS.emergency(professionalName);
}

/** The server's answer (and the conversation's new urgency) when the patient's words speak of a crisis or an emergency. */
export function safetyAnswerFor(patientText: string, professionalName: string): { found: SafetyCase; text: string; urgency: number } | null {
  const found = safetyCaseOf(patientText);
  return found ? { found, text: safetyText(found, professionalName), urgency: HIGHEST_URGENCY } : null;
}

/**
 * The conversation after a crisis or an emergency: handed to the professional (a person already answering keeps
 * it) at the highest urgency, so Conversas lists it first and the Painel shows it until it is resolved.
 */
export function safetyConversationValues(current: { status: ConversationStatus | null; urgency: number }): { status: ConversationStatus; urgency: number } {
  return { status: current.status === "in_progress" ? "in_progress" : "waiting", urgency: Math.max(current.urgency, HIGHEST_URGENCY) };
}
