/** The calendar-feed module's public face: what other modules, the app and the tests may use. */
export { calendarFeedRoutes } from "./calendar-feed.routes";
export { type CalendarFeedService, calendarFeedService } from "./calendar-feed.service";
