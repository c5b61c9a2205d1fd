import { CONVERSATION_SCROLL_DELAY_MS, MSG } from "@clinora/contracts";
import { CheckCircle2 } from "lucide-react";
import { useEffect, useMemo, useRef } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogBody, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { ErrorState } from "@/components/ui/error-state";
import { LoadingState } from "@/components/ui/loading-state";
import { useErrorToast } from "@/hooks/use-error-toast";
import { formatPhone } from "@/lib/format";
import { useConversation, useResendMessage, useDismissFailure, useResolveConversation } from "../api/conversations";
import { contactName, conversationStatusOf, sortedBySentAt } from "../lib/conversation-display";
import { ChannelBadge, ConversationStatusBadge } from "./conversation-badges";
import { ConversationReplyForm } from "./conversation-reply-form";
import { MessageThread } from "./message-thread";

export interface ConversationDialogProps {
  /** The conversation to show; null closes the dialog. */
  conversationId: string | null;
  onClose: () => void;
}

export function ConversationDialog({ conversationId, onClose }: ConversationDialogProps) {
  return (
    <Dialog open={conversationId !== null} onOpenChange={(open) => !open && onClose()}>
      {conversationId ? (
        <DialogContent size="lg" className="sm:h-[min(44rem,calc(100dvh-4rem))]" onOpenAutoFocus={focusDialogItself}>
          <ConversationDetail id={conversationId} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

/**
 * Reading comes first: focus the dialog rather than its first field, the reply box, which on a phone would open
 * the keyboard over the thread. Tab then reaches the box.
 */
function focusDialogItself(event: Event) {
  event.preventDefault();
  if (event.currentTarget instanceof HTMLElement) event.currentTarget.focus();
}

/**
 * Mounted only while the dialog is open, so polling stops when it closes (docs/product/conversations-and-whatsapp.md §7). The reply box keeps
 * what is being typed across polls: only its window figures follow the fresh data.
 */
function ConversationDetail({ id }: { id: string }) {
  const { data, error, isPending, refetch, isFetching } = useConversation(id);
  const resolve = useResolveConversation();
  const resend = useResendMessage(id);
  const dismissFailure = useDismissFailure(id);
  const endRef = useRef<HTMLDivElement>(null);
  useErrorToast(error, MSG.conversationLoadError);

  const messages = useMemo(() => sortedBySentAt(data?.messages ?? []), [data?.messages]);

  // docs/product/conversations-and-whatsapp.md §9: scroll to the newest message 100 ms after opening (and when a new one arrives).
  useEffect(() => {
    if (messages.length === 0) return;
    const timer = setTimeout(() => endRef.current?.scrollIntoView({ block: "end" }), CONVERSATION_SCROLL_DELAY_MS);
    return () => clearTimeout(timer);
  }, [messages.length]);

  if (isPending || !data) {
    return (
      <>
        <DialogHeader>
          <DialogTitle>Conversa</DialogTitle>
          <DialogDescription className="sr-only">Mensagens da conversa</DialogDescription>
        </DialogHeader>
        {error ? (
          <ErrorState message={MSG.conversationLoadError} onRetry={() => void refetch()} retrying={isFetching} />
        ) : (
          <LoadingState text="Carregando conversa..." />
        )}
      </>
    );
  }

  const resolved = conversationStatusOf(data.status) === "resolved";
  return (
    <>
      <DialogHeader className="border-b border-slate-100">
        <DialogTitle>{contactName(data)}</DialogTitle>
        <DialogDescription asChild>
          <div className="flex flex-wrap items-center gap-2">
            {data.phone_number && data.patient_name ? <span>{formatPhone(data.phone_number)}</span> : null}
            <ChannelBadge channel={data.channel} />
            <ConversationStatusBadge status={data.status} />
          </div>
        </DialogDescription>
      </DialogHeader>
      <DialogBody className="bg-slate-50/60 py-4" scrollLabel="Histórico de mensagens">
        <MessageThread
          messages={messages}
          endRef={endRef}
          onResend={data.channel === "whatsapp" ? (messageId) => resend.mutate(messageId) : undefined}
          resendingId={resend.isPending ? (resend.variables ?? null) : null}
          onDismissFailure={(messageId) => dismissFailure.mutate(messageId)}
          dismissingId={dismissFailure.isPending ? (dismissFailure.variables ?? null) : null}
        />
      </DialogBody>
      <ConversationReplyForm conversation={data} />
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">Fechar</Button>
        </DialogClose>
        {resolved ? null : (
          <Button onClick={() => resolve.mutate(data.id)} disabled={resolve.isPending}>
            <CheckCircle2 aria-hidden />
            {resolve.isPending ? "Resolvendo..." : "Resolver"}
          </Button>
        )}
      </DialogFooter>
    </>
  );
}
