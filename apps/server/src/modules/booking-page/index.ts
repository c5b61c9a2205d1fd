/** The booking-page module's public face: what other modules, the app and the tests may use. */
export { bookingPageRoutes } from "./booking-page.routes";
export { type BookingPageService, bookingPageService } from "./booking-page.service";
export { followDefaultDuration } from "./booking-type-duration";
