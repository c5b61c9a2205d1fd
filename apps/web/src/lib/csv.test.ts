import { afterEach, describe, expect, it, vi } from "vitest";
import { csvFileName, downloadCsv, toCsv, type CsvColumn } from "./csv";

interface Lead {
  name: string | null;
  contact: string | null;
  notes?: unknown;
}

const columns: CsvColumn<Lead>[] = [
  { key: "name", header: "Nome" },
  { key: "contact", header: "Contato" },
];

describe("toCsv", () => {
  it("writes a header line and one CRLF-separated line per row, in column order", () => {
    const csv = toCsv(
      [
        { contact: "ana@clinica.com.br", name: "Ana" },
        { contact: "bruno@clinica.com.br", name: "Bruno" },
      ],
      columns,
    );
    expect(csv).toBe("Nome;Contato\r\nAna;ana@clinica.com.br\r\nBruno;bruno@clinica.com.br");
  });

  it("gives only the header for no rows", () => {
    expect(toCsv([], columns)).toBe("Nome;Contato");
  });

  it.each([
    ["Silva, Ana", '"Silva, Ana"'],
    ["Silva; Ana", '"Silva; Ana"'],
    ['Ana "Aninha" Silva', '"Ana ""Aninha"" Silva"'],
    ["linha 1\nlinha 2", '"linha 1\nlinha 2"'],
    ["linha 1\r\nlinha 2", '"linha 1\r\nlinha 2"'],
    ["fim\r", '"fim\r"'],
    ["São Paulo – Consultório Ação", "São Paulo – Consultório Ação"],
    ["  espaços  ", "  espaços  "],
  ])("writes %j as %j", (value, expected) => {
    expect(toCsv([{ name: value, contact: null }], columns)).toBe(`Nome;Contato\r\n${expected};`);
  });

  it("quotes headers that need it", () => {
    expect(toCsv([], [{ key: "name", header: 'Nome, "completo"' }])).toBe('"Nome, ""completo"""');
  });

  it("writes empty cells for null, undefined, missing keys, NaN and invalid dates", () => {
    const rows = [{ a: null, b: undefined, d: Number.NaN, e: new Date("not a date") }];
    const csv = toCsv(rows as Record<string, unknown>[], [
      { key: "a", header: "A" },
      { key: "b", header: "B" },
      { key: "c", header: "C" },
      { key: "d", header: "D" },
      { key: "e", header: "E" },
    ]);
    expect(csv).toBe("A;B;C;D;E\r\n;;;;");
  });

  it("writes Dates as dd/MM/yyyy HH:mm in the display zone, numbers plainly, booleans as Sim/Não, objects as JSON", () => {
    const rows = [{ when: new Date("2025-03-14T16:05:00Z"), count: 42, ratio: 0.7, negative: -3, ok: true, no: false, tags: ["a", "b"] }];
    const csv = toCsv(rows, [
      { key: "when", header: "Quando" },
      { key: "count", header: "Qtd" },
      { key: "ratio", header: "Taxa" },
      { key: "negative", header: "Saldo" },
      { key: "ok", header: "Ok" },
      { key: "no", header: "Não" },
      { key: "tags", header: "Tags" },
    ]);
    expect(csv).toBe('Quando;Qtd;Taxa;Saldo;Ok;Não;Tags\r\n14/03/2025 13:05;42;0.7;-3;Sim;Não;"[""a"",""b""]"');
  });

  it("applies a column's format with the row, then the usual cell rules", () => {
    const csv = toCsv(
      [{ name: "Ana", contact: "ana@x.com" }],
      [
        { key: "name", header: "Nome", format: (value, row) => `${String(value)} <${row.contact}>, lead` },
        { key: "contact", header: "Tem email", format: (value) => String(value).includes("@") },
      ],
    );
    expect(csv).toBe('Nome;Tem email\r\n"Ana <ana@x.com>, lead";Sim');
  });

  it.each([
    ["=HYPERLINK(\"http://x\")", '"\'=HYPERLINK(""http://x"")"'],
    ["@SUM(A1)", "'@SUM(A1)"],
    ["+1+2", "'+1+2"],
    ["-2+3", "'-2+3"],
    ["\t=1", "'\t=1"],
  ])("neutralises the formula %j", (value, expected) => {
    expect(toCsv([{ name: value, contact: null }], columns)).toBe(`Nome;Contato\r\n${expected};`);
  });

  it.each(["+5511987654321", "+55 (11) 98765-4321", "-12.5", "a=b", "email@x.com"])("leaves %j as it is", (value) => {
    expect(toCsv([{ name: value, contact: null }], columns)).toBe(`Nome;Contato\r\n${value};`);
  });
});

describe("csvFileName", () => {
  it("joins the prefix and the local date as yyyy-MM-dd", () => {
    expect(csvFileName("leads", new Date(2025, 0, 5, 23, 59))).toBe("leads_2025-01-05.csv");
    expect(csvFileName("usuarios", new Date(2025, 11, 31, 0, 0))).toBe("usuarios_2025-12-31.csv");
  });
});

describe("downloadCsv", () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  function stubDom() {
    const link = { href: "", download: "", style: { display: "" }, click: vi.fn(), remove: vi.fn() };
    const appendChild = vi.fn();
    vi.stubGlobal("document", { createElement: vi.fn(() => link), body: { append: appendChild } });
    let blob: Blob | undefined;
    const createObjectURL = vi.fn((value: Blob) => {
      blob = value;
      return "blob:clinora/1";
    });
    const revokeObjectURL = vi.fn();
    vi.stubGlobal("URL", { createObjectURL, revokeObjectURL });
    return { link, appendChild, createObjectURL, revokeObjectURL, blob: () => blob };
  }

  it("downloads a UTF-8 CSV that starts with a byte-order mark, then releases the object URL", async () => {
    vi.useFakeTimers();
    const dom = stubDom();

    downloadCsv("leads_2025-03-14.csv", "Nome\r\nJoão");

    expect(dom.appendChild).toHaveBeenCalledWith(dom.link);
    expect(dom.link.href).toBe("blob:clinora/1");
    expect(dom.link.download).toBe("leads_2025-03-14.csv");
    expect(dom.link.click).toHaveBeenCalledOnce();
    expect(dom.link.remove).toHaveBeenCalledOnce();

    const blob = dom.blob()!;
    expect(blob.type).toBe("text/csv;charset=utf-8");
    const bytes = new Uint8Array(await blob.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes)).toBe("\uFEFFNome\r\nJoão");

    expect(dom.revokeObjectURL).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(dom.revokeObjectURL).toHaveBeenCalledWith("blob:clinora/1");
  });
});
