import {
  MSG,
  RECENT_FAILURES_LIMIT,
  STALE_WAITING_MINUTES,
  WHATSAPP_METRICS_WINDOW_HOURS,
  type WhatsappMetrics,
} from "@clinora/contracts";
import type { Db } from "../../platform/db/client";
import type { MessagingService } from "../messaging";
import { iso, isoInstant } from "../../platform/db/rows";
import { AppError } from "../../platform/lib/app-error";
import type { Clock } from "../../platform/lib/clock";
import { professionalExists } from "../professionals";
import { recordSafetyCheckNoVerdict, whatsappMetricsRepository } from "./whatsapp-metrics.repository";

export type WhatsappMetricsService = ReturnType<typeof whatsappMetricsService>;

const MINUTE = 60_000;
const PREVIEW_LENGTH = 120;

/** One line of at most 120 characters, or null for a message without text. */
function previewOf(content: string | null): string | null {
  const text = content?.replace(/\s+/g, " ").trim();
  if (!text) return null;
  return text.length > PREVIEW_LENGTH ? `${text.slice(0, PREVIEW_LENGTH - 1)}…` : text;
}

export function whatsappMetricsService(db: Db, clock: Clock, deps: { messaging: Pick<MessagingService, "whatsappTraffic"> }) {
  /** The health figures of docs/product/admin.md §3 / docs/product/conversations-and-whatsapp.md §3: last 24 hours, stale after 2 hours waiting. */
  async function overview(professionalId: string | null): Promise<WhatsappMetrics> {
    const now = clock.now().getTime();
    const since = new Date(now - WHATSAPP_METRICS_WINDOW_HOURS * 60 * MINUTE);
    const staleBefore = new Date(now - STALE_WAITING_MINUTES * MINUTE);
    // Messages to unassigned numbers belong to no professional: only the platform view (null) shows them.
    const repo = whatsappMetricsRepository(db, professionalId);
    const [{ messages: m, waiting: w, failures, unrouted }, failedJobs, safetyChecks] = await Promise.all([
      deps.messaging.whatsappTraffic(professionalId, { since, staleBefore, failuresLimit: RECENT_FAILURES_LIMIT }),
      repo.failedJobs(),
      repo.safetyCheckNoVerdicts(since),
    ]);
    return {
      inbound_messages: m.inbound,
      outbound_messages: m.outbound,
      delivered_messages: m.delivered + m.read,
      failed_messages: m.failed,
      status_breakdown: { sent: m.sent, delivered: m.delivered, read: m.read, failed: m.failed },
      stale_waiting_conversations: w.stale,
      waiting_conversations: w.waiting,
      unread_waiting_conversations: w.unread,
      last_message_at: iso(m.lastMessageAt),
      last_inbound_at: iso(m.lastInboundAt),
      last_outbound_at: iso(m.lastOutboundAt),
      recent_failures: failures.map((f) => ({
        messageId: f.id,
        patientName: f.patientName,
        phoneNumber: f.phoneNumber,
        sentAt: isoInstant(f.sentAt),
        contentPreview: previewOf(f.content),
      })),
      failed_jobs: failedJobs,
      unrouted_inbound: unrouted?.count ?? 0,
      last_unrouted_number: unrouted?.lastNumber ?? null,
      safety_check_failures: safetyChecks,
    };
  }

  return {
    /** Counts one assistant safety check that gave no verdict (the assistant's `recordNoVerdict`), at the clock's time. */
    recordSafetyCheckNoVerdict: (entry: { check: "risk" | "second_opinion"; why: string; professionalId: string | null }) =>
      recordSafetyCheckNoVerdict(db, clock.now(), entry),

    /** A professional's own traffic. */
    professionalOverview: (professionalId: string) => overview(professionalId),

    /** The whole platform, or the one professional an administrator picked. */
    async platformOverview(professionalId: string | undefined) {
      if (!professionalId) return overview(null);
      if (!(await professionalExists(db, professionalId))) throw AppError.notFound(MSG.professionalNotFound);
      return overview(professionalId);
    },
  };
}
