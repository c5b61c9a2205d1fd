/** The google-calendar module's public face: what other modules, the app and the tests may use. */
export { readBusyTimes, readBusyWindow } from "./calendar-busy";
export { type AppointmentEvent, appointmentEventsBetween } from "./calendar-events";
export { type CalendarBusyService, calendarBusyService } from "./calendar-busy.service";
export { queueCalendarSync } from "./calendar-sync-queue";
export { type CalendarSyncService, calendarSyncService, eventIdOf, eventOf, SYNC_LOOKBACK_DAYS } from "./calendar-sync.service";
export { googleCalendarRoutes } from "./google-calendar.routes";
export { type GoogleCalendarService, googleCalendarService } from "./google-calendar.service";
