/** Messages between the chat page (in the iframe) and the embed script on the clinic's site. */
export const CLOSE_MESSAGE = "clinora-chat:close";
export const READY_MESSAGE = "clinora-chat:ready";
