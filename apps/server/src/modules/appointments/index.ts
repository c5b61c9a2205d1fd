/** The appointments module's public face: what other modules, the app and the tests may use. */
export { appointmentRoutes } from "./appointment.routes";
export { type AppointmentService, appointmentService, type BookingTerms, type PatientResponseOutcome, type ScheduleActor } from "./appointment.service";
export { lastAppointmentDateOf } from "./last-appointment";
export { type AppointmentFacts, appointmentFacts, appointmentStartsOf } from "./appointment-facts";
export { upcomingAppointment, upcomingAppointmentIds, upcomingAppointmentsOf } from "./upcoming-appointments";
export { daySlots } from "./appointment-slots";
