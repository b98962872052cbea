/** "3d 04h", "04:12:09", or null once the time has come: how long until `endsAt` (ms) at `now`. */
export function countdown(endsAt: number, now: number): string | null {
  const left = Math.ceil((endsAt - now) / 1000);
  if (left <= 0) return null;
  const days = Math.floor(left / 86_400);
  const hours = Math.floor((left % 86_400) / 3_600);
  const minutes = Math.floor((left % 3_600) / 60);
  const seconds = left % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  if (days > 0) return `${days}d ${two(hours)}h ${two(minutes)}m`;
  return `${two(hours)}:${two(minutes)}:${two(seconds)}`;
}

/** How often a countdown needs drawing again: every second in its last day, else every half minute. */
export const tickFor = (endsAt: number, now: number): number => (endsAt - now <= 86_400_000 ? 1_000 : 30_000);

/** The value of a `datetime-local` input (the browser's own time zone) for an ISO time, to the minute. */
export function toLocalInput(iso: string): string {
  const d = new Date(iso);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}T${two(d.getHours())}:${two(d.getMinutes())}`;
}
