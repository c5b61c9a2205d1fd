/**
 * Page names (docs/product/accounts-and-access.md §2.2) and their paths (§2.3 there): plain data below the
 * features, so a feature can link to another page without importing the route table that loads the features.
 * app/route-table.ts adds roles, menu entries and loaders to these names.
 */
export const PAGE_PATHS = {
  SuperAdmin: "/admin",
  SuperAdminProfessionals: "/admin/profissionais",
  SuperAdminLeads: "/admin/leads",
  SuperAdminUsers: "/admin/sistema",
  SuperAdminWhatsApp: "/admin/whatsapp",
  SuperAdminUserDetails: "/admin/usuario",
  WhatsAppWebhook: "/admin/whatsapp/webhook",
  Professional: "/painel",
  ProfessionalAppointments: "/compromissos",
  ProfessionalPatients: "/pacientes",
  ProfessionalPatientRecord: "/pacientes/prontuario",
  ProfessionalConversations: "/conversas",
  ProfessionalTasks: "/tarefas",
  ProfessionalPayments: "/financeiro",
  ClinicSettings: "/configuracoes",
  ProfessionalWhatsAppSettings: "/configuracoes/assistente",
} as const;

export type PageName = keyof typeof PAGE_PATHS;

export function pagePath(name: PageName): string {
  return PAGE_PATHS[name];
}
