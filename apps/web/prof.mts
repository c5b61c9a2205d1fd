import * as chromeLauncher from "chrome-launcher";
import puppeteer from "puppeteer-core";
const origin = "http://127.0.0.1:3950";
for (let i = 0; i < 60; i++) { try { if ((await fetch(origin + "/api/health")).ok) break; } catch {} await new Promise(r => setTimeout(r, 1000)); }
const login = await (await fetch(origin + "/api/auth/login", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ email: "ana.souza@clinora.com.br", password: "Prof@12345" }) })).json();
const chrome = await chromeLauncher.launch({ chromePath: "/usr/bin/chromium", chromeFlags: ["--headless=new","--no-sandbox","--disable-gpu","--disable-quic","--no-first-run","--disable-background-networking","--disable-component-update","--disable-sync"] });
const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: { width: 412, height: 823 } });
const [page] = await browser.pages();
await page.goto(origin + "/api/health");
await page.evaluate((s, u) => { localStorage.setItem("session_id", s); localStorage.setItem("user", u); }, login.session_id, JSON.stringify(login.user));
if (process.env.MOBILE) await page.setViewport({ width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
const cdp = await page.createCDPSession();
await cdp.send("Profiler.enable"); await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
await cdp.send("Profiler.start");
const t0 = Date.now();
await page.goto(origin + (process.argv[2] ?? "/compromissos"), { waitUntil: "networkidle0" });
console.log("loaded in", Date.now() - t0, "ms");
if (process.argv[3] === "after") { await cdp.send("Profiler.stop"); await cdp.send("Profiler.start"); await new Promise((r) => setTimeout(r, 8000)); }
const { profile } = await cdp.send("Profiler.stop");
const byId = new Map(profile.nodes.map((n: any) => [n.id, n]));
const self = new Map<string, number>();
const dt = profile.timeDeltas; 
profile.samples.forEach((id: number, i: number) => { const n: any = byId.get(id); const k = `${n.callFrame.functionName || "(anon)"} ${n.callFrame.url.split("/").pop()}:${n.callFrame.lineNumber}:${n.callFrame.columnNumber}`; self.set(k, (self.get(k) ?? 0) + (dt[i] ?? 0)); });
const total = [...self.values()].reduce((a, b) => a + b, 0);
console.log("total sampled ms", Math.round(total / 1000));
for (const [k, v] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 30)) console.log(Math.round(v / 1000), k);
console.log(await page.evaluate(() => document.querySelectorAll("*").length), "elements");
await browser.disconnect(); chrome.kill();
