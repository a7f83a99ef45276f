// Article dates are calendar days ('YYYY-MM-DD', parsed as UTC midnight): formatting them in UTC
// keeps the day the author wrote in every time zone.
const articleDate = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** Spec §9: '2025-01-05' → 'JAN 5, 2025'; an unreadable date shows nothing. */
export function formatArticleDate(date: string): string {
  const day = new Date(date);
  return Number.isNaN(day.getTime()) ? '' : articleDate.format(day).toUpperCase();
}

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;
const MONTH = 30 * DAY;
const YEAR = 365 * DAY;

const UNITS: [seconds: number, unit: Intl.RelativeTimeFormatUnit][] = [
  [YEAR, 'year'],
  [MONTH, 'month'],
  [WEEK, 'week'],
  [DAY, 'day'],
  [HOUR, 'hour'],
  [MINUTE, 'minute'],
];

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'always' });

/** Spec §9: how long ago a comment was published; a date ahead of the clock reads 'just now'. */
export function relativeTime(date: string | Date, now: Date = new Date()): string {
  const elapsed = Math.floor((now.getTime() - new Date(date).getTime()) / 1000);
  if (Number.isNaN(elapsed)) return '';
  const match = UNITS.find(([seconds]) => elapsed >= seconds);
  if (!match) return 'just now';
  const [size, unit] = match;
  return relative.format(-Math.floor(elapsed / size), unit);
}

/** A position or length in a recording, as a player shows it: '0:07', '12:34', '1:02:03'; '0:00' while unknown. */
export function clockTime(seconds: number): string {
  const whole = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const [hours, minutes, rest] = [Math.floor(whole / HOUR), Math.floor((whole % HOUR) / MINUTE), whole % MINUTE];
  const twoDigits = (value: number) => String(value).padStart(2, '0');
  return hours > 0 ? `${hours}:${twoDigits(minutes)}:${twoDigits(rest)}` : `${minutes}:${twoDigits(rest)}`;
}
