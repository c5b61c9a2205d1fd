import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { ErrorState } from "@/components/ui/error-state";
import { LoadingState } from "@/components/ui/loading-state";
import { useErrorToast } from "@/hooks/use-error-toast";
import { useAssistantSettings } from "../api/assistant-settings";
import { AssistantSettingsForm } from "./assistant-settings-form";

const LOAD_FAILED = "Não foi possível carregar as configurações. Tente novamente.";

export function AssistantSettingsCard() {
  const settings = useAssistantSettings();
  useErrorToast(settings.isError, settings.errorUpdatedAt, LOAD_FAILED);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Configurações do assistente</CardTitle>
        <CardDescription>Como o assistente virtual conversa com os seus pacientes no WhatsApp.</CardDescription>
      </CardHeader>
      <CardContent>
        {settings.isPending ? (
          <LoadingState text="Carregando configurações..." />
        ) : settings.isError ? (
          <ErrorState message={LOAD_FAILED} onRetry={() => void settings.refetch()} retrying={settings.isFetching} />
        ) : (
          <AssistantSettingsForm settings={settings.data} />
        )}
      </CardContent>
    </Card>
  );
}
