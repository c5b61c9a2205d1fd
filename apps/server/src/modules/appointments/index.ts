/** The appointments module's public face: what other modules, the app and the tests may use. */
export { appointmentRoutes } from "./appointment.routes";
export { type AppointmentService, appointmentService, type BookingTerms, type PatientResponseOutcome, type ScheduleActor } from "./appointment.service";
export { upcomingAppointment, upcomingAppointmentsOf } from "./upcoming-appointments";
export { daySlots } from "./appointment-slots";
