/** The assistant's one key factory: its api files (own settings, platform settings, models, web chat) share it. */
export const assistantKeys = {
  all: ["assistant"] as const,
  /** The professional's own assistant. */
  settings: () => ["assistant", "settings"] as const,
  /** The platform's AI settings, edited by the admin. */
  platform: () => ["assistant", "platform"] as const,
  models: () => ["assistant", "models"] as const,
  webChat: () => ["assistant", "web-chat"] as const,
};
