import { describe, expect, it } from "vitest";
import { openSecret, sealSecret } from "./secret-box";

const key = Buffer.alloc(32, 3);

describe("secret box (AES-256-GCM)", () => {
  it("round-trips, never repeats a ciphertext, and hides the plaintext", () => {
    const a = sealSecret(key, "1//refresh-token");
    const b = sealSecret(key, "1//refresh-token");
    expect(a).not.toBe(b);
    expect(a).not.toContain("refresh");
    expect(openSecret(key, a)).toBe("1//refresh-token");
  });

  it("refuses another key and an altered text", () => {
    const sealed = sealSecret(key, "segredo");
    expect(() => openSecret(Buffer.alloc(32, 4), sealed)).toThrow();
    const [v, iv, tag, data] = sealed.split(".");
    const flipped = Buffer.from(data!, "base64url");
    flipped[0]! ^= 1;
    expect(() => openSecret(key, [v, iv, tag, flipped.toString("base64url")].join("."))).toThrow();
    expect(() => openSecret(key, "plain")).toThrow("unrecognised sealed secret");
  });
});
