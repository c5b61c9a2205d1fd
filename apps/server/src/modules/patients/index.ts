/** The patients module's public face: what other modules, the app and the tests may use. */
export { patientSearchText } from "./patient.repository";
export { patientRoutes } from "./patient.routes";
export { createPatientFrom, isOwnPatient, patientByPhone, patientContact, patientService, type PatientService } from "./patient.service";
