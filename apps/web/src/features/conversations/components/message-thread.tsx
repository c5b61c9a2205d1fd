import {
  explainTwilioError,
  MESSAGE_SENDER_LABELS,
  MESSAGE_STATUS_LABELS,
  type ConversationMessage,
  type MessageSender,
  type MessageStatus,
} from "@clinora/contracts";
import { Bot, Check, CheckCheck, CircleAlert, Clock, RotateCw, UserRound, type LucideIcon } from "lucide-react";
import type { Ref } from "react";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import { formatDateTimeLong } from "@/lib/format";
import { messageSenderOf, messageStatusOf } from "../lib/conversation-display";
import { mediaDisplayName } from "../lib/media-display";
import { MessageMediaList } from "./message-media";

export interface MessageThreadProps {
  messages: ConversationMessage[];
  /** An element after the last message, scrolled into view when the thread opens. */
  endRef: Ref<HTMLDivElement>;
  /** Reenviar a failed message; without it failed messages show no button. */
  onResend?: (messageId: string) => void;
  /** The message being resent now: its button waits. */
  resendingId?: string | null;
  /** "Dispensar aviso" on a failed message whose mark stands; without it no such button. */
  onDismissFailure?: (messageId: string) => void;
  dismissingId?: string | null;
}

/**
 * Patient's messages on the left; the clinic's on the right with who wrote them (the assistant or the
 * professional) and their delivery status (docs/product/conversations-and-whatsapp.md §4), a failed one with the reason.
 */
export function MessageThread({ messages, endRef, onResend, resendingId = null, onDismissFailure, dismissingId = null }: MessageThreadProps) {
  return (
    <div>
      {messages.length === 0 ? (
        <p className="py-10 text-center text-sm text-slate-500">Nenhuma mensagem nesta conversa.</p>
      ) : (
        <ol className="space-y-3" aria-label="Mensagens">
          {messages.map((message) => (
            <MessageBubble
              key={message.id}
              message={message}
              onResend={onResend}
              resending={resendingId === message.id}
              onDismissFailure={onDismissFailure}
              dismissing={dismissingId === message.id}
            />
          ))}
        </ol>
      )}
      <div ref={endRef} />
    </div>
  );
}

const STATUS_LOOK: Record<MessageStatus, { tone: BadgeTone; icon: LucideIcon }> = {
  queued: { tone: "neutral", icon: Clock },
  sent: { tone: "info", icon: Check },
  delivered: { tone: "success", icon: CheckCheck },
  read: { tone: "brand", icon: CheckCheck },
  failed: { tone: "danger", icon: CircleAlert },
};

const SENDER_ICON: Record<Exclude<MessageSender, "patient">, LucideIcon> = { assistant: Bot, professional: UserRound };

function MessageStatusBadge({ status }: { status: MessageStatus }) {
  const { tone, icon: Icon } = STATUS_LOOK[status];
  return (
    <Badge tone={tone} className="px-2">
      <Icon aria-hidden />
      {MESSAGE_STATUS_LABELS[status]}
    </Badge>
  );
}

function MessageBubble({
  message,
  onResend,
  resending,
  onDismissFailure,
  dismissing,
}: {
  message: ConversationMessage;
  onResend?: (messageId: string) => void;
  resending: boolean;
  onDismissFailure?: (messageId: string) => void;
  dismissing: boolean;
}) {
  const outbound = message.direction === "outbound";
  const status = outbound ? messageStatusOf(message.status) : null;
  const sender = messageSenderOf(message);
  const SenderIcon = sender && sender !== "patient" ? SENDER_ICON[sender] : null;
  const failed = status === "failed";
  const failure = failed ? (message.error_message ?? explainTwilioError(message.error_code)) : null;
  // A server older than these fields: resend as before, nothing dismissed.
  const resendable = failed && (message.resendable ?? true);
  const dismissed = message.failure_dismissed ?? false;
  // A server older than media sends no list.
  const media = message.media ?? [];

  return (
    <li className={cn("flex", outbound ? "justify-end" : "justify-start")}>
      <div className={cn("flex max-w-[85%] flex-col sm:max-w-[75%]", outbound ? "items-end" : "items-start")}>
        {outbound && sender && SenderIcon ? (
          <p className="mb-1 flex items-center gap-1 text-xs font-medium text-slate-600">
            <SenderIcon aria-hidden className={cn("size-3.5", sender === "assistant" ? "text-violet-600" : "text-brand-700")} />
            {MESSAGE_SENDER_LABELS[sender]}
            <span className="sr-only">:</span>
          </p>
        ) : (
          <p className="sr-only">{outbound ? "Clínica:" : `${MESSAGE_SENDER_LABELS.patient}:`}</p>
        )}
        {media.length > 0 ? <MessageMediaList media={media} outbound={outbound} /> : null}
        {message.content || media.length === 0 ? (
          <div
            className={cn(
              "rounded-2xl px-3.5 py-2 text-left text-sm leading-relaxed whitespace-pre-wrap break-words",
              media.length > 0 && "mt-1.5",
              outbound ? "rounded-br-md" : "rounded-bl-md bg-slate-100 text-slate-800",
              outbound && (sender === "assistant" ? "bg-brand-50 text-brand-950 ring-1 ring-brand-200" : "bg-brand-600 text-white"),
              failed && "bg-red-50 text-red-900 ring-1 ring-red-200",
            )}
          >
            {message.content || <span className="italic opacity-70">Mensagem sem conteúdo</span>}
          </div>
        ) : null}
        <p className={cn("mt-1 flex flex-wrap items-center gap-1.5 text-xs text-slate-500", outbound && "justify-end")}>
          <time dateTime={message.sent_at}>{formatDateTimeLong(message.sent_at)}</time>
          {status ? <MessageStatusBadge status={status} /> : null}
        </p>
        {failure ? (
          <p className="mt-1 flex items-start gap-1.5 text-left text-xs font-medium text-red-700">
            <CircleAlert aria-hidden className="mt-px size-3.5 shrink-0" />
            <span>
              <span className="sr-only">Motivo da falha: </span>
              {failure}
            </span>
          </p>
        ) : null}
        {failed && ((resendable && onResend) || (!dismissed && onDismissFailure)) ? (
          <span className={cn("mt-1.5 flex flex-wrap gap-2", outbound && "justify-end")}>
            {resendable && onResend ? (
              <Button
                variant="outline"
                size="sm"
                disabled={resending}
                aria-label={`Reenviar a mensagem: ${(message.content || media.map((m) => mediaDisplayName(m)).join(", ")).slice(0, 60)}`}
                onClick={() => onResend(message.id)}
              >
                <RotateCw aria-hidden className={cn(resending && "animate-spin")} />
                {resending ? "Reenviando..." : "Reenviar"}
              </Button>
            ) : null}
            {!dismissed && onDismissFailure ? (
              <Button variant="ghost" size="sm" disabled={dismissing} onClick={() => onDismissFailure(message.id)}>
                {dismissing ? "Dispensando..." : "Dispensar aviso"}
              </Button>
            ) : null}
          </span>
        ) : null}
      </div>
    </li>
  );
}
