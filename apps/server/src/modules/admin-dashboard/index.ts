/** The admin-dashboard module's public face: what other modules, the app and the tests may use. */
export { adminDashboardRoutes } from "./admin-dashboard.routes";
export { type AdminDashboardService, adminDashboardService } from "./admin-dashboard.service";
