import { CONVERSATIONS_PER_PAGE, MSG } from "@clinora/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { MessagesSquare } from "lucide-react";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorState } from "@/components/ui/error-state";
import { LoadingState } from "@/components/ui/loading-state";
import { PageHeader } from "@/components/ui/page-header";
import { Pagination } from "@/components/ui/pagination";
import { conversationKeys, useConversations } from "@/features/conversations/api/conversations";
import { ConversationDialog } from "@/features/conversations/components/conversation-dialog";
import { ConversationFilters, type ChannelFilter, type StatusFilter } from "@/features/conversations/components/conversation-filters";
import { ConversationList } from "@/features/conversations/components/conversation-list";
import { StaleBanner } from "@/features/conversations/components/stale-banner";
import { useNow } from "@/features/conversations/hooks/use-now";
import { useDebouncedValue } from "@/hooks/use-debounced-value";
import { useErrorToast } from "@/hooks/use-error-toast";
import { refreshQueries } from "@/lib/refresh-queries";

export function ConversationsPage() {
  const queryClient = useQueryClient();
  const [search, setSearch] = useState("");
  const [status, setStatus] = useState<StatusFilter>("all");
  const [channel, setChannel] = useState<ChannelFilter>("all");
  const [page, setPage] = useState(1);
  // "?conversa=<id>" (from the Painel's urgent card) opens that conversation at once.
  const [searchParams, setSearchParams] = useSearchParams();
  const [openId, setOpenId] = useState<string | null>(() => searchParams.get("conversa"));
  const debouncedSearch = useDebouncedValue(search.trim());
  const now = useNow();

  const { data, error, isPending, isFetching, isPlaceholderData, refetch } = useConversations({
    page,
    status: status === "all" ? undefined : status,
    channel: channel === "all" ? undefined : channel,
    search: debouncedSearch,
  });
  useErrorToast(error, MSG.conversationsLoadError);

  // Any filter change starts again at page 1.
  const filterBy = <T,>(set: (value: T) => void) => (value: T) => {
    set(value);
    setPage(1);
  };

  const showWaiting = () => {
    setStatus("waiting");
    setSearch("");
    setPage(1);
  };

  const closeConversation = () => {
    setOpenId(null);
    if (searchParams.has("conversa")) setSearchParams({}, { replace: true });
    // Opening a conversation marks it read on the server: refresh the unread counters of the list.
    void refreshQueries(queryClient, [conversationKeys.all]);
  };

  return (
    <>
      <PageHeader title="Conversas" description="Mensagens de pacientes pelo WhatsApp e pelo chat do site." />
      <StaleBanner count={data?.stale_waiting ?? 0} onShowWaiting={showWaiting} />
      <ConversationFilters
        search={search}
        status={status}
        channel={channel}
        onSearchChange={filterBy(setSearch)}
        onStatusChange={filterBy(setStatus)}
        onChannelChange={filterBy(setChannel)}
      />

      <Card className="overflow-hidden">
        {isPending ? (
          <LoadingState text="Carregando conversas..." />
        ) : error && !data ? (
          <ErrorState message={MSG.conversationsLoadError} onRetry={() => void refetch()} retrying={isFetching} />
        ) : data.items.length === 0 ? (
          <EmptyState
            icon={MessagesSquare}
            title="Nenhuma conversa encontrada"
            description={
              debouncedSearch || status !== "all" || channel !== "all"
                ? "Ajuste a busca ou os filtros para ver outras conversas."
                : "As mensagens dos pacientes pelo WhatsApp e pelo chat do site aparecerão aqui."
            }
          />
        ) : (
          <div aria-busy={isPlaceholderData || undefined} className={isPlaceholderData ? "opacity-60 transition-opacity" : undefined}>
            <ConversationList conversations={data.items} now={now} onOpen={(c) => setOpenId(c.id)} />
          </div>
        )}
      </Card>

      {data ? (
        <Pagination
          className="mt-4"
          page={page}
          total={data.total}
          perPage={CONVERSATIONS_PER_PAGE}
          onPageChange={setPage}
          disabled={isPlaceholderData}
        />
      ) : null}

      <ConversationDialog conversationId={openId} onClose={closeConversation} />
    </>
  );
}
