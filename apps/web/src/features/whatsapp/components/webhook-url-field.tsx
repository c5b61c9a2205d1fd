import { CopyButton } from "@/components/ui/copy-button";
import { Input } from "@/components/ui/input";

export interface WebhookUrlFieldProps {
  url: string;
  /** Id of the input, for its label. */
  id: string;
}

/** The central webhook URL, read-only, with a copy button (docs/product/admin.md §2.5, docs/product/assistant.md §2). */
export function WebhookUrlField({ url, id }: WebhookUrlFieldProps) {
  return (
    <div className="flex flex-col gap-2 sm:flex-row">
      <Input id={id} readOnly value={url} className="font-mono text-xs sm:text-sm" onFocus={(event) => event.currentTarget.select()} />
      <CopyButton value={url} label="Copiar" />
    </div>
  );
}
