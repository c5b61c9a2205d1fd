import { formatCents, parseCents, type Expense } from "@clinora/contracts";
import { Download, Paperclip, Trash2 } from "lucide-react";
import { useRef, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { formatDate } from "@/lib/format";
import { toast } from "@/lib/toast";
import { downloadExpenseFile, useAddExpense, useAttachExpenseFile, useExpenses, useRemoveExpense } from "../api/payments";

/** The file types an expense accepts, as the server checks them (PDF, JPEG, PNG, WebP up to 16 MB). */
const ACCEPTED_FILES = "application/pdf,image/jpeg,image/png,image/webp";

/** One expense: its figures, its file (download, or attach/replace one) and its removal. */
function ExpenseRow({ expense: e, onRemove }: { expense: Expense; onRemove: () => void }) {
  const attach = useAttachExpenseFile();
  const input = useRef<HTMLInputElement>(null);
  const label = `${e.category} de ${formatDate(e.expense_date)}`;
  return (
    <li data-testid="expense-row" className="flex flex-wrap items-center justify-between gap-3 py-2 text-sm">
      <span className="min-w-0">
        <span className="font-medium text-slate-900">{e.category}</span> · {formatDate(e.expense_date)}
        {e.description ? ` · ${e.description}` : ""}
      </span>
      <span className="flex shrink-0 flex-wrap items-center gap-2">
        <span className="tabular-nums">{formatCents(e.amount_cents)}</span>
        {e.file ? (
          <Button
            size="sm"
            variant="outline"
            aria-label={`Baixar ${e.file.name}, arquivo da despesa ${label}`}
            onClick={() => downloadExpenseFile(e).catch(() => toast.error("Erro ao baixar o arquivo"))}
          >
            <Download aria-hidden />
            <span className="max-w-40 truncate">{e.file.name}</span>
          </Button>
        ) : null}
        <input
          ref={input}
          type="file"
          accept={ACCEPTED_FILES}
          className="sr-only"
          tabIndex={-1}
          aria-hidden
          data-testid="expense-file-input"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = "";
            if (file) attach.mutate({ id: e.id, file });
          }}
        />
        <Button size="sm" variant="ghost" disabled={attach.isPending} aria-label={`${e.file ? "Trocar" : "Anexar"} arquivo da despesa ${label}`} onClick={() => input.current?.click()}>
          <Paperclip aria-hidden />
          {e.file ? "Trocar arquivo" : "Anexar arquivo"}
        </Button>
        <Button size="icon" variant="ghost" aria-label={`Remover despesa ${label}`} onClick={onRemove}>
          <Trash2 aria-hidden />
        </Button>
      </span>
    </li>
  );
}

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
          <ExpenseRow key={e.id} expense={e} onRemove={() => remove.mutate(e.id)} />
        ))}
      </ul>
    </Card>
  );
}
