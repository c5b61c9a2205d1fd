/**
 * `npm run records:verify`: recomputes every patient's prontuário chain (docs/decisions/034) and names each break
 * (the patient's and the entry's ids, never their content). Exits 1 when a chain is broken.
 */
import { loadConfig } from "../config";
import { openDatabase } from "../platform/db/client";
import { verifyAllChains } from "../modules/records";

async function main() {
  const config = loadConfig();
  const database = await openDatabase(
    config.databaseUrl ? { kind: "postgres", url: config.databaseUrl, maxConnections: 2 } : { kind: "pglite", dataDir: config.dataDir },
  );
  try {
    // The same migrations the server applies at every start, so a database one version behind is read correctly.
    await database.migrate();
    const result = await verifyAllChains(database.db);
    console.log(`Prontuários verificados: ${result.patients} paciente(s), ${result.entries} entrada(s) finalizada(s).`);
    if (result.breaks.length === 0) {
      console.log("Todas as cadeias conferem.");
      return;
    }
    console.error(`${result.breaks.length} quebra(s) na cadeia:`);
    for (const b of result.breaks) console.error(`- paciente ${b.patient_id}, entrada ${b.entry_id}: ${b.reason}`);
    process.exitCode = 1;
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(`Verificação não realizada: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
