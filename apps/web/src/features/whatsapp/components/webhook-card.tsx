import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { WebhookUrlField } from "@/features/whatsapp/components/webhook-url-field";

/** docs/product/admin.md §2.5: the one URL every number's inbound events are sent to. */
export function WebhookCard({ url }: { url: string }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>URL do webhook</CardTitle>
        <CardDescription>
          Recebe do Twilio as mensagens e os status de entrega de todos os números cadastrados. Use-a como URL de
          mensagens recebidas e de status no Twilio.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-1.5">
        <Label htmlFor="twilio-webhook-url">Webhook central</Label>
        <WebhookUrlField id="twilio-webhook-url" url={url} />
      </CardContent>
    </Card>
  );
}
