import { Webhook } from "lucide-react";
import { Card, CardContent } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";

/** Static placeholder of docs/product/admin.md §2.7: it makes no calls. */
export function WhatsAppWebhookPage() {
  return (
    <>
      <PageHeader title="Webhook do WhatsApp" />
      <Card className="animate-fade-in-up max-w-xl">
        <CardContent className="flex items-center gap-4">
          <span className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-emerald-50 text-emerald-600 ring-1 ring-emerald-100">
            <Webhook aria-hidden className="size-6" />
          </span>
          <p className="flex items-center gap-2.5 font-medium text-slate-800">
            <span aria-hidden className="size-2 rounded-full bg-emerald-500 ring-4 ring-emerald-100" />
            Endereço do webhook pronto
          </p>
        </CardContent>
      </Card>
    </>
  );
}
