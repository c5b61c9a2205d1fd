import { pgEnum } from "drizzle-orm/pg-core";
import {
  APPOINTMENT_STATUSES,
  CALENDAR_CONNECTION_STATUSES,
  CONVERSATION_CHANNELS,
  CONVERSATION_STATUSES,
  JOB_STATUSES,
  LEAD_STATUSES,
  MESSAGE_DIRECTIONS,
  MESSAGE_SENDERS,
  MESSAGE_STATUSES,
  ROLES,
  TASK_PRIORITIES,
  TASK_STATUSES,
  USER_STATUSES,
  AI_PROVIDERS,
  MEDIA_KINDS,
  MEDIA_STATUSES,
  TRANSCRIPT_STATUSES,
} from "@clinora/contracts";

export const userRole = pgEnum("user_role", ROLES);
export const userStatus = pgEnum("user_status", USER_STATUSES);
export const leadStatus = pgEnum("lead_status", LEAD_STATUSES);
export const appointmentStatus = pgEnum("appointment_status", APPOINTMENT_STATUSES);
export const taskStatus = pgEnum("task_status", TASK_STATUSES);
export const taskPriority = pgEnum("task_priority", TASK_PRIORITIES);
export const conversationStatus = pgEnum("conversation_status", CONVERSATION_STATUSES);
export const conversationChannel = pgEnum("conversation_channel", CONVERSATION_CHANNELS);
export const messageDirection = pgEnum("message_direction", MESSAGE_DIRECTIONS);
export const messageStatus = pgEnum("message_status", MESSAGE_STATUSES);
export const aiProvider = pgEnum("ai_provider", AI_PROVIDERS);
export const calendarConnectionStatus = pgEnum("calendar_connection_status", CALENDAR_CONNECTION_STATUSES);
export const jobStatus = pgEnum("job_status", JOB_STATUSES);
export const messageSender = pgEnum("message_sender", MESSAGE_SENDERS);
export const mediaKind = pgEnum("media_kind", MEDIA_KINDS);
export const mediaStatus = pgEnum("media_status", MEDIA_STATUSES);
export const transcriptStatus = pgEnum("transcript_status", TRANSCRIPT_STATUSES);
