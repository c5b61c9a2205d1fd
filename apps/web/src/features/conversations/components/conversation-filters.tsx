import {
  CONVERSATION_CHANNEL_LABELS,
  CONVERSATION_CHANNELS,
  CONVERSATION_STATUS_LABELS,
  CONVERSATION_STATUSES,
  type ConversationChannel,
  type ConversationStatus,
} from "@clinora/contracts";
import { SearchInput } from "@/components/ui/search-input";
import { Select, type SelectOption } from "@/components/ui/select";

export type StatusFilter = ConversationStatus | "all";
export type ChannelFilter = ConversationChannel | "all";

const STATUS_OPTIONS: SelectOption<StatusFilter>[] = [
  { value: "all", label: "Todos os status" },
  ...CONVERSATION_STATUSES.map((status) => ({ value: status, label: CONVERSATION_STATUS_LABELS[status] })),
];

const CHANNEL_OPTIONS: SelectOption<ChannelFilter>[] = [
  { value: "all", label: "Todos os canais" },
  ...CONVERSATION_CHANNELS.map((channel) => ({ value: channel, label: CONVERSATION_CHANNEL_LABELS[channel] })),
];

export interface ConversationFiltersProps {
  search: string;
  status: StatusFilter;
  channel: ChannelFilter;
  onSearchChange: (search: string) => void;
  onStatusChange: (status: StatusFilter) => void;
  onChannelChange: (channel: ChannelFilter) => void;
}

export function ConversationFilters(props: ConversationFiltersProps) {
  return (
    <div className="mb-4 flex flex-col gap-3 md:flex-row">
      <SearchInput
        className="md:flex-1"
        value={props.search}
        onValueChange={props.onSearchChange}
        placeholder="Buscar por paciente, telefone ou mensagem"
        aria-label="Buscar conversas"
      />
      <Select aria-label="Filtrar por status" options={STATUS_OPTIONS} value={props.status} onValueChange={props.onStatusChange} className="md:w-52" />
      <Select aria-label="Filtrar por canal" options={CHANNEL_OPTIONS} value={props.channel} onValueChange={props.onChannelChange} className="md:w-48" />
    </div>
  );
}
