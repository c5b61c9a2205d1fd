import { loginRequestSchema } from "@clinora/contracts";
import { zodResolver } from "@hookform/resolvers/zod";

/**
 * The login form's validation: the shared schema through zodResolver, as every form. In a module of its own so
 * that zod and the contracts load after the login screen shows, not before (docs/decisions/019).
 */
export const loginResolver = zodResolver(loginRequestSchema);
