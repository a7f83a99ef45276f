/** How a server of the site writes its log: one JSON object a line (for a log shipper), or one readable line an event. */
export type LogFormat = 'json' | 'readable';

const LOG_FORMATS: readonly string[] = ['json', 'readable'] satisfies LogFormat[];

/** `LOG_FORMAT` as set, or `fallback` when unset; any other value is refused, naming the variable. */
export function logFormatOf(value: string | undefined, fallback: LogFormat): LogFormat {
  if (value === undefined || value === '') return fallback;
  if (!LOG_FORMATS.includes(value)) throw new Error(`LOG_FORMAT must be json or readable, not "${value}".`);
  return value as LogFormat;
}
