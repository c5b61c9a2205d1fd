import { MESSAGE_STATUS_LABELS, type ConversationMessage } from "@clinora/contracts";
import { Check, CheckCheck, CircleAlert } from "lucide-react";
import type { Ref } from "react";
import { cn } from "@/lib/cn";
import { formatDateTimeLong } from "@/lib/format";
import { messageStatusOf } from "../utils/conversation-display";

export interface MessageThreadProps {
  messages: ConversationMessage[];
  /** An element after the last message, scrolled into view when the thread opens. */
  endRef: Ref<HTMLDivElement>;
}

/** Patient's messages on the left, the clinic's on the right with their delivery status (spec part 2 §4). */
export function MessageThread({ messages, endRef }: MessageThreadProps) {
  return (
    <div>
      {messages.length === 0 ? (
        <p className="py-10 text-center text-sm text-slate-500">Nenhuma mensagem nesta conversa.</p>
      ) : (
        <ol className="space-y-3" aria-label="Mensagens">
          {messages.map((message) => (
            <MessageBubble key={message.id} message={message} />
          ))}
        </ol>
      )}
      <div ref={endRef} />
    </div>
  );
}

const STATUS_ICON = { sent: Check, delivered: CheckCheck, read: CheckCheck, failed: CircleAlert } as const;

function MessageBubble({ message }: { message: ConversationMessage }) {
  const outbound = message.direction === "outbound";
  const status = outbound ? messageStatusOf(message.status) : null;
  const StatusIcon = status ? STATUS_ICON[status] : null;

  return (
    <li className={cn("flex", outbound ? "justify-end" : "justify-start")}>
      <div className={cn("max-w-[85%] sm:max-w-[75%]", outbound && "items-end text-right")}>
        <p className="sr-only">{outbound ? "Clínica:" : "Paciente:"}</p>
        <div
          className={cn(
            "rounded-2xl px-3.5 py-2 text-left text-sm leading-relaxed whitespace-pre-wrap break-words",
            outbound ? "rounded-br-md bg-brand-600 text-white" : "rounded-bl-md bg-slate-100 text-slate-800",
            status === "failed" && "bg-red-50 text-red-900 ring-1 ring-red-200",
          )}
        >
          {message.content || <span className="italic opacity-70">Mensagem sem conteúdo</span>}
        </div>
        <p className={cn("mt-1 flex items-center gap-1.5 text-xs text-slate-500", outbound && "justify-end")}>
          <time dateTime={message.sent_at}>{formatDateTimeLong(message.sent_at)}</time>
          {status && StatusIcon ? (
            <span
              className={cn(
                "inline-flex items-center gap-0.5 font-medium",
                status === "failed" ? "text-red-600" : status === "read" ? "text-brand-700" : "text-slate-500",
              )}
            >
              <StatusIcon aria-hidden className="size-3.5" />
              {MESSAGE_STATUS_LABELS[status]}
            </span>
          ) : null}
        </p>
      </div>
    </li>
  );
}
