import {
  CONVERSATION_CHANNEL_LABELS,
  CONVERSATION_STATUS_LABELS,
  type ConversationChannel,
  type ConversationStatus,
} from "@clinora/contracts";
import { Bot, CheckCircle2, CircleAlert, Clock, Globe, Headset, MessageCircle, Siren } from "lucide-react";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { conversationChannelOf, conversationStatusOf } from "../lib/conversation-display";

const STATUS_LOOK: Record<ConversationStatus, { tone: BadgeTone; icon: typeof Clock }> = {
  waiting: { tone: "warning", icon: Clock },
  in_progress: { tone: "info", icon: Headset },
  resolved: { tone: "success", icon: CheckCircle2 },
  bot_handling: { tone: "purple", icon: Bot },
};

export function ConversationStatusBadge({ status }: { status: string }) {
  const known = conversationStatusOf(status);
  const { tone, icon: Icon } = STATUS_LOOK[known];
  return (
    <Badge tone={tone}>
      <Icon aria-hidden />
      {CONVERSATION_STATUS_LABELS[known]}
    </Badge>
  );
}

const CHANNEL_ICON: Record<ConversationChannel, typeof Globe> = { whatsapp: MessageCircle, web_chat: Globe };

export function ChannelBadge({ channel }: { channel: string }) {
  const known = conversationChannelOf(channel);
  const Icon = CHANNEL_ICON[known];
  return (
    <Badge tone="neutral">
      <Icon aria-hidden />
      {CONVERSATION_CHANNEL_LABELS[known]}
    </Badge>
  );
}

/** An emergency or a crisis the professional has not resolved yet (docs/decisions/022). */
export function UrgentBadge() {
  return (
    <Badge tone="danger" className="bg-red-600 text-white ring-red-600">
      <Siren aria-hidden />
      Urgente
    </Badge>
  );
}

/**
 * A reply of the conversation failed and was neither resent nor dismissed: shown whatever the status, "Resolvida"
 * included, so a failure never hides (docs/decisions/033).
 */
export function FailedReplyBadge() {
  return (
    <Badge tone="danger">
      <CircleAlert aria-hidden />
      Resposta não entregue
    </Badge>
  );
}
