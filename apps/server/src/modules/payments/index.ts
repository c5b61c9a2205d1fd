/** The payments module's public face: what other modules, the app and the tests may use. */
export { paymentRoutes } from "./payments.routes";
export { LEDGER_CSV_BATCH, paymentsService, mercadoPagoWebhookPath, monthBounds, type PaymentsService } from "./payments.service";
export { paymentWebhookService, type PaymentWebhookService } from "./payment-webhook.service";
export { staticBrCode, txidOf } from "./pix-brcode";
export { bookingPagePrices, paymentsForExport, syncAppointmentCharge } from "./appointment-charges";
export { appointmentHasPayment } from "./appointment-removal";
export { AFTER_SESSION_PIX_JOB, queueAfterSessionPix } from "./after-session-pix";
