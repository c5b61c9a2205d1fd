import { pagePath } from "@/lib/page-paths";

/** Sistema, whose default tab is the users list. */
export const usersPagePath = () => pagePath("SuperAdminUsers");

/** SuperAdminUserDetails reads the user from the `userId` query parameter (docs/product/admin.md §2.6). */
export const userDetailsPath = (userId: string) => `${pagePath("SuperAdminUserDetails")}?userId=${encodeURIComponent(userId)}`;
