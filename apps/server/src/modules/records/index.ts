/**
 * The records module's public face: the prontuário (docs/product/records.md). The assistant, web chat, WhatsApp,
 * reminders and the booking page must never import it (lint: house/boundaries).
 */
export { recordRoutes } from "./record.routes";
export { holdsFinalisedRecords, recordRetentionOf, recordsForExport, recordService, type RecordService } from "./record.service";
export { verifyAllChains } from "./record-verify";
export { appointmentHasRecordEntries } from "./record-links";
export { renderRecordsExportSection } from "./record-export.html";
