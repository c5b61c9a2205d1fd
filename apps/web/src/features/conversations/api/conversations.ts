import {
  CONVERSATION_POLL_MS,
  CONVERSATIONS_PER_PAGE,
  MSG,
  type Conversation,
  type ConversationChannel,
  type ConversationDetail,
  type ConversationList,
  type ConversationMessage,
  type ConversationReply,
  type ConversationStatus,
} from "@clinora/contracts";
import { keepPreviousData, queryOptions, useQuery, type QueryClient } from "@tanstack/react-query";
import { useResourceMutation } from "@/hooks/use-resource-mutation";
import { api, isApiError, serverDetail } from "@/lib/api-client";
import { toast } from "@/lib/toast";

export interface ConversationListParams {
  page: number;
  status?: ConversationStatus;
  channel?: ConversationChannel;
  search?: string;
}

export const conversationKeys = {
  all: ["conversations"] as const,
  lists: () => ["conversations", "list"] as const,
  list: (params: ConversationListParams) => ["conversations", "list", params] as const,
  detail: (id: string) => ["conversations", "detail", id] as const,
  urgent: () => ["conversations", "urgent"] as const,
  /** Outside the root key on purpose: invalidating the conversations does not refetch every file. */
  file: (url: string) => ["conversation-files", url] as const,
};

export function fetchConversations(params: ConversationListParams, signal?: AbortSignal) {
  return api.get<ConversationList>("/conversations", {
    query: { ...params, per_page: CONVERSATIONS_PER_PAGE, search: params.search || undefined },
    signal,
  });
}

export function conversationsQueryOptions(params: ConversationListParams) {
  return queryOptions({
    queryKey: conversationKeys.list(params),
    queryFn: ({ signal }) => fetchConversations(params, signal),
    placeholderData: keepPreviousData,
  });
}

export const useConversations = (params: ConversationListParams) => useQuery(conversationsQueryOptions(params));

export function fetchConversation(id: string, signal?: AbortSignal) {
  return api.get<ConversationDetail>(`/conversations/${id}`, { signal });
}

/** The open thread, polled every 5 seconds while its dialog is open (docs/product/conversations-and-whatsapp.md §7). */
export function conversationQueryOptions(id: string) {
  return queryOptions({
    queryKey: conversationKeys.detail(id),
    queryFn: ({ signal }) => fetchConversation(id, signal),
    refetchInterval: CONVERSATION_POLL_MS,
    staleTime: 0,
  });
}

export const useConversation = (id: string) => useQuery(conversationQueryOptions(id));

/** How many urgent conversations the Painel lists (the rest are on Conversas, listed first there). */
export const URGENT_ON_DASHBOARD = 5;

/** Open emergencies and crises (docs/decisions/022): the Painel shows them above everything else. */
export function fetchUrgentConversations(signal?: AbortSignal): Promise<ConversationList> {
  return api.get<ConversationList>("/conversations", { query: { urgent: true, page: 1, per_page: URGENT_ON_DASHBOARD }, signal });
}

/** Polled every 30 s while the Painel is open: a crisis must not wait for a reload. */
export const urgentConversationsQueryOptions = () =>
  queryOptions({
    queryKey: conversationKeys.urgent(),
    queryFn: ({ signal }) => fetchUrgentConversations(signal),
    staleTime: 0,
    refetchInterval: 30_000,
    retry: false,
  });

export const useUrgentConversations = () => useQuery(urgentConversationsQueryOptions());

export const useResolveConversation = () =>
  useResourceMutation({
    mutationFn: (id: string) => api.put<Conversation>(`/conversations/${id}`, { status: "resolved" }),
    success: MSG.conversationResolved,
    failure: () => toast.error(MSG.conversationResolveError),
    invalidates: [conversationKeys.all],
  });

export function sendConversationReply(id: string, input: ConversationReply) {
  return api.post<ConversationDetail>(`/conversations/${id}/messages`, input);
}

/**
 * The professional's reply. The answer is the updated thread (now "Em atendimento"), put straight into the open
 * dialog; the list refreshes for its last message and status. A 409 (the 24-hour window closed meanwhile, or no
 * WhatsApp number) refetches the thread so the reply box shows why it is closed.
 */
export const useSendConversationReply = (id: string) =>
  useResourceMutation({
    mutationFn: (input: ConversationReply) => sendConversationReply(id, input),
    onSuccess: (detail, _input, queryClient) => putThread(queryClient, id, detail),
    success: MSG.replySent,
    failure: (error) => toast.error(serverDetail(error) ?? MSG.replySendError),
    invalidates: [conversationKeys.lists()],
    refreshesAfterFailure: (_input, error) => (isApiError(error) && error.status === 409 ? [conversationKeys.detail(id)] : []),
  });

/** The thread of a send's answer, straight into the open dialog. */
async function putThread(queryClient: QueryClient, id: string, detail: ConversationDetail) {
  // A poll started before the send would otherwise land afterwards and hide the new message for 5 s.
  await queryClient.cancelQueries({ queryKey: conversationKeys.detail(id) });
  queryClient.setQueryData(conversationKeys.detail(id), detail);
}

/**
 * Reenviar a failed WhatsApp message: the answer is the thread, put straight into the open dialog. The server sends
 * it once however many times it is asked (a double click, another tab); a 409 (the 24-hour window closed and no
 * approved template) says why in the toast.
 */
export const useResendMessage = (conversationId: string) =>
  useResourceMutation({
    mutationFn: (messageId: string) => api.post<ConversationDetail>(`/conversations/${conversationId}/messages/${messageId}/resend`),
    onSuccess: (detail, _messageId, queryClient) => putThread(queryClient, conversationId, detail),
    success: MSG.resendQueued,
    failure: (error) => toast.error(serverDetail(error) ?? MSG.resendError),
    invalidates: [conversationKeys.lists()],
    refreshesAfterFailure: [conversationKeys.detail(conversationId)],
  });

/**
 * "Dispensar aviso" on a failed message: its conversation is no longer marked in the list (the message stays failed in
 * the thread). The answer is the thread, put straight into the open dialog.
 */
export const useDismissFailure = (conversationId: string) =>
  useResourceMutation({
    mutationFn: (messageId: string) => api.post<ConversationDetail>(`/conversations/${conversationId}/messages/${messageId}/dismiss-failure`),
    onSuccess: (detail, _messageId, queryClient) => putThread(queryClient, conversationId, detail),
    success: MSG.failureDismissed,
    failure: (error) => {
      toast.error(serverDetail(error) ?? MSG.failureDismissError);
    },
    invalidates: [conversationKeys.lists()],
  });

/**
 * The bytes of one file of a thread (`media.url`), read with the session header (an <img> or <audio> cannot send
 * it). Kept while the thread is open and a few minutes after: polls and list refreshes never download it again.
 * Its own key, so invalidating the conversations does not refetch every file.
 */
export function mediaFileQueryOptions(url: string) {
  return queryOptions({
    queryKey: conversationKeys.file(url),
    queryFn: ({ signal }) => api.file(url, { signal }),
    staleTime: Infinity,
    gcTime: 5 * 60_000,
    retry: 1,
  });
}

export const useMediaFile = (url: string) => useQuery(mediaFileQueryOptions(url));

export interface AttachmentInput {
  file: File;
  /** The text in the reply box, sent with the file; empty for none. */
  caption: string;
  onProgress?: (sent: number) => void;
  signal?: AbortSignal;
}

/** POST /api/conversations/:id/attachments: the file's bytes as the body, its name and caption in the query. */
export function sendConversationAttachment(id: string, { file, caption, onProgress, signal }: AttachmentInput) {
  return api.upload<ConversationMessage>(`/conversations/${id}/attachments`, file, {
    query: { file_name: file.name, caption: caption.trim() || undefined },
    onProgress,
    signal,
  });
}

/** Whether an upload stopped because the professional cancelled it (no error to show). */
export function isCancelledUpload(error: unknown): boolean {
  return error instanceof DOMException && error.name === "AbortError";
}

/**
 * A file the professional sends from the reply box. The answer is the new message, added straight to the open
 * thread, which then refreshes for its delivery status; the list refreshes for its last message. A 409 (the
 * 24-hour window closed meanwhile) refetches the thread so the reply box shows why it is closed; a 413, 415 or
 * 422 toasts the server's Portuguese reason. A cancelled upload says nothing.
 */
export const useSendConversationAttachment = (id: string) =>
  useResourceMutation({
    mutationFn: (input: AttachmentInput) => sendConversationAttachment(id, input),
    onSuccess: async (message, _input, queryClient) => {
      await queryClient.cancelQueries({ queryKey: conversationKeys.detail(id) });
      queryClient.setQueryData<ConversationDetail>(conversationKeys.detail(id), (detail) =>
        detail && !detail.messages.some((m) => m.id === message.id) ? { ...detail, messages: [...detail.messages, message] } : detail,
      );
    },
    success: MSG.attachmentSent,
    failure: (error) => {
      if (isCancelledUpload(error)) return;
      toast.error(serverDetail(error) ?? MSG.attachmentSendError);
    },
    invalidates: [conversationKeys.lists(), conversationKeys.detail(id)],
    refreshesAfterFailure: (_input, error) => (isApiError(error) && error.status === 409 ? [conversationKeys.detail(id)] : []),
  });
