import { lookup } from "node:dns/promises";
import { BlockList, isIP } from "node:net";

/**
 * Twilio's media files (a patient's voice note, photo or PDF), read with the account's credentials.
 *
 * Not through the `twilio` SDK: its request client hands back every body decoded as text and reads it whole, while
 * a media file is binary and must be cut at WhatsApp's 16 MB as it streams. So this is the one plain HTTP call to
 * Twilio: a GET of the `MediaUrl` the signed webhook gave, with HTTP Basic auth (account SID and auth token), which
 * Twilio requires when media are protected. Tests point it at the local stand-in through `TWILIO_BASE_URL`.
 *
 * Twilio answers such a GET with a redirect to the file on its CDN. Redirects are followed here, by hand
 * (docs/decisions/031): only to Twilio's media hosts over HTTPS (or the configured base URL's origin), at most
 * MAX_REDIRECTS of them, never to a name that resolves to a loopback, private or link-local address; the
 * credentials go only to the origin of the first request. Anything else is MediaRedirectRefused.
 */
export interface TwilioMediaReader {
  /** Whether credentials are configured; without them nothing can be read. */
  readonly configured: boolean;
  /** The response of a GET of `url` (after its redirects), its body not yet read (the caller cuts it at its limit). */
  get(url: string, signal: AbortSignal): Promise<Response>;
}

/**
 * The hosts Twilio serves media files from (https://www.twilio.com/docs/messaging/guides/how-to-use-your-free-trial-account#media
 * and the CDN its media URLs redirect to): the API host itself and its media CDN.
 */
export const TWILIO_MEDIA_HOSTS: readonly string[] = ["api.twilio.com", "media.twiliocdn.com", "mms.twiliocdn.com"];
/** Redirects followed for one file; Twilio uses one. */
export const MAX_REDIRECTS = 3;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** A redirect the reader would not follow: to another host, over plain HTTP, to a private address, or one too many. */
export class MediaRedirectRefused extends Error {
  constructor(
    readonly host: string,
    reason: string,
  ) {
    super(`media redirect to ${host} refused: ${reason}`);
  }
}

/** Loopback, private (RFC 1918, unique local), link-local, carrier-grade NAT and unspecified ranges. */
const NOT_PUBLIC = (() => {
  const list = new BlockList();
  for (const [net, bits] of [["0.0.0.0", 8], ["10.0.0.0", 8], ["100.64.0.0", 10], ["127.0.0.0", 8], ["169.254.0.0", 16], ["172.16.0.0", 12], ["192.168.0.0", 16]] as const) {
    list.addSubnet(net, bits, "ipv4");
  }
  for (const [net, bits] of [["::", 128], ["::1", 128], ["fc00::", 7], ["fe80::", 10]] as const) list.addSubnet(net, bits, "ipv6");
  return list;
})();

/** Whether `address` (an IP address) is one a fetch of a public file must never reach. */
export function isNonPublicAddress(address: string): boolean {
  const version = isIP(address);
  if (version === 0) return true;
  // An IPv4 address written as IPv6 (::ffff:127.0.0.1) is judged as the IPv4 one.
  const mapped = version === 6 ? /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1] : undefined;
  if (mapped) return NOT_PUBLIC.check(mapped, "ipv4");
  return NOT_PUBLIC.check(address, version === 4 ? "ipv4" : "ipv6");
}

/** Whether a redirect to `target` may be followed: Twilio's media hosts over HTTPS, or the configured base URL's origin. */
export function isAllowedMediaRedirect(target: URL, twilioBaseUrl: string | undefined): boolean {
  if (target.username || target.password) return false;
  if (twilioBaseUrl && target.origin === new URL(twilioBaseUrl).origin) return true;
  return target.protocol === "https:" && (target.port === "" || target.port === "443") && TWILIO_MEDIA_HOSTS.includes(target.hostname);
}

export function twilioMediaReader(
  credentials: { accountSid?: string; authToken?: string; baseUrl?: string },
  resolve: (host: string) => Promise<string[]> = async (host) => (await lookup(host, { all: true, verbatim: true })).map((a) => a.address),
): TwilioMediaReader {
  const { accountSid, authToken, baseUrl } = credentials;
  const authorization = accountSid && authToken ? `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString("base64")}` : null;
  const baseOrigin = baseUrl ? new URL(baseUrl).origin : null;

  /** Refuses a redirect target that is not allowed, or whose name resolves to a non-public address. */
  const checkTarget = async (target: URL) => {
    if (!isAllowedMediaRedirect(target, baseUrl)) throw new MediaRedirectRefused(target.host, "not a Twilio media host over HTTPS");
    // The configured base URL is the operator's own choice (a local stand-in in tests and the demo).
    if (target.origin === baseOrigin) return;
    const host = target.hostname.replace(/^\[|\]$/g, "");
    const addresses = isIP(host) ? [host] : await resolve(host);
    if (addresses.length === 0 || addresses.some(isNonPublicAddress)) throw new MediaRedirectRefused(target.host, "resolves to a non-public address");
  };

  return {
    configured: authorization !== null,
    async get(url, signal) {
      if (!authorization) throw new Error("Twilio credentials are not configured");
      const first = new URL(url);
      let current = first;
      for (let hop = 0; ; hop += 1) {
        // The account's credentials go only where the first request went (fetch drops them across origins too).
        const headers: Record<string, string> = current.origin === first.origin ? { authorization } : {};
        const response = await fetch(current, { headers, signal, redirect: "manual" });
        if (!REDIRECTS.has(response.status)) return response;
        await response.body?.cancel().catch(() => undefined);
        const location = response.headers.get("location");
        let target: URL;
        try {
          target = new URL(location ?? "", current);
        } catch {
          throw new MediaRedirectRefused(current.host, "a redirect without a usable Location");
        }
        if (!location) throw new MediaRedirectRefused(current.host, "a redirect without a usable Location");
        if (hop + 1 > MAX_REDIRECTS) throw new MediaRedirectRefused(target.host, `more than ${MAX_REDIRECTS} redirects`);
        await checkTarget(target);
        current = target;
      }
    },
  };
}
