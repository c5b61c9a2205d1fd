/** The patients module's public face: what other modules, the app and the tests may use. */
export { patientNamesOf } from "./patient-names";
export { patientSearchText } from "./patient.repository";
export { patientRoutes } from "./patient.routes";
export { createPatientFrom, isOwnPatient, lockPatient, patientByPhone, patientContact, patientIdentity, type PatientIdentity, patientService, type PatientService } from "./patient.service";
