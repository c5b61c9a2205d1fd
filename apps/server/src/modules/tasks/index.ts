/** The tasks module's public face: what other modules, the app and the tests may use. */
export { taskRoutes } from "./task.routes";
export { taskService, type TaskService } from "./task.service";
