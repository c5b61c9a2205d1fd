import type { AdminAction, User, UserListQuery } from "@clinora/contracts";
import type { Db } from "../../db/client";
import { AppError } from "../../lib/app-error";
import { pageOf, pageWindow } from "../../lib/pagination";
import { toUserDto } from "./user.mapper";
import { userRepository } from "./user.repository";

export type UserService = ReturnType<typeof userService>;

export function userService(db: Db) {
  const repo = userRepository(db);
  return {
    /** Newest first; search matches the email, the user's name or the linked professional's name. */
    async list(q: UserListQuery) {
      const { items, total } = await repo.list(
        { status: q.status, role: q.role, search: q.search || undefined, professionalId: q.professional_id },
        pageWindow(q),
      );
      return pageOf(items.map((row) => toUserDto(row)), total, q);
    },

    /** One user with its administrative history, newest first. */
    async get(id: string): Promise<User> {
      const row = await repo.findDetailedById(id);
      if (!row) throw AppError.notFound("Usuário não encontrado");
      const actions: AdminAction[] = (await repo.listAdminActions(id)).map((a) => ({
        id: a.id,
        action: a.action,
        performed_by: a.performerEmail ?? a.performedByEmail,
        performed_at: a.performedAt.toISOString(),
        reason: a.reason,
        details: (a.details as Record<string, unknown> | null) ?? null,
      }));
      return toUserDto(row, actions);
    },
  };
}
