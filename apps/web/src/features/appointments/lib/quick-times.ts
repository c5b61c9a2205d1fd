/** docs/product/appointments.md §9: quick picks hourly from 08:00 to 18:00. */
export const QUICK_TIMES = Array.from({ length: 11 }, (_, i) => `${String(8 + i).padStart(2, "0")}:00`);
