import { conversationReplySchema, MESSAGE_MAX_LENGTH, REPLY_BLOCKED_MESSAGES, type ConversationDetail, type ConversationReply } from "@clinora/contracts";
import { zodResolver } from "@hookform/resolvers/zod";
import { Clock } from "lucide-react";
import { useForm, useWatch } from "react-hook-form";
import { Alert } from "@/components/ui/alert";
import { MessageComposer } from "@/components/ui/message-composer";
import { cn } from "@/lib/cn";
import { useSendConversationReply } from "../api/conversations";
import { useNow } from "../hooks/use-now";
import { formatWindowLeft, isReplyWindowOpen, minutesUntil, REPLY_WINDOW_WARNING_MINUTES } from "../utils/conversation-display";

/** The time left is shown in minutes: a tick every 15 s keeps it within a minute of the truth. */
const WINDOW_TICK_MS = 15_000;

export interface ConversationReplyFormProps {
  conversation: Pick<ConversationDetail, "id" | "reply_window">;
}

/**
 * The professional's answer under the thread. On WhatsApp free text is allowed only within 24 hours of the
 * patient's last message: the box shows the time left and, once the window is closed, is disabled with the
 * reason; it never sends what WhatsApp would refuse. Validated with the server's schema.
 */
export function ConversationReplyForm({ conversation }: ConversationReplyFormProps) {
  const now = useNow(WINDOW_TICK_MS);
  const send = useSendConversationReply(conversation.id);
  const form = useForm<ConversationReply>({
    resolver: zodResolver(conversationReplySchema),
    defaultValues: { content: "" },
  });
  const content = useWatch({ control: form.control, name: "content" }) ?? "";

  const { reply_window: replyWindow } = conversation;
  const open = isReplyWindowOpen(replyWindow, now);
  const timeLeft = open ? formatWindowLeft(replyWindow.closes_at, now) : null;
  const closingSoon = (minutesUntil(replyWindow.closes_at, now) ?? Infinity) < REPLY_WINDOW_WARNING_MINUTES;

  const submit = form.handleSubmit(async (input) => {
    try {
      await send.mutateAsync(input);
      form.reset({ content: "" });
      form.setFocus("content");
    } catch {
      // Toasted by the mutation; what was typed stays for another try.
    }
  });

  return (
    <form
      noValidate
      aria-label="Responder ao paciente"
      onSubmit={(event) => void submit(event)}
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
      <MessageComposer
        id="conversation-reply"
        label="Sua resposta"
        placeholder={open ? "Escreva sua resposta..." : "Resposta indisponível"}
        length={content.length}
        limit={MESSAGE_MAX_LENGTH}
        error={form.formState.errors.content?.message}
        busy={send.isPending}
        disabled={!open}
        {...form.register("content")}
      />
    </form>
  );
}
