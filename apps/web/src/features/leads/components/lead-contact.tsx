import { Mail, Phone } from "lucide-react";
import { cn } from "@/lib/cn";
import { formatPhone } from "@/lib/format";

/** docs/product/admin.md §2.3: an email icon when the contact holds an @, a phone icon otherwise. */
export function LeadContact({ contact, className }: { contact: string; className?: string }) {
  const isEmail = contact.includes("@");
  const Icon = isEmail ? Mail : Phone;
  return (
    <span className={cn("inline-flex min-w-0 items-center gap-1.5", className)}>
      <Icon role="img" aria-label={isEmail ? "Email" : "Telefone"} className="size-3.5 shrink-0 text-slate-400" />
      <span className="min-w-0 break-all">{isEmail ? contact : formatPhone(contact)}</span>
    </span>
  );
}
