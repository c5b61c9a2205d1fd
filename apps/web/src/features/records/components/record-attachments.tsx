import { MEDIA_MAX_BYTES, type RecordAttachment } from "@clinora/contracts";
import { Download, FileText, Image as ImageIcon, Paperclip, Trash2 } from "lucide-react";
import { useId, useRef } from "react";
import { Button } from "@/components/ui/button";
import { toast } from "@/lib/toast";
import { useAttachRecordFile, useDownloadRecordFile, useRemoveRecordFile } from "../api/records";

const sizeOf = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1).replace(".", ",")} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`);

/**
 * An entry's files (docs/product/records.md §3): PDFs and images, downloaded through the server, which logs each
 * download. On a draft (`editable`) a file can be attached or removed; a finalised entry keeps its files.
 */
export function RecordAttachments({
  entryId,
  files,
  editable,
  onChanged,
}: {
  entryId: string;
  files: RecordAttachment[];
  editable: boolean;
  /** The entry's files after an attach or a removal (the editor keeps them without reading the entry again). */
  onChanged?: (files: RecordAttachment[]) => void;
}) {
  const attach = useAttachRecordFile();
  const remove = useRemoveRecordFile();
  const download = useDownloadRecordFile();
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  if (!editable && files.length === 0) return null;
  return (
    <div className="space-y-2">
      {files.length > 0 ? (
        <ul aria-label="Arquivos da entrada" className="space-y-1.5">
          {files.map((f) => (
            <li key={f.id} className="flex flex-wrap items-center gap-2 text-sm">
              {f.content_type === "application/pdf" ? <FileText aria-hidden className="size-4 text-slate-500" /> : <ImageIcon aria-hidden className="size-4 text-slate-500" />}
              <span className="min-w-0 flex-1 break-all text-slate-800">
                {f.file_name} <span className="text-xs text-slate-500">({sizeOf(f.size_bytes)})</span>
              </span>
              <Button variant="ghost" size="sm" icon={Download} onClick={() => download.mutate({ id: entryId, file: f })} aria-label={`Baixar ${f.file_name}`}>
                Baixar
              </Button>
              {editable ? (
                <Button variant="ghost" size="sm" icon={Trash2} onClick={() => remove.mutate({ id: entryId, fileId: f.id }, { onSuccess: (entry) => onChanged?.(entry.attachments) })} aria-label={`Remover ${f.file_name}`}>
                  Remover
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {editable ? (
        <div>
          <label htmlFor={inputId} className="sr-only">
            Anexar arquivo
          </label>
          <input
            ref={input}
            id={inputId}
            type="file"
            accept="application/pdf,image/jpeg,image/png,image/webp"
            className="sr-only"
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = "";
              if (file && file.size > MEDIA_MAX_BYTES) toast.error("O arquivo pode ter até 16 MB.");
              else if (file) attach.mutate({ id: entryId, file }, { onSuccess: (entry) => onChanged?.(entry.attachments) });
            }}
          />
          <Button variant="outline" size="sm" icon={Paperclip} onClick={() => input.current?.click()} disabled={attach.isPending} aria-describedby={`${inputId}-hint`}>
            {attach.isPending ? "Anexando..." : "Anexar arquivo"}
          </Button>
          <p id={`${inputId}-hint`} className="mt-1 text-xs text-slate-600">
            PDF ou imagem (JPEG, PNG ou WebP) de até 16 MB. Fica guardado só no Clinora.
          </p>
        </div>
      ) : null}
    </div>
  );
}
