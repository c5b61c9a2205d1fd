/** The backups module's public face: what other modules, the app and the tests may use. */
export { backupJobs, scheduleNextBackup } from "./backup.jobs";
export { type BackupFormat, restoreBackup, takeBackup } from "./backup.service";
export { readPassphraseFile } from "./backup-encryption";
