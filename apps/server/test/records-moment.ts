/**
 * The prontuário's API tests place their sessions relative to this instant, a Saturday evening in São Paulo, on a
 * clock of each file's own, so they pass on any day and hour.
 */
export const RECORDS_NOW = "2026-03-14T21:30:00.000Z";

/** RECORDS_NOW less `hours`, as the API's ISO text. */
export const hoursBefore = (hours: number) => new Date(Date.parse(RECORDS_NOW) - hours * 3_600_000).toISOString();

/** The psychologist these tests sign in as; a file adds what its texts need (her licence, her clinic). */
export const ANA_SOUZA = { fullName: "Ana Souza", specialty: "Psicologia clínica" };
