// The long tail's requests: windows of GET /events no request asked for before.
const API = '/wp-json/tribe/events/v1';
const DAY_MS = 86_400_000;

export const ymd = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** Windows per lap: one starting on each of the next 700 days. */
export const LAP = 700;

/**
 * A window no request asked for before (42,000 of them): starts walk forward a day at a time over
 * 700 days from today, and each lap lengthens the window by a day, from 30 days.
 */
export function windows(filter = ''): () => string {
  let request = 0;
  const today = Date.now();
  return () => {
    const start = today + (request % LAP) * DAY_MS;
    const days = 30 + Math.floor(request / LAP) % 60;
    request++;
    return `${API}/events?start_date=${ymd(start)}&end_date=${ymd(start + days * DAY_MS)}${filter}`;
  };
}
