/** The professionals module's public face: what other modules, the app and the tests may use. */
export { firstStepsRoutes } from "./first-steps.routes";
export { firstStepsService, type FirstStepsService } from "./first-steps.service";
export { professionalProfileRoutes } from "./professional-profile.routes";
export { type ProfessionalProfileService, professionalProfileService } from "./professional-profile.service";
export { professionalToggleRoutes } from "./professional-toggles.routes";
export { type ProfessionalTogglesService, professionalTogglesService } from "./professional-toggles.service";
export { type ProfessionalName, professionalIdsNamedLike, professionalNamesOf } from "./professional-names";
export { professionalRoutes } from "./professional.routes";
export { type ReminderSettingsOf, reminderSettingsOf, saveReminderSettings } from "./reminder-settings";
export { type ChatClinic, findClinicByChatId, givePublicChatId, publicChatIdOf } from "./public-chat";
export { deletePracticeWithAllItsData, lockProfessional, practiceOverview, profileHoldingEmail, professionalService, scheduleVersionOf, type ProfessionalService } from "./professional.service";
export { type AccountProfile, accountProfileOf, createAccountProfile } from "./account-profile";
export {
  type Letterhead,
  letterheadOf,
  type PracticeNames,
  practiceNameOf,
  practiceNamesOf,
  practiceSettingsOf,
  professionalExists,
  professionalProfileOf,
  type PublicPractice,
  publicPracticeOf,
  toPublicPractice,
  timeZoneOf,
} from "./practice-reads";
