/**
 * A minimal iCalendar (RFC 5545) writer for the subscription feed: text escaping (§3.3.11), line folding at 75
 * octets (§3.1) and CRLF line ends. Times are written in UTC ("Z"), which every calendar app shows in its own
 * zone and which needs no VTIMEZONE block.
 */

export interface IcsEvent {
  uid: string;
  start: Date;
  end: Date;
  summary: string;
  description?: string;
  url?: string;
  status: "CONFIRMED" | "TENTATIVE";
  lastModified: Date;
}

/** `20260312T130000Z` */
export function icsUtc(date: Date): string {
  return date.toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");
}

/** Backslash, semicolon, comma and newlines escaped, as TEXT values require. */
export function escapeText(value: string): string {
  return value.replace(/\\/g, "\\\\").replace(/;/g, "\\;").replace(/,/g, "\\,").replace(/\r?\n/g, "\\n");
}

/** Splits a content line into 75-octet pieces, never inside a UTF-8 character; continuations start with a space. */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = "";
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char, "utf8");
    const limit = parts.length === 0 ? 75 : 74; // the leading space of a continuation counts
    if (octets + size > limit) {
      parts.push(current);
      current = "";
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

/** The whole VCALENDAR text of a feed. */
export function renderCalendar(input: { name: string; timeZone: string; now: Date; events: IcsEvent[] }): string {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Clinora//Agenda//PT-BR",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    `X-WR-CALNAME:${escapeText(input.name)}`,
    `X-WR-TIMEZONE:${input.timeZone}`,
    // How often a subscribing app should fetch again (RFC 7986 §5.7, and the older Apple/Microsoft property).
    "REFRESH-INTERVAL;VALUE=DURATION:PT15M",
    "X-PUBLISHED-TTL:PT15M",
  ];
  for (const event of input.events) {
    lines.push(
      "BEGIN:VEVENT",
      `UID:${event.uid}`,
      `DTSTAMP:${icsUtc(input.now)}`,
      `DTSTART:${icsUtc(event.start)}`,
      `DTEND:${icsUtc(event.end)}`,
      `SUMMARY:${escapeText(event.summary)}`,
      ...(event.description ? [`DESCRIPTION:${escapeText(event.description)}`] : []),
      ...(event.url ? [`URL:${event.url}`] : []),
      `STATUS:${event.status}`,
      `LAST-MODIFIED:${icsUtc(event.lastModified)}`,
      "END:VEVENT",
    );
  }
  lines.push("END:VCALENDAR");
  return lines.map(foldLine).join("\r\n") + "\r\n";
}
