import type { Role } from "@clinora/contracts";
import {
  CalendarDays,
  LayoutDashboard,
  ListTodo,
  MessageCircle,
  MessagesSquare,
  ServerCog,
  Settings,
  Stethoscope,
  Target,
  Users,
  Wallet,
  type LucideIcon,
} from "lucide-react";
import type { ComponentType } from "react";
import { matchPath } from "react-router";
import { type PageName, PAGE_PATHS, pagePath } from "@/lib/page-paths";

export interface PageMenu {
  label: string;
  icon: LucideIcon;
}

export interface PageDefinition {
  name: PageName;
  /** From lib/page-paths.ts. */
  path: string;
  roles: readonly Role[];
  /** Sidebar entry, or null for pages reached from other pages. */
  menu: PageMenu | null;
  /** For a page without a menu entry: the entry highlighted while it is open. */
  menuParent?: PageName;
  /** Loaded on first visit, so each page is its own bundle. */
  load: () => Promise<ComponentType>;
}

type PageTable = { [Name in PageName]: Omit<PageDefinition, "name" | "path"> };

/** Every page of the app, in menu order. The router, the menu and the role checks all read this table. */
const PAGE_TABLE: PageTable = {
  SuperAdmin: {
    roles: ["admin"],
    menu: { label: "Painel", icon: LayoutDashboard },
    load: () => import("./routes/admin-dashboard").then((m) => m.AdminDashboardPage),
  },
  SuperAdminProfessionals: {
    roles: ["admin"],
    menu: { label: "Profissionais", icon: Stethoscope },
    load: () =>
      import("./routes/professionals").then((m) => m.AdminProfessionalsPage),
  },
  SuperAdminLeads: {
    roles: ["admin"],
    menu: { label: "Leads", icon: Target },
    load: () => import("./routes/leads").then((m) => m.LeadsPage),
  },
  SuperAdminUsers: {
    roles: ["admin"],
    menu: { label: "Sistema", icon: ServerCog },
    load: () => import("./routes/users").then((m) => m.UsersPage),
  },
  SuperAdminWhatsApp: {
    roles: ["admin"],
    menu: { label: "WhatsApp", icon: MessageCircle },
    load: () => import("./routes/whatsapp-numbers").then((m) => m.WhatsAppAdminPage),
  },
  SuperAdminUserDetails: {
    roles: ["admin"],
    menu: null,
    menuParent: "SuperAdminUsers",
    load: () => import("./routes/user-details").then((m) => m.UserDetailsPage),
  },
  WhatsAppWebhook: {
    roles: ["admin"],
    menu: null,
    menuParent: "SuperAdminWhatsApp",
    load: () => import("./routes/whatsapp-webhook").then((m) => m.WhatsAppWebhookPage),
  },
  Professional: {
    roles: ["professional"],
    menu: { label: "Painel", icon: LayoutDashboard },
    load: () =>
      import("./routes/professional-dashboard").then(
        (m) => m.ProfessionalDashboardPage,
      ),
  },
  ProfessionalAppointments: {
    roles: ["professional"],
    menu: { label: "Compromissos", icon: CalendarDays },
    load: () => import("./routes/appointments").then((m) => m.AppointmentsPage),
  },
  ProfessionalPatients: {
    roles: ["professional"],
    menu: { label: "Pacientes", icon: Users },
    load: () => import("./routes/patients").then((m) => m.PatientsPage),
  },
  ProfessionalPatientRecord: {
    roles: ["professional"],
    menu: null,
    menuParent: "ProfessionalPatients",
    load: () => import("./routes/patient-record").then((m) => m.PatientRecordPage),
  },
  ProfessionalConversations: {
    roles: ["professional"],
    menu: { label: "Conversas", icon: MessagesSquare },
    load: () => import("./routes/conversations").then((m) => m.ConversationsPage),
  },
  ProfessionalTasks: {
    roles: ["professional"],
    menu: { label: "Tarefas", icon: ListTodo },
    load: () => import("./routes/tasks").then((m) => m.TasksPage),
  },
  ProfessionalPayments: {
    roles: ["professional"],
    menu: { label: "Financeiro", icon: Wallet },
    load: () => import("./routes/payments").then((m) => m.PaymentsPage),
  },
  ClinicSettings: {
    roles: ["professional"],
    menu: { label: "Configurações", icon: Settings },
    load: () => import("./routes/clinic-settings").then((m) => m.ClinicSettingsPage),
  },
  ProfessionalWhatsAppSettings: {
    roles: ["professional"],
    menu: null,
    menuParent: "ClinicSettings",
    load: () => import("./routes/assistant-settings").then((m) => m.AssistantSettingsPage),
  },
};

export const PAGES: readonly PageDefinition[] = (Object.keys(PAGE_TABLE) as PageName[]).map((name) => ({
  name,
  path: PAGE_PATHS[name],
  ...PAGE_TABLE[name],
}));

/** Where each role lands after login and when it opens a page it may not use (docs/product/accounts-and-access.md §2.2, §4). */
const ROLE_DEFAULT_PAGE: Record<Role, PageName> = {
  admin: "SuperAdmin",
  professional: "Professional",
};

/** Paths that show the login screen (docs/product/accounts-and-access.md §2.1). */
export const LOGIN_PATHS = ["/", "/login"] as const;

export function defaultPathForRole(role: Role): string {
  return pagePath(ROLE_DEFAULT_PAGE[role]);
}

export function isLoginPath(pathname: string): boolean {
  return LOGIN_PATHS.some((path) => matchPath(path, pathname) !== null);
}

/** The page shown at a path, matched the way the router matches (case-insensitive, trailing slash ignored). */
export function findPageByPath(pathname: string): PageDefinition | undefined {
  return PAGES.find((page) => matchPath(page.path, pathname) !== null);
}

export function canAccessPage(page: PageDefinition, role: Role): boolean {
  return page.roles.includes(role);
}

export type MenuPage = PageDefinition & { menu: PageMenu };

/** Menu entries of a role, in table order. */
export function menuForRole(role: Role): MenuPage[] {
  return PAGES.filter((page): page is MenuPage => page.menu !== null && canAccessPage(page, role));
}

/** The menu entry to highlight for a path: the page's own, or its `menuParent`'s. */
export function activeMenuPage(pathname: string): PageName | undefined {
  const page = findPageByPath(pathname);
  return page ? (page.menuParent ?? page.name) : undefined;
}
