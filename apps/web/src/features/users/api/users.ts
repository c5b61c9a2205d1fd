import type { ListResponse, Role, User, UserProfessionalOverview, UserStats, UserStatus } from "@clinora/contracts";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** docs/product/admin.md §9: selection lists of users load 100. */
export const USERS_PER_PAGE = 100;

export interface UserListParams {
  page: number;
  search?: string;
  status?: UserStatus;
  role?: Role;
}

export type UserList = ListResponse<User>;

export const userKeys = {
  all: ["users"] as const,
  list: (params: UserListParams) => ["users", "list", params] as const,
  stats: () => ["users", "stats"] as const,
  detail: (id: string) => ["users", "detail", id] as const,
  professionalOverview: (id: string) => ["users", "professional-overview", id] as const,
};

export function fetchUsers(params: UserListParams, signal?: AbortSignal) {
  return api.get<UserList>("/users", { query: { ...params, per_page: USERS_PER_PAGE }, signal });
}

export function usersQueryOptions(params: UserListParams) {
  return queryOptions({
    queryKey: userKeys.list(params),
    queryFn: ({ signal }) => fetchUsers(params, signal),
    placeholderData: keepPreviousData,
  });
}

export const useUsers = (params: UserListParams) => useQuery(usersQueryOptions(params));

export function fetchUserStats(signal?: AbortSignal) {
  return api.get<UserStats>("/users/stats", { signal });
}

export function userStatsQueryOptions() {
  return queryOptions({ queryKey: userKeys.stats(), queryFn: ({ signal }) => fetchUserStats(signal) });
}

export const useUserStats = () => useQuery(userStatsQueryOptions());

export function fetchUser(id: string, signal?: AbortSignal) {
  return api.get<User>(`/users/${id}`, { signal });
}

export function userQueryOptions(id: string) {
  return queryOptions({ queryKey: userKeys.detail(id), queryFn: ({ signal }) => fetchUser(id, signal) });
}

export const useUser = (id: string) => useQuery(userQueryOptions(id));

/** The linked professional with its patients, appointments, tasks and conversations counted, in one call. */
export function fetchUserProfessionalOverview(id: string, signal?: AbortSignal) {
  return api.get<UserProfessionalOverview>(`/users/${id}/professional-overview`, { signal });
}

export function userProfessionalOverviewQueryOptions(id: string) {
  return queryOptions({
    queryKey: userKeys.professionalOverview(id),
    queryFn: ({ signal }) => fetchUserProfessionalOverview(id, signal),
  });
}

export const useUserProfessionalOverview = (id: string) => useQuery(userProfessionalOverviewQueryOptions(id));
