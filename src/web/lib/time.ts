const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const date = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const time = new Intl.DateTimeFormat('en-US', { timeStyle: 'short' });

/** "Jul 3, 2025, 4:05 PM" for an ISO time; today's times as "4:05 PM". */
export function formatDateTime(iso: string, now = new Date()): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '—';
  return d.toDateString() === now.toDateString() ? time.format(d) : dateTime.format(d);
}

/** "Jul 3, 2025" for an ISO time. */
export function formatDate(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '—' : date.format(d);
}

const monthDay = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' });

/** "Dec 3" for an ISO time this year, "Dec 3, 2026" otherwise. */
export function formatShortDate(iso: string, now = new Date()): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '—';
  return d.getFullYear() === now.getFullYear() ? monthDay.format(d) : date.format(d);
}
