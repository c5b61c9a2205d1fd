import { MSG, type Professional } from "@clinora/contracts";
import { Building2, CalendarDays, Clock, MessageCircle, UserRound } from "lucide-react";
import { useState, type ReactNode } from "react";
import { useSearchParams } from "react-router";
import { ErrorState } from "@/components/ui/error-state";
import { LoadingState } from "@/components/ui/loading-state";
import { PageHeader } from "@/components/ui/page-header";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { BookingPageCard } from "@/features/booking-page/components/booking-page-card";
import { CalendarFeedCard } from "@/features/calendar-feed/components/calendar-feed-card";
import { GoogleCalendarPanel } from "@/features/google-calendar/components/google-calendar-panel";
import { useCalendarOAuthReturn } from "@/features/google-calendar/hooks/use-calendar-oauth-return";
import { useOwnProfile } from "@/features/professionals/api/own-profile";
import { ClinicInfoForm } from "@/features/professionals/components/clinic-info-form";
import { ConsultationSettingsForm } from "@/features/professionals/components/consultation-settings-form";
import { PersonalInfoForm } from "@/features/professionals/components/personal-info-form";
import { ReminderSettingsCard } from "@/features/reminders/components/reminder-settings-card";
import { WhatsappPanel } from "@/features/whatsapp/components/whatsapp-panel";
import { useErrorToast } from "@/hooks/use-error-toast";

type SettingsTab = "atendimento" | "pessoal" | "consultas" | "google-calendar" | "whatsapp";

const TABS: { value: SettingsTab; label: string; icon: typeof Clock }[] = [
  { value: "atendimento", label: "Atendimento", icon: Building2 },
  { value: "pessoal", label: "Pessoal", icon: UserRound },
  { value: "consultas", label: "Consultas", icon: Clock },
  { value: "google-calendar", label: "Google Calendar", icon: CalendarDays },
  { value: "whatsapp", label: "WhatsApp", icon: MessageCircle },
];

/** `?aba=consultas` opens that tab: the Painel's first steps link straight to where each is done. */
function tabOf(value: string | null): SettingsTab | null {
  return TABS.find((t) => t.value === value)?.value ?? null;
}

export function ClinicSettingsPage() {
  const returnedFromGoogle = useCalendarOAuthReturn();
  const [params] = useSearchParams();
  const [tab, setTab] = useState<SettingsTab>(returnedFromGoogle ? "google-calendar" : (tabOf(params.get("aba")) ?? "atendimento"));
  const profile = useOwnProfile();
  useErrorToast(profile.error, MSG.settingsLoadError);

  const profileTab = (render: (p: Professional) => ReactNode) =>
    profile.data ? (
      render(profile.data)
    ) : profile.error ? (
      <ErrorState message={MSG.settingsLoadRetry} onRetry={() => void profile.refetch()} retrying={profile.isFetching} />
    ) : (
      <LoadingState text="Carregando configurações..." />
    );

  return (
    <>
      <PageHeader title="Configurações" description="Consultório, dados pessoais, agenda e integrações." />
      <Tabs value={tab} onValueChange={(value) => setTab(value as SettingsTab)}>
        <TabsList aria-label="Seções das configurações">
          {TABS.map(({ value, label, icon: Icon }) => (
            <TabsTrigger key={value} value={value}>
              <Icon aria-hidden />
              {label}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="atendimento">{profileTab((p) => <ClinicInfoForm profile={p} />)}</TabsContent>
        <TabsContent value="pessoal">{profileTab((p) => <PersonalInfoForm profile={p} />)}</TabsContent>
        <TabsContent value="consultas" className="space-y-6">
          {profileTab((p) => <ConsultationSettingsForm profile={p} />)}
          <BookingPageCard clinicName={profile.data?.clinic_name ?? null} />
          <ReminderSettingsCard />
        </TabsContent>
        <TabsContent value="google-calendar">
          <GoogleCalendarPanel />
          <CalendarFeedCard />
        </TabsContent>
        <TabsContent value="whatsapp">
          <WhatsappPanel />
        </TabsContent>
      </Tabs>
    </>
  );
}
