import { DEFAULT_TIME_ZONE } from "@clinora/contracts";
import { todayIn } from "@clinora/contracts/zoned-time";
import { PageHeader } from "@/components/ui/page-header";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { useCurrentUser } from "@/features/auth/hooks/use-current-user";
import { ChargesSection } from "@/features/payments/components/charges-section";
import { ExpensesSection } from "@/features/payments/components/expenses-section";
import { LedgerSection } from "@/features/payments/components/ledger-section";
import { PaymentProviderSection } from "@/features/payments/components/payment-provider-section";
import { PaymentSettingsSection } from "@/features/payments/components/payment-settings-section";
import { PaymentSummaryCards } from "@/features/payments/components/payment-summary-cards";
import { ReceiptsSection } from "@/features/payments/components/receipts-section";

/** Financeiro: charges and Pix, the Receita Saúde queue, the livro-caixa, and the payment settings with the Mercado Pago connection. */
export function PaymentsPage() {
  const { professional } = useCurrentUser();
  const today = todayIn(professional?.timezone ?? DEFAULT_TIME_ZONE, new Date());
  const year = Number(today.slice(0, 4));
  return (
    <div className="space-y-6">
      <PageHeader title="Financeiro" description="Cobranças, recibos do Receita Saúde e livro-caixa" />
      <PaymentSummaryCards />
      <Tabs defaultValue="charges">
        <TabsList>
          <TabsTrigger value="charges">Cobranças</TabsTrigger>
          <TabsTrigger value="receipts">Recibos</TabsTrigger>
          <TabsTrigger value="ledger">Livro-caixa</TabsTrigger>
          <TabsTrigger value="settings">Configurar</TabsTrigger>
        </TabsList>
        <TabsContent value="charges">
          <ChargesSection />
        </TabsContent>
        <TabsContent value="receipts">
          <ReceiptsSection />
        </TabsContent>
        <TabsContent value="ledger">
          <div className="space-y-6">
            <LedgerSection year={year} />
            <ExpensesSection today={today} />
          </div>
        </TabsContent>
        <TabsContent value="settings">
          <div className="space-y-6">
            <PaymentSettingsSection />
            <PaymentProviderSection />
          </div>
        </TabsContent>
      </Tabs>
    </div>
  );
}
