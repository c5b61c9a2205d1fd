import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isAllowedMediaRedirect, isNonPublicAddress, MediaRedirectRefused, twilioMediaReader } from "./twilio-media";

describe("isNonPublicAddress", () => {
  it.each([
    ["127.0.0.1", true],
    ["10.1.2.3", true],
    ["172.20.0.1", true],
    ["192.168.0.10", true],
    ["169.254.169.254", true],
    ["100.64.0.1", true],
    ["0.0.0.0", true],
    ["::1", true],
    ["fe80::1", true],
    ["fd12:3456::1", true],
    ["::ffff:127.0.0.1", true],
    ["não é endereço", true],
    ["54.172.60.1", false],
    ["2600:1f18::1", false],
  ])("%s -> %s", (address, refused) => expect(isNonPublicAddress(address)).toBe(refused));
});

describe("isAllowedMediaRedirect", () => {
  const allowed = (url: string, base?: string) => isAllowedMediaRedirect(new URL(url), base);
  it("takes Twilio's media hosts over HTTPS, and the configured base URL's origin", () => {
    expect(allowed("https://media.twiliocdn.com/AC1/abc")).toBe(true);
    expect(allowed("https://api.twilio.com/2010-04-01/x")).toBe(true);
    expect(allowed("http://127.0.0.1:4101/x", "http://127.0.0.1:4101")).toBe(true);
  });
  it("refuses plain HTTP, other hosts and ports, look-alikes and credentials in the address", () => {
    expect(allowed("http://media.twiliocdn.com/x")).toBe(false);
    expect(allowed("https://media.twiliocdn.com:8443/x")).toBe(false);
    expect(allowed("https://media.twiliocdn.com.example.net/x")).toBe(false);
    expect(allowed("https://user:pw@media.twiliocdn.com/x")).toBe(false);
    expect(allowed("http://127.0.0.1:4102/x", "http://127.0.0.1:4101")).toBe(false);
    expect(allowed("https://169.254.169.254/latest/meta-data")).toBe(false);
  });
});

describe("twilioMediaReader", () => {
  let server: Server;
  let base = "";
  beforeAll(async () => {
    // A Twilio stand-in whose media URL redirects to Twilio's CDN host.
    server = createServer((_req, res) => res.writeHead(307, { location: "https://media.twiliocdn.com/AC1/arquivo" }).end());
    await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((done) => server.close(done)));

  it("refuses a Twilio media host whose name resolves to a private address, before connecting to it", async () => {
    const resolved: string[] = [];
    const reader = twilioMediaReader({ accountSid: "AC1", authToken: "t", baseUrl: base }, async (host) => {
      resolved.push(host);
      return ["10.0.0.7"];
    });
    const error = await reader.get(`${base}/2010-04-01/Accounts/AC1/Messages/MM1/Media/ME1`, AbortSignal.timeout(5000)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MediaRedirectRefused);
    expect((error as MediaRedirectRefused).host).toBe("media.twiliocdn.com");
    expect(resolved).toEqual(["media.twiliocdn.com"]);
  });
});
