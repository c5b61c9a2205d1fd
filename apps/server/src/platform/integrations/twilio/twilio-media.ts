/**
 * Twilio's media files (a patient's voice note, photo or PDF), read with the account's credentials.
 *
 * Not through the `twilio` SDK: its request client hands back every body decoded as text and reads it whole, while
 * a media file is binary and must be cut at WhatsApp's 16 MB as it streams. So this is the one plain HTTP call to
 * Twilio: a GET of the `MediaUrl` the signed webhook gave, with HTTP Basic auth (account SID and auth token), which
 * Twilio requires when media are protected. Tests point it at the local stand-in through `TWILIO_BASE_URL`.
 */
export interface TwilioMediaReader {
  /** Whether credentials are configured; without them nothing can be read. */
  readonly configured: boolean;
  /** The response of a GET of `url`, its body not yet read (the caller cuts it at its limit). */
  get(url: string, signal: AbortSignal): Promise<Response>;
}

export function twilioMediaReader(credentials: { accountSid?: string; authToken?: string }): TwilioMediaReader {
  const { accountSid, authToken } = credentials;
  const authorization = accountSid && authToken ? `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString("base64")}` : null;
  return {
    configured: authorization !== null,
    get(url, signal) {
      if (!authorization) throw new Error("Twilio credentials are not configured");
      return fetch(url, { headers: { authorization }, signal });
    },
  };
}
