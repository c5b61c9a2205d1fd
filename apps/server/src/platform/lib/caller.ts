/**
 * Who is calling: what the auth plugin resolves once per request (docs/product/engineering-conventions.md §4) and services receive.
 * Types only, below plugins/ and modules/, so the session service that builds an AuthContext and the plugin
 * that hands it to routes both read it without importing each other.
 */
import type { Role } from "@clinora/contracts";

/**
 * The scheduling settings of a professional caller: read with the session, in the same query, so that the routes
 * that need "today" or business hours make no second lookup (docs/decisions/012).
 */
export interface PracticeSettings {
  timeZone: string;
  appointmentDuration: number;
  businessDays: number[];
  businessStart: string;
  businessEnd: string;
}

export interface AuthContext {
  userId: string;
  role: Role;
  /** The tenant of a professional user; null for administrators. */
  professionalId: string | null;
  /** The tenant's settings; null for administrators. */
  practice: PracticeSettings | null;
  sessionId: string;
  email: string;
}

/** A caller with its address, for the audit trail of administrator actions. */
export type Actor = AuthContext & { ip?: string };

/** A professional caller: its tenant and settings, and its address for the audit trail. */
export type TenantCaller = AuthContext & { professionalId: string; practice: PracticeSettings; ip: string };
