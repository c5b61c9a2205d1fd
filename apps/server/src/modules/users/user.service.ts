import {
  MSG,
  USER_STATUSES,
  type User,
  type UserCreate,
  type UserDeleteQuery,
  type UserListQuery,
  type UserProfessionalOverview,
  type UserStats,
  type UserSuspend,
  type UserUpdate,
} from "@clinora/contracts";
import type { Db } from "../../platform/db/client";
import { AppError } from "../../platform/lib/app-error";
import type { Clock } from "../../platform/lib/clock";
import { pageOf, pageWindow } from "../../platform/lib/pagination";
import { hashPassword } from "../../platform/lib/password";
import type { Actor } from "../../platform/lib/caller";
import { recordAudit } from "../audit";
import { holdsFinalisedRecords } from "../records";
import { deletePracticeWithAllItsData, practiceOverview } from "../professionals";
import { recordAdminAction } from "./admin-action";
import { toAdminActionDto, toUserDto } from "./user.mapper";
import { userRepository, type UserChanges, type UserRow } from "./user.repository";
import { assertEmailFree, linkableProfessional, withUniqueUserFields } from "./user-uniqueness";

export type UserService = ReturnType<typeof userService>;

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/** Columns an edit may change, with their API names (details of the 'edited' action). */
const EDITABLE_FIELDS = {
  role: "role",
  status: "status",
  professionalId: "professional_id",
  fullName: "full_name",
  notes: "notes",
} as const;
type EditableField = keyof typeof EDITABLE_FIELDS;
type EditableState = Pick<UserRow, EditableField>;

/** Which fields changed, and from what to what; notes are named but not copied into the history. */
function describeChanges(before: EditableState, after: EditableState, changed: EditableField[]) {
  return {
    fields: changed.map((f) => EDITABLE_FIELDS[f]),
    changes: Object.fromEntries(
      changed.filter((f) => f !== "notes").map((f) => [EDITABLE_FIELDS[f], { from: before[f], to: after[f] }]),
    ),
  };
}

/** What the user administration needs of the sessions: the app passes the auth module's session service. */
export interface UserSessions {
  endAllForUser(userId: string): Promise<void>;
}

/**
 * Administrators' management of user accounts (docs/product/admin.md §2.4, §2.6, §4). Suspension and deletion end the
 * user's sessions at once (docs/product/security-and-privacy.md §2).
 */
export function userService(db: Db, clock: Clock, sessions: UserSessions) {
  const repo = userRepository(db);

  const findOrFail = async (id: string) => {
    const row = await repo.findDetailedById(id);
    if (!row) throw AppError.notFound(MSG.userNotFound);
    return row;
  };

  return {
    /** Newest first; search matches the email, the user's name or the linked professional's name. */
    async list(q: UserListQuery) {
      const { items, total } = await repo.list(
        { status: q.status, role: q.role, search: q.search || undefined, professionalId: q.professional_id },
        pageWindow(q),
      );
      return pageOf(items.map((row) => toUserDto(row)), total, q);
    },

    /** Totals per status and the accounts created in the last 7 days. */
    async stats(): Promise<UserStats> {
      const rows = await repo.countByStatus(new Date(clock.now().getTime() - WEEK_MS));
      const byStatus = Object.fromEntries(USER_STATUSES.map((s) => [s, 0])) as UserStats["by_status"];
      for (const row of rows) byStatus[row.status] = row.total;
      return {
        total: rows.reduce((sum, r) => sum + r.total, 0),
        by_status: byStatus,
        last_7_days: rows.reduce((sum, r) => sum + r.recent, 0),
      };
    },

    /** One user with its administrative history, newest first. */
    async get(id: string): Promise<User> {
      const row = await findOrFail(id);
      const actions = await repo.listAdminActions(id);
      return toUserDto(row, actions.map(toAdminActionDto));
    },

    /** The linked professional and its patients, appointments, tasks and conversations counted (docs/product/admin.md §2.6). */
    async professionalOverview(id: string): Promise<UserProfessionalOverview> {
      const user = await findOrFail(id);
      if (!user.professionalId) return { professional: null, counters: { patients: 0, appointments: 0, tasks: 0, conversations: 0 } };
      return practiceOverview(db, user.professionalId);
    },

    /** A new login; its name defaults to the linked professional's, else the email's local part. */
    async create(caller: Actor, input: UserCreate): Promise<User> {
      const passwordHash = await hashPassword(input.password);
      const at = clock.now();
      const id = await withUniqueUserFields(() =>
        db.transaction(async (tx) => {
          await assertEmailFree(tx, input.email);
          const professional = input.professional_id ? await linkableProfessional(tx, input.professional_id) : null;
          const row = await userRepository(tx).insert({
            email: input.email,
            passwordHash,
            role: input.role,
            status: input.status,
            professionalId: professional?.id ?? null,
            fullName: input.full_name ?? professional?.full_name ?? input.email.split("@")[0]!,
            notes: input.notes ?? null,
            createdAt: at,
            updatedAt: at,
          });
          await recordAdminAction(tx, caller, {
            targetUserId: row.id,
            action: "created",
            at,
            details: { role: row.role, status: row.status, professional_id: row.professionalId },
          });
          return row.id;
        }),
      );
      return toUserDto(await findOrFail(id));
    },

    /**
     * Changes only the fields sent and records an 'edited' action naming them; nothing sent that differs,
     * nothing recorded. An administrator cannot change their own role or status (no self-lockout).
     */
    async update(caller: Actor, id: string, input: UserUpdate): Promise<User> {
      const at = clock.now();
      const suspended = await withUniqueUserFields(() =>
        db.transaction(async (tx) => {
          const users = userRepository(tx);
          const current = await users.findById(id);
          if (!current) throw AppError.notFound(MSG.userNotFound);
          const next: EditableState = {
            role: input.role ?? current.role,
            status: input.status ?? current.status,
            professionalId: input.professional_id === undefined ? current.professionalId : input.professional_id,
            fullName: input.full_name ?? current.fullName,
            notes: input.notes === undefined ? current.notes : input.notes,
          };
          const changed = (Object.keys(EDITABLE_FIELDS) as EditableField[]).filter((f) => next[f] !== current[f]);
          if (changed.length === 0) return false;

          if (id === caller.userId && (changed.includes("role") || changed.includes("status"))) {
            throw AppError.conflict(MSG.cannotChangeOwnAccess);
          }
          if (next.role !== "professional" && next.professionalId) {
            throw AppError.validation([{ field: "professional_id", msg: MSG.professionalLinkOnlyForProfessional }]);
          }
          if (changed.includes("professionalId") && next.professionalId) await linkableProfessional(tx, next.professionalId, id);

          const becomesSuspended = next.status === "suspended" && current.status !== "suspended";
          const changes: UserChanges = Object.fromEntries(changed.map((f) => [f, next[f]]));
          await users.update(id, becomesSuspended ? { ...changes, suspendedAt: at, suspendedBy: caller.userId } : changes, at);
          await recordAdminAction(tx, caller, { targetUserId: id, action: "edited", at, details: describeChanges(current, next, changed) });
          return becomesSuspended;
        }),
      );
      if (suspended) await sessions.endAllForUser(id);
      return toUserDto(await findOrFail(id));
    },

    /** Suspends with a reason and ends every session of the user at once. */
    async suspend(caller: Actor, id: string, { reason }: UserSuspend): Promise<User> {
      if (id === caller.userId) throw AppError.conflict(MSG.cannotSuspendSelf);
      const at = clock.now();
      await db.transaction(async (tx) => {
        const updated = await userRepository(tx).update(
          id,
          { status: "suspended", suspensionReason: reason, suspendedAt: at, suspendedBy: caller.userId },
          at,
        );
        if (!updated) throw AppError.notFound(MSG.userNotFound);
        await recordAdminAction(tx, caller, { targetUserId: id, action: "suspended", reason, at });
      });
      await sessions.endAllForUser(id);
      return toUserDto(await findOrFail(id));
    },

    /**
     * Back to active. The suspension reason, time and author stay stored (the reactivate dialog shows the
     * reason, docs/product/admin.md §4); the page shows them only while the user is suspended.
     */
    async reactivate(caller: Actor, id: string): Promise<User> {
      const at = clock.now();
      await db.transaction(async (tx) => {
        const users = userRepository(tx);
        const current = await users.findById(id);
        if (!current) throw AppError.notFound(MSG.userNotFound);
        if (current.status === "active") return;
        await users.update(id, { status: "active" }, at);
        await recordAdminAction(tx, caller, { targetUserId: id, action: "reactivated", at, details: { previous_status: current.status } });
      });
      return toUserDto(await findOrFail(id));
    },

    /**
     * Deletes the account (its sessions and history go with it). With `cascade_professional` AND
     * `confirm_cascade`, also its professional and all that professional's data, in the same transaction
     * (docs/product/admin.md §10.3). The audit trail keeps a record of the deletion.
     */
    async remove(caller: Actor, id: string, q: UserDeleteQuery): Promise<void> {
      if (id === caller.userId) throw AppError.conflict(MSG.cannotDeleteSelf);
      await db.transaction(async (tx) => {
        const users = userRepository(tx);
        const user = await users.findById(id);
        if (!user) throw AppError.notFound(MSG.userNotFound);
        await users.deleteById(id);
        const cascadeTo = q.cascade_professional && q.confirm_cascade ? user.professionalId : null;
        if (cascadeTo && (await holdsFinalisedRecords(tx, cascadeTo))) throw AppError.conflict(MSG.practiceHoldsRecords);
        if (cascadeTo) await deletePracticeWithAllItsData(tx, cascadeTo);
        await recordAudit(tx, caller, {
          action: "user.deleted",
          entityType: "user",
          entityId: id,
          professionalId: user.professionalId,
          details: { email: user.email, role: user.role, professional_deleted: cascadeTo !== null },
        });
      });
    },
  };
}
