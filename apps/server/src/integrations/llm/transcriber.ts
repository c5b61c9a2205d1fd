import OpenAI, { toFile } from "openai";

/** Turns a voice note into text (issue 24). */
export interface Transcriber {
  transcribe(audio: { data: Buffer; fileName: string; contentType: string }, signal?: AbortSignal): Promise<string>;
}

export interface OpenAiTranscriberOptions {
  apiKey: string;
  /** OPENAI_BASE_URL, as for the assistant (the local stand-in serves transcriptions too). */
  baseUrl?: string;
  timeoutMs: number;
  /** OPENAI_TRANSCRIPTION_MODEL. */
  model: string;
}

/**
 * Voice notes in Portuguese through OpenAI's audio transcription API, with the official SDK
 * (https://platform.openai.com/docs/api-reference/audio/createTranscription). One HTTP attempt per call: the
 * transcription job retries.
 */
export function createOpenAiTranscriber(options: OpenAiTranscriberOptions): Transcriber {
  const client = new OpenAI({
    apiKey: options.apiKey,
    // null: configuration is read once, in config.ts, never by the SDK from the environment.
    baseURL: options.baseUrl ?? null,
    organization: null,
    project: null,
    maxRetries: 0,
    timeout: options.timeoutMs,
  });
  return {
    async transcribe(audio, signal) {
      const file = await toFile(audio.data, audio.fileName, { type: audio.contentType });
      const result = await client.audio.transcriptions.create({ file, model: options.model, language: "pt", response_format: "json" }, { signal });
      return result.text.trim();
    },
  };
}
