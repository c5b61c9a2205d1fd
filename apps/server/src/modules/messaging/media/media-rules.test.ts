import { describe, expect, it } from "vitest";
import { MEDIA_MAX_BYTES, MSG } from "@clinora/contracts";
import { looksLike } from "../../../platform/lib/file-signature";
import { defaultFileName, inboundFilesOf, isTwilioMediaUrl, MediaRejected, readLimited } from "./media-rules";
import { outboundMediaSigner } from "./media.service";

describe("media rules", () => {
  it("fetches only from Twilio's media host or the configured Twilio base URL", () => {
    const url = "https://api.twilio.com/2010-04-01/Accounts/AC1/Messages/MM1/Media/ME1";
    expect(isTwilioMediaUrl(url, undefined)).toBe(true);
    expect(isTwilioMediaUrl("http://127.0.0.1:4101/2010-04-01/Accounts/AC1/Messages/MM1/Media/ME1", "http://127.0.0.1:4101")).toBe(true);
    expect(isTwilioMediaUrl("http://127.0.0.1:4102/x", "http://127.0.0.1:4101")).toBe(false);
    expect(isTwilioMediaUrl("http://api.twilio.com/x", undefined)).toBe(false);
    expect(isTwilioMediaUrl("https://api.twilio.com.evil.example/x", undefined)).toBe(false);
    expect(isTwilioMediaUrl("https://user:pass@api.twilio.com/x", undefined)).toBe(false);
    expect(isTwilioMediaUrl("not a url", undefined)).toBe(false);
  });

  it("knows a file by its first bytes, and refuses empty or mislabelled ones", () => {
    expect(looksLike("application/pdf", Buffer.from("%PDF-1.7"))).toBe(true);
    expect(looksLike("application/pdf", Buffer.from("<html>"))).toBe(false);
    expect(looksLike("audio/ogg; codecs=opus", Buffer.from("OggS\0"))).toBe(true);
    expect(looksLike("image/png", Buffer.from("89504e470d0a1a0a00", "hex"))).toBe(true);
    expect(looksLike("image/jpeg", Buffer.from("ffd8ffe0", "hex"))).toBe(true);
    expect(looksLike("image/webp", Buffer.from("RIFF0000WEBPVP8 "))).toBe(true);
    expect(looksLike("image/jpeg", Buffer.alloc(0))).toBe(false);
    expect(looksLike("image/gif", Buffer.from("GIF89a"))).toBe(false);
  });

  it("reads the webhook's files in order, at most ten", () => {
    const params: Record<string, string> = { NumMedia: "12" };
    for (let i = 0; i < 12; i++) Object.assign(params, { [`MediaUrl${i}`]: `u${i}`, [`MediaContentType${i}`]: "image/png" });
    expect(inboundFilesOf(params)).toHaveLength(10);
    expect(inboundFilesOf({ NumMedia: "1", MediaUrl0: "u", MediaContentType0: "audio/ogg" })).toEqual([{ url: "u", contentType: "audio/ogg" }]);
    expect(inboundFilesOf({ NumMedia: "x" })).toEqual([]);
  });

  it("stops reading past 16 MB, whatever the declared length", async () => {
    await expect(readLimited(new Response(new Uint8Array(10), { headers: { "content-length": String(MEDIA_MAX_BYTES + 1) } }))).rejects.toEqual(new MediaRejected(MSG.mediaTooLarge));
    await expect(readLimited(new Response(new Uint8Array(MEDIA_MAX_BYTES + 1)))).rejects.toBeInstanceOf(MediaRejected);
    expect((await readLimited(new Response(new Uint8Array(5)))).length).toBe(5);
  });

  it("names a file that came without a name", () => {
    expect(defaultFileName("audio", "audio/ogg; codecs=opus", "0123456789")).toBe("audio-01234567.ogg");
    expect(defaultFileName("image", "image/jpeg", "abcdefgh")).toBe("imagem-abcdefgh.jpg");
  });

  it("signs a link for one file and one purpose, until it expires", () => {
    const signer = outboundMediaSigner("token");
    const now = new Date("2026-11-25T12:00:00Z");
    const link = new URL(`http://x${signer.path("id-1", now)}`);
    const expires = link.searchParams.get("expires")!;
    const signature = link.searchParams.get("signature")!;
    expect(signer.verify("id-1", expires, signature, now)).toBe(true);
    expect(signer.verify("id-2", expires, signature, now)).toBe(false);
    expect(signer.verify("id-1", expires, signature, new Date(Number(expires) + 1))).toBe(false);
    expect(outboundMediaSigner("other").verify("id-1", expires, signature, now)).toBe(false);
    expect(outboundMediaSigner(undefined).configured).toBe(false);
  });
});
