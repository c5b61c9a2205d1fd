import { BRAZIL_TIME_ZONES } from "@clinora/contracts";

/** Weekdays as stored (0 = Sunday), listed from Monday as Brazilian calendars show them. */
export const WEEKDAY_OPTIONS = [
  { value: 1, label: "Segunda" },
  { value: 2, label: "Terça" },
  { value: 3, label: "Quarta" },
  { value: 4, label: "Quinta" },
  { value: 5, label: "Sexta" },
  { value: 6, label: "Sábado" },
  { value: 0, label: "Domingo" },
] as const;

const ZONE_PLACES: Record<(typeof BRAZIL_TIME_ZONES)[number], string> = {
  "America/Sao_Paulo": "Brasília, São Paulo, Rio de Janeiro",
  "America/Manaus": "Manaus (Amazonas)",
  "America/Rio_Branco": "Rio Branco (Acre)",
  "America/Noronha": "Fernando de Noronha",
  "America/Belem": "Belém (Pará, Amapá)",
  "America/Fortaleza": "Fortaleza (Ceará, Maranhão, Piauí, Rio Grande do Norte, Paraíba)",
  "America/Recife": "Recife (Pernambuco)",
  "America/Bahia": "Salvador (Bahia)",
  "America/Cuiaba": "Cuiabá (Mato Grosso)",
  "America/Campo_Grande": "Campo Grande (Mato Grosso do Sul)",
  "America/Porto_Velho": "Porto Velho (Rondônia)",
  "America/Boa_Vista": "Boa Vista (Roraima)",
};

/** "GMT-3", read from the browser's time zone data rather than written by hand. */
function utcOffset(zone: string): string {
  const part = new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: "shortOffset" })
    .formatToParts(new Date())
    .find((p) => p.type === "timeZoneName");
  return part?.value ?? "";
}

export const TIME_ZONE_OPTIONS = BRAZIL_TIME_ZONES.map((zone) => ({
  value: zone,
  label: `${ZONE_PLACES[zone]} · ${utcOffset(zone)}`,
}));
