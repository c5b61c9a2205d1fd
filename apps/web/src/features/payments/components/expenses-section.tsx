import { formatCents, parseCents } from "@clinora/contracts";
import { Trash2 } from "lucide-react";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { formatDate } from "@/lib/format";
import { useAddExpense, useExpenses, useRemoveExpense } from "../api/payments";

/**
 * The livro-caixa's expenses (docs/product/payments.md §2): one month's list, a new expense (date, category, amount,
 * description) and its removal. The year's table and chart count them by month.
 */
export function ExpensesSection({ today }: { today: string }) {
  const [month, setMonth] = useState(today.slice(0, 7));
  const expenses = useExpenses(month);
  const add = useAddExpense();
  const remove = useRemoveExpense();
  const [date, setDate] = useState(today);
  const [category, setCategory] = useState("");
  const [amount, setAmount] = useState("");
  const [description, setDescription] = useState("");
  const [errors, setErrors] = useState<{ category?: string; amount?: string; date?: string }>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const cents = parseCents(amount);
    const found = {
      date: /^\d{4}-\d{2}-\d{2}$/.test(date) ? undefined : "Informe a data",
      category: category.trim() ? undefined : "Informe a categoria",
      amount: cents !== null && cents > 0 ? undefined : "Informe um valor, como 150,00",
    };
    setErrors(found);
    if (found.date || found.category || found.amount) return;
    add.mutate(
      { expense_date: date, category: category.trim(), amount_cents: cents!, description: description.trim() || null },
      { onSuccess: () => (setCategory(""), setAmount(""), setDescription(""), setMonth(date.slice(0, 7))) },
    );
  };
  const total = (expenses.data ?? []).reduce((sum, e) => sum + e.amount_cents, 0);

  return (
    <Card className="space-y-4 p-4 sm:p-6">
      <h2 className="text-lg font-semibold text-slate-900">Despesas</h2>
      <form onSubmit={submit} noValidate className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[10rem_1fr_9rem_1fr_auto] lg:items-end">
        <FormField label="Data" htmlFor="expense-date" error={errors.date}>
          <Input type="date" value={date} onChange={(e) => setDate(e.target.value)} />
        </FormField>
        <FormField label="Categoria" htmlFor="expense-category" error={errors.category}>
          <Input value={category} onChange={(e) => setCategory(e.target.value)} maxLength={80} placeholder="Aluguel, material..." />
        </FormField>
        <FormField label="Valor da despesa (R$)" htmlFor="expense-amount" error={errors.amount}>
          <Input value={amount} onChange={(e) => setAmount(e.target.value)} inputMode="decimal" placeholder="150,00" />
        </FormField>
        <FormField label="Descrição da despesa" htmlFor="expense-description">
          <Input value={description} onChange={(e) => setDescription(e.target.value)} maxLength={300} />
        </FormField>
        <Button type="submit" disabled={add.isPending}>
          Lançar despesa
        </Button>
      </form>
      <div className="flex flex-wrap items-end gap-3">
        <FormField label="Mês" htmlFor="expenses-month">
          <Input type="month" value={month} onChange={(e) => e.target.value && setMonth(e.target.value)} className="w-44" />
        </FormField>
        <p className="pb-2 text-sm text-slate-700" aria-live="polite">
          Total do mês: <strong>{formatCents(total)}</strong>
        </p>
      </div>
      {expenses.data && expenses.data.length === 0 ? <p className="text-sm text-slate-600">Nenhuma despesa neste mês.</p> : null}
      <ul aria-label="Despesas do mês" className="divide-y divide-slate-100">
        {(expenses.data ?? []).map((e) => (
          <li key={e.id} data-testid="expense-row" className="flex items-center justify-between gap-3 py-2 text-sm">
            <span className="min-w-0">
              <span className="font-medium text-slate-900">{e.category}</span> · {formatDate(e.expense_date)}
              {e.description ? ` · ${e.description}` : ""}
            </span>
            <span className="flex shrink-0 items-center gap-2">
              <span className="tabular-nums">{formatCents(e.amount_cents)}</span>
              <Button size="icon" variant="ghost" aria-label={`Remover despesa ${e.category} de ${formatDate(e.expense_date)}`} onClick={() => remove.mutate(e.id)}>
                <Trash2 aria-hidden />
              </Button>
            </span>
          </li>
        ))}
      </ul>
    </Card>
  );
}
