import {
  ASSISTANT_TEST_MAX_TURNS,
  assistantTestRequestSchema,
  type AssistantTestRequest,
  type AssistantTestResponse,
} from "@clinora/contracts";

/** One turn of the "Testar assistente" chat, as the card shows it. */
export interface TestTurn {
  /** Stable key for the list. */
  id: number;
  role: "patient" | "assistant";
  content: string;
  /** What the assistant's tools would have done on this turn (assistant turns only). */
  actions?: AssistantTestResponse["actions"];
  /** The assistant would have passed the conversation to the professional here. */
  handedOff?: boolean;
}

const turnSchema = assistantTestRequestSchema.shape.messages.element;

/** What the professional types, checked with the contract's own rule for a turn (required, trimmed, its maximum). */
export const testMessageSchema = turnSchema.pick({ content: true });

/** The contract's maximum length of one turn. */
export const TEST_TURN_MAX_LENGTH = turnSchema.shape.content.maxLength ?? 1000;

/**
 * The request for the transcript so far. The server accepts only non-blank turns of at most
 * TEST_TURN_MAX_LENGTH characters, and the assistant's own answers may break either rule (an empty reply on a
 * hand-off, a long answer with a high token limit): blank ones are left out and long ones cut, so the next
 * message is not refused over the assistant's previous answer.
 */
export function testRequestOf(transcript: readonly TestTurn[]): AssistantTestRequest {
  return {
    messages: transcript
      .map(({ role, content }) => ({ role, content: content.trim().slice(0, TEST_TURN_MAX_LENGTH) }))
      .filter((turn) => turn.content !== ""),
  };
}

/** Whether one more patient message still fits in the turns the server accepts (ASSISTANT_TEST_MAX_TURNS). */
export function hasRoomForMessage(transcript: readonly TestTurn[]): boolean {
  return testRequestOf(transcript).messages.length < ASSISTANT_TEST_MAX_TURNS;
}
