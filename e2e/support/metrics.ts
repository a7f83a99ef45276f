/** The samples of a metric in Prometheus's text format, each with its labels. */
export function samples(text: string, name: string): { labels: Record<string, string>; value: number }[] {
  return text
    .split('\n')
    .filter((line) => line.startsWith(`${name}{`) || line.startsWith(`${name} `))
    .map((line) => {
      const [, labels = '', value] = /^[^{ ]+(?:\{(.*)\})? (\S+)$/.exec(line) ?? [];
      return {
        labels: Object.fromEntries([...labels.matchAll(/(\w+)="([^"]*)"/g)].map(([, key, label]) => [key, label])),
        value: Number(value),
      };
    });
}
