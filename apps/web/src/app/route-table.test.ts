import { describe, expect, it } from "vitest";
import { pagePath } from "@/lib/page-paths";
import {
  activeMenuPage,
  canAccessPage,
  defaultPathForRole,
  findPageByPath,
  isLoginPath,
  menuForRole,
  PAGES,
} from "./route-table";

describe("route table", () => {
  it("sends each role to its default page", () => {
    expect(defaultPathForRole("admin")).toBe("/admin");
    expect(defaultPathForRole("professional")).toBe("/painel");
  });

  it("lists each role's menu in the spec's order and nothing of the other role", () => {
    expect(menuForRole("admin").map((page) => page.menu.label)).toEqual([
      "Painel",
      "Profissionais",
      "Leads",
      "Sistema",
      "WhatsApp",
    ]);
    expect(menuForRole("professional").map((page) => page.menu.label)).toEqual([
      "Painel",
      "Compromissos",
      "Pacientes",
      "Conversas",
      "Tarefas",
      "Financeiro",
      "Configurações",
    ]);
  });

  it("has one path per page", () => {
    const paths = PAGES.map((page) => page.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect(pagePath("SuperAdminUserDetails")).toBe("/admin/usuario");
  });

  it("finds pages the way the router matches them", () => {
    expect(findPageByPath("/admin")?.name).toBe("SuperAdmin");
    expect(findPageByPath("/admin/leads/")?.name).toBe("SuperAdminLeads");
    expect(findPageByPath("/Compromissos")?.name).toBe("ProfessionalAppointments");
    expect(findPageByPath("/admin/whatsapp/webhook")?.name).toBe("WhatsAppWebhook");
    expect(findPageByPath("/nao-existe")).toBeUndefined();
  });

  it("allows a page only to its roles", () => {
    const leads = findPageByPath("/admin/leads")!;
    expect(canAccessPage(leads, "admin")).toBe(true);
    expect(canAccessPage(leads, "professional")).toBe(false);
  });

  it("highlights the parent entry for pages without a menu entry", () => {
    expect(activeMenuPage("/admin/usuario")).toBe("SuperAdminUsers");
    expect(activeMenuPage("/configuracoes/assistente")).toBe("ClinicSettings");
    expect(activeMenuPage("/tarefas")).toBe("ProfessionalTasks");
  });

  it("recognises the login paths", () => {
    expect(isLoginPath("/")).toBe(true);
    expect(isLoginPath("/login")).toBe(true);
    expect(isLoginPath("/painel")).toBe(false);
  });
});
