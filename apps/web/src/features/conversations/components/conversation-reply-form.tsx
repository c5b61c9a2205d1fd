import {
  conversationReplySchema,
  ATTACHMENT_CAPTION_MAX_LENGTH,
  MESSAGE_MAX_LENGTH,
  MSG,
  REPLY_BLOCKED_MESSAGES,
  type ConversationDetail,
  type ConversationReply,
} from "@clinora/contracts";
import { zodResolver } from "@hookform/resolvers/zod";
import { CircleAlert, Clock, FileText, ImageIcon, Paperclip, X } from "lucide-react";
import { useRef, useState, type ChangeEvent } from "react";
import { useForm, useWatch } from "react-hook-form";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { MessageComposer } from "@/components/ui/message-composer";
import { cn } from "@/lib/cn";
import { useSendConversationAttachment, useSendConversationReply } from "../api/conversations";
import { useNow } from "../hooks/use-now";
import { formatWindowLeft, isReplyWindowOpen, minutesUntil, REPLY_WINDOW_WARNING_MINUTES } from "../lib/conversation-display";
import { formatFileSize, OUTBOUND_ACCEPT, outboundFileProblem } from "../lib/media-display";

/** The time left is shown in minutes: a tick every 15 s keeps it within a minute of the truth. */
const WINDOW_TICK_MS = 15_000;

export interface ConversationReplyFormProps {
  conversation: Pick<ConversationDetail, "id" | "reply_window" | "channel">;
}

/**
 * The professional's answer under the thread. On WhatsApp free text is allowed only within 24 hours of the
 * patient's last message: the box shows the time left and, once the window is closed, is disabled with the
 * reason; it never sends what WhatsApp would refuse. Validated with the server's schema.
 *
 * On WhatsApp the professional may also attach an image or a PDF: it is checked here (type, size, not empty)
 * before any upload, the text in the box goes with it as its caption, and the upload shows its progress and can
 * be cancelled.
 */
export function ConversationReplyForm({ conversation }: ConversationReplyFormProps) {
  const now = useNow(WINDOW_TICK_MS);
  const send = useSendConversationReply(conversation.id);
  const sendFile = useSendConversationAttachment(conversation.id);
  const form = useForm<ConversationReply>({
    resolver: zodResolver(conversationReplySchema),
    defaultValues: { content: "" },
  });
  const content = useWatch({ control: form.control, name: "content" }) ?? "";
  const fileInput = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [progress, setProgress] = useState(0);
  const upload = useRef<AbortController | null>(null);

  const { reply_window: replyWindow } = conversation;
  const open = isReplyWindowOpen(replyWindow, now);
  const timeLeft = open ? formatWindowLeft(replyWindow.closes_at, now) : null;
  const closingSoon = (minutesUntil(replyWindow.closes_at, now) ?? Infinity) < REPLY_WINDOW_WARNING_MINUTES;
  const canAttach = conversation.channel === "whatsapp";
  const busy = send.isPending || sendFile.isPending;

  const pickFile = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = event.target.files?.[0] ?? null;
    // The same file chosen again after removing it must fire a change too.
    event.target.value = "";
    if (!picked) return;
    const problem = outboundFileProblem(picked);
    setFileError(problem);
    setFile(problem ? null : picked);
    if (!problem) form.clearErrors("content");
  };

  const removeFile = () => {
    setFile(null);
    setFileError(null);
    form.setFocus("content");
  };

  const submitText = form.handleSubmit(async (input) => {
    try {
      await send.mutateAsync(input);
      form.reset({ content: "" });
      form.setFocus("content");
    } catch {
      // Toasted by the mutation; what was typed stays for another try.
    }
  });

  const submitFile = async (picked: File) => {
    if (content.trim().length > ATTACHMENT_CAPTION_MAX_LENGTH) {
      form.setError("content", { message: MSG.attachmentCaptionTooLong(ATTACHMENT_CAPTION_MAX_LENGTH) });
      return;
    }
    const controller = new AbortController();
    upload.current = controller;
    setProgress(0);
    try {
      await sendFile.mutateAsync({ file: picked, caption: content, onProgress: setProgress, signal: controller.signal });
      setFile(null);
      form.reset({ content: "" });
      form.setFocus("content");
    } catch {
      // Toasted by the mutation (or cancelled); the file and the caption stay for another try.
    } finally {
      upload.current = null;
    }
  };

  return (
    <form
      noValidate
      aria-label="Responder ao paciente"
      onSubmit={(event) => {
        if (file) {
          event.preventDefault();
          void submitFile(file);
        } else {
          void submitText(event);
        }
      }}
      className="shrink-0 space-y-2 border-t border-slate-100 px-5 py-3 sm:px-6"
    >
      {!open ? (
        <Alert tone="warning" title="Não é possível responder agora">
          {REPLY_BLOCKED_MESSAGES[replyWindow.reason ?? "window_closed"]}
        </Alert>
      ) : timeLeft ? (
        <p className={cn("flex items-center gap-1.5 text-xs font-medium", closingSoon ? "text-amber-700" : "text-slate-600")}>
          <Clock aria-hidden className="size-3.5 shrink-0" />
          Janela do WhatsApp: {timeLeft} restantes
        </p>
      ) : null}
      {fileError ? (
        <p role="alert" className="flex items-start gap-1.5 text-xs font-medium text-red-600">
          <CircleAlert aria-hidden className="mt-px size-3.5 shrink-0" />
          <span>{fileError}</span>
        </p>
      ) : null}
      {file && open ? (
        <AttachedFile
          file={file}
          uploading={sendFile.isPending}
          progress={progress}
          onRemove={removeFile}
          onCancel={() => upload.current?.abort()}
        />
      ) : null}
      <MessageComposer
        id="conversation-reply"
        label="Sua resposta"
        placeholder={!open ? "Resposta indisponível" : file ? "Legenda (opcional)..." : "Escreva sua resposta..."}
        length={content.length}
        limit={MESSAGE_MAX_LENGTH}
        error={form.formState.errors.content?.message}
        busy={busy}
        busyLabel={sendFile.isPending ? "Enviando arquivo..." : undefined}
        disabled={!open}
        accessory={
          canAttach ? (
            <>
              <input
                ref={fileInput}
                type="file"
                accept={OUTBOUND_ACCEPT}
                hidden
                onChange={pickFile}
              />
              <Button
                type="button"
                variant="outline"
                size="icon"
                aria-label="Anexar arquivo (imagem ou PDF, até 16 MB)"
                title="Anexar imagem ou PDF"
                disabled={!open || busy}
                onClick={() => fileInput.current?.click()}
                className="shrink-0"
              >
                <Paperclip aria-hidden className="size-4" />
              </Button>
            </>
          ) : null
        }
        {...form.register("content")}
      />
    </form>
  );
}

/** The file about to go with the reply: its name and size, a remove button, and the upload's progress. */
function AttachedFile({
  file,
  uploading,
  progress,
  onRemove,
  onCancel,
}: {
  file: File;
  uploading: boolean;
  progress: number;
  onRemove: () => void;
  onCancel: () => void;
}) {
  const Icon = file.type === "application/pdf" ? FileText : ImageIcon;
  const percent = Math.round(progress * 100);
  return (
    <div className="flex items-center gap-3 rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 text-sm">
      <Icon aria-hidden className="size-5 shrink-0 text-brand-700" />
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium text-slate-900">
          <span className="sr-only">Arquivo anexado: </span>
          {file.name}
        </p>
        {uploading ? (
          <div className="mt-1 flex items-center gap-2">
            <div
              role="progressbar"
              aria-label={`Enviando ${file.name}`}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={percent}
              className="h-1.5 flex-1 overflow-hidden rounded-full bg-slate-200"
            >
              <div className="h-full rounded-full bg-brand-600 transition-[width]" style={{ width: `${percent}%` }} />
            </div>
            <span className="shrink-0 text-xs text-slate-600 tabular-nums">{percent}%</span>
          </div>
        ) : (
          <p className="text-xs text-slate-600">{formatFileSize(file.size)} · o texto abaixo vai como legenda</p>
        )}
      </div>
      {uploading ? (
        <Button type="button" variant="ghost" size="sm" onClick={onCancel}>
          Cancelar envio
        </Button>
      ) : (
        <Button type="button" variant="ghost" size="icon" aria-label={`Remover ${file.name}`} onClick={onRemove} className="size-8">
          <X aria-hidden className="size-4" />
        </Button>
      )}
    </div>
  );
}
