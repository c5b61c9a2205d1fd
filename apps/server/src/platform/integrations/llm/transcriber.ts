import { toFile } from "openai";
import { openAiSdk, type OpenAiClientOptions } from "./openai-client";

/** Turns a voice note into text (docs/decisions/026). */
export interface Transcriber {
  transcribe(audio: { data: Buffer; fileName: string; contentType: string }, signal?: AbortSignal): Promise<string>;
}

export interface OpenAiTranscriberOptions extends OpenAiClientOptions {
  /** OPENAI_TRANSCRIPTION_MODEL. */
  model: string;
}

/**
 * Voice notes in Portuguese through OpenAI's audio transcription API, with the official SDK
 * (https://platform.openai.com/docs/api-reference/audio/createTranscription). One HTTP attempt per call: the
 * transcription job retries.
 */
export function createOpenAiTranscriber(options: OpenAiTranscriberOptions): Transcriber {
  const client = openAiSdk(options);
  return {
    async transcribe(audio, signal) {
      const file = await toFile(audio.data, audio.fileName, { type: audio.contentType });
      const result = await client.audio.transcriptions.create({ file, model: options.model, language: "pt", response_format: "json" }, { signal });
      return result.text.trim();
    },
  };
}
