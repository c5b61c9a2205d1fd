import { Bot, Users } from "lucide-react";
import { useSearchParams } from "react-router";
import { PageHeader } from "@/components/ui/page-header";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { AiSettingsTab } from "@/features/assistant/components/ai-settings-tab";
import { useCurrentUser } from "@/features/auth/hooks/use-current-user";
import { ProfessionalLinkField } from "@/features/professionals/components/professional-link-field";
import { FillProfessionalLinkField } from "@/features/users/components/professional-link-field-slot";
import { UsersTab } from "@/features/users/components/users-tab";

const TABS = ["users", "ai-settings"] as const;
type Tab = (typeof TABS)[number];
const isTab = (value: string | null): value is Tab => TABS.includes(value as Tab);

/** SuperAdminUsers, 'Sistema': users (default) and 'Configurações de IA' (docs/product/admin.md §2.4). The tab lives in `?tab=`. */
export function UsersPage() {
  const currentUser = useCurrentUser();
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get("tab");
  const tab: Tab = isTab(requested) ? requested : "users";

  const selectTab = (next: string) =>
    setSearchParams(
      (params) => {
        if (next === "users") params.delete("tab");
        else params.set("tab", next);
        return params;
      },
      { replace: true },
    );

  return (
    <>
      <PageHeader title="Sistema" description="Contas de usuário e configurações globais do assistente de IA" />
      <Tabs value={tab} onValueChange={selectTab}>
        <TabsList aria-label="Seções do sistema">
          <TabsTrigger value="users">
            <Users aria-hidden />
            Usuários
          </TabsTrigger>
          <TabsTrigger value="ai-settings">
            <Bot aria-hidden />
            Configurações de IA
          </TabsTrigger>
        </TabsList>
        <TabsContent value="users" className="mt-6">
          <FillProfessionalLinkField component={ProfessionalLinkField}>
            <UsersTab currentUserId={currentUser.id} />
          </FillProfessionalLinkField>
        </TabsContent>
        <TabsContent value="ai-settings" className="mt-6">
          <AiSettingsTab />
        </TabsContent>
      </Tabs>
    </>
  );
}
