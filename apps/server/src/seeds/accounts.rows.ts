/** The demo's accounts, professionals and the administrators' history with them, as rows (accounts.data.ts). */
import type * as s from "../tables";
import {
  ADMIN_ACTION_HISTORY,
  DEMO_ADMIN,
  DEMO_PROFESSIONAL_PASSWORD,
  DEMO_PROFESSIONALS,
  DEMO_SUPPORT,
  type DemoAdminAction,
  PENDING_USER,
  SUSPENDED_PROFESSIONAL,
} from "./accounts.data";
import { daysAgo, demoId, demoProfessionalId, demoUserId, minutesAgo } from "./demo-random";

type UserInsert = typeof s.users.$inferInsert & { id: string; email: string };
type ProfessionalInsert = typeof s.professionals.$inferInsert & { id: string };

export interface PasswordHashes {
  admin: string;
  professional: string;
}

/** Professionals, and the accounts (administrators, professionals, the suspended one, the pending sign-up). */
export function accountRows(now: Date, hashes: PasswordHashes): { professionals: ProfessionalInsert[]; users: UserInsert[] } {
  const users: UserInsert[] = [DEMO_ADMIN, DEMO_SUPPORT].map((a) => ({
    id: demoUserId(a.key),
    email: a.email,
    passwordHash: hashes.admin,
    role: "admin",
    status: "active",
    fullName: a.fullName,
    phone: a.phone,
    createdAt: daysAgo(now, a.joinedDaysAgo),
    lastLogin: minutesAgo(now, a.lastLoginMinutesAgo),
  }));
  const professionals: ProfessionalInsert[] = [];

  for (const p of DEMO_PROFESSIONALS) {
    const createdAt = daysAgo(now, p.joinedDaysAgo);
    // Practices running for months: their first steps were put away long ago (docs/product/settings.md "First steps").
    professionals.push({ id: demoProfessionalId(p.key), ...p.profile, firstStepsDismissedAt: createdAt, createdAt, updatedAt: createdAt });
    users.push({
      id: demoUserId(p.key),
      email: p.profile.email,
      passwordHash: hashes.professional,
      role: "professional",
      status: "active",
      professionalId: demoProfessionalId(p.key),
      fullName: p.profile.fullName,
      phone: p.profile.phone,
      createdAt,
      lastLogin: p.lastLoginMinutesAgo === null ? null : minutesAgo(now, p.lastLoginMinutesAgo),
    });
  }

  const sp = SUSPENDED_PROFESSIONAL;
  const suspendedAt = daysAgo(now, sp.suspendedDaysAgo);
  professionals.push({ id: demoProfessionalId(sp.key), ...sp.profile, createdAt: daysAgo(now, sp.joinedDaysAgo), updatedAt: suspendedAt });
  users.push(
    {
      id: demoUserId(sp.key),
      email: sp.profile.email,
      passwordHash: hashes.professional,
      role: "professional",
      status: "suspended",
      professionalId: demoProfessionalId(sp.key),
      fullName: sp.profile.fullName,
      phone: sp.profile.phone,
      suspensionReason: sp.suspensionReason,
      suspendedAt,
      suspendedBy: demoUserId(DEMO_ADMIN.key),
      createdAt: daysAgo(now, sp.joinedDaysAgo),
    },
    {
      id: demoUserId(PENDING_USER.key),
      email: PENDING_USER.email,
      passwordHash: hashes.professional,
      role: "professional",
      status: "pending_approval",
      fullName: PENDING_USER.fullName,
      phone: PENDING_USER.phone,
      notes: PENDING_USER.notes,
      createdAt: daysAgo(now, PENDING_USER.signedUpDaysAgo),
    },
  );
  return { professionals, users };
}

/** The demo's accounts as stored: one that already existed under a demo email kept its own id and password. */
export interface StoredAccounts {
  idOf(email: string): string | undefined;
  /** Whether the account under this email is the demo's own (so the demo password works). */
  ours(email: string): boolean;
}

/** The administrators' history, for the accounts that are the demo's own. */
export function adminActionRows(now: Date, accounts: StoredAccounts): (typeof s.adminActions.$inferInsert)[] {
  const performers = {
    admin: { id: accounts.idOf(DEMO_ADMIN.email)!, email: DEMO_ADMIN.email },
    support: { id: accounts.idOf(DEMO_SUPPORT.email)!, email: DEMO_SUPPORT.email },
  };
  const joined = DEMO_PROFESSIONALS.map(
    (p): DemoAdminAction => ({
      key: `created:${p.key}`,
      target: p.profile.email,
      by: "admin",
      action: "created",
      daysAgo: p.joinedDaysAgo,
      details: { role: "professional" },
    }),
  );
  return [...joined, ...ADMIN_ACTION_HISTORY]
    .filter((a) => accounts.ours(a.target))
    .map((a) => ({
      id: demoId(`admin-action:${a.key}`),
      targetUserId: accounts.idOf(a.target)!,
      performedBy: performers[a.by].id,
      performedByEmail: performers[a.by].email,
      action: a.action,
      reason: a.reason ?? null,
      details: a.details ?? null,
      performedAt: daysAgo(now, a.daysAgo),
    }));
}

export interface DemoLogin {
  role: string;
  email: string;
  password: string;
  name: string;
}

/** What `npm run demo` prints: each account and its password, unless the account existed before the demo. */
export function demoLogins(accounts: StoredAccounts): DemoLogin[] {
  const login = (role: string, email: string, password: string, name: string): DemoLogin => ({
    role,
    email,
    password: accounts.ours(email) ? password : "(conta já existia; senha mantida)",
    name,
  });
  return [
    login("admin", DEMO_ADMIN.email, DEMO_ADMIN.password, DEMO_ADMIN.fullName),
    login("admin", DEMO_SUPPORT.email, DEMO_SUPPORT.password, DEMO_SUPPORT.fullName),
    ...DEMO_PROFESSIONALS.map(({ profile: p }) =>
      login("professional", p.email, DEMO_PROFESSIONAL_PASSWORD, `${p.fullName} (${p.specialty}, ${p.clinicCity}/${p.clinicState})`),
    ),
    login("professional (suspenso)", SUSPENDED_PROFESSIONAL.profile.email, DEMO_PROFESSIONAL_PASSWORD, SUSPENDED_PROFESSIONAL.profile.fullName),
    login("professional (pendente)", PENDING_USER.email, DEMO_PROFESSIONAL_PASSWORD, PENDING_USER.fullName),
  ];
}
