import type { Conversation } from "@clinora/contracts";
import { Clock } from "lucide-react";
import { cn } from "@/lib/cn";
import { formatDateTimeLong, formatPhone } from "@/lib/format";
import {
  contactName,
  conversationStatusOf,
  formatListTime,
  formatWaitingAge,
  isStaleWaiting,
  isUrgentOpen,
  minutesSince,
} from "../lib/conversation-display";
import { ChannelBadge, ConversationStatusBadge, FailedReplyBadge, UrgentBadge } from "./conversation-badges";

export interface ConversationListProps {
  conversations: Conversation[];
  now: number;
  onOpen: (conversation: Conversation) => void;
}

export function ConversationList({ conversations, now, onOpen }: ConversationListProps) {
  return (
    <ul className="divide-y divide-slate-100" aria-label="Conversas">
      {conversations.map((conversation) => (
        <li key={conversation.id}>
          <ConversationRow conversation={conversation} now={now} onOpen={onOpen} />
        </li>
      ))}
    </ul>
  );
}

function ConversationRow({ conversation, now, onOpen }: { conversation: Conversation; now: number; onOpen: (c: Conversation) => void }) {
  const stale = isStaleWaiting(conversation, now);
  const urgent = isUrgentOpen(conversation);
  const waiting = conversationStatusOf(conversation.status) === "waiting";
  const minutes = minutesSince(conversation.last_message_at, now);
  const name = contactName(conversation);

  return (
    <button
      type="button"
      aria-haspopup="dialog"
      data-stale={stale || undefined}
      data-urgent={urgent || undefined}
      data-failed-reply={conversation.failed_reply || undefined}
      onClick={() => onOpen(conversation)}
      className={cn(
        "flex w-full cursor-pointer gap-3 border-l-4 border-transparent px-4 py-3.5 text-left transition-colors sm:px-5",
        "hover:bg-slate-50 focus-visible:bg-slate-50 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none focus-visible:ring-inset",
        stale && "border-red-500 bg-red-50/70 hover:bg-red-50",
        urgent && "border-l-8 border-red-600 bg-red-100/70 hover:bg-red-100",
      )}
    >
      <span
        aria-hidden
        className={cn(
          "mt-0.5 flex size-10 shrink-0 items-center justify-center rounded-full text-sm font-semibold",
          urgent ? "bg-red-600 text-white" : stale ? "bg-red-100 text-red-700" : "bg-brand-50 text-brand-700",
        )}
      >
        {initials(name)}
      </span>
      <span className="min-w-0 flex-1">
        <span className="flex items-baseline justify-between gap-3">
          <span className="flex min-w-0 items-center gap-2">
            <span className="truncate font-semibold text-slate-900">{name}</span>
            {conversation.unread_count > 0 ? (
              <span
                className="inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-brand-600 px-1.5 text-xs font-semibold text-white"
                aria-label={`${conversation.unread_count} não lidas`}
              >
                {conversation.unread_count}
              </span>
            ) : null}
          </span>
          {conversation.last_message_at ? (
            <time dateTime={conversation.last_message_at} title={formatDateTimeLong(conversation.last_message_at)} className="shrink-0 text-xs text-slate-500">
              {formatListTime(conversation.last_message_at, now)}
            </time>
          ) : null}
        </span>
        <span className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1.5 text-xs text-slate-500">
          {conversation.phone_number && conversation.patient_name ? <span>{formatPhone(conversation.phone_number)}</span> : null}
          {urgent ? <UrgentBadge /> : null}
          {conversation.failed_reply ? <FailedReplyBadge /> : null}
          <ChannelBadge channel={conversation.channel} />
          <ConversationStatusBadge status={conversation.status} />
          {waiting && minutes !== null ? (
            // amber-700 reads 4.39:1 on the urgent row's red tint; red-800 reads above 7:1 there.
            <span className={cn("inline-flex items-center gap-1 font-medium", urgent ? "text-red-800" : stale ? "text-red-700" : "text-amber-700")}>
              <Clock aria-hidden className="size-3.5" />
              Sem resposta há {formatWaitingAge(minutes)}
            </span>
          ) : null}
        </span>
        <span className="mt-1.5 block truncate text-sm text-slate-600">
          {conversation.last_message || <span className="text-subtle italic">Sem mensagens</span>}
        </span>
      </span>
    </button>
  );
}

function initials(name: string): string {
  const words = name.replace(/^(dra?\.?)\s+/i, "").split(/\s+/).filter((w) => /\p{L}/u.test(w[0] ?? ""));
  if (words.length === 0) return "?";
  return ((words[0]![0] ?? "") + (words.length > 1 ? (words.at(-1)![0] ?? "") : "")).toUpperCase();
}
