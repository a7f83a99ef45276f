import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import https from 'node:https';
import { visitorOf } from './request';

/** What `forward` sends back for the other server's answer. */
export interface ForwardedAnswer {
  status: number;
  headers: http.OutgoingHttpHeaders;
  /** Whether the other server's body follows. */
  body: boolean;
}

/**
 * Sends a request on to `url` and its answer back as it comes, as `answered` makes it; `failed`
 * answers (or ends the connection) when the other server cannot be reached.
 */
export function forward(
  req: IncomingMessage,
  res: ServerResponse,
  url: string,
  {
    headers,
    answered,
    failed,
    timeoutMs,
  }: {
    headers: http.OutgoingHttpHeaders;
    answered: (answer: IncomingMessage) => ForwardedAnswer;
    failed: (error: Error) => void;
    timeoutMs?: number;
  },
): Promise<void> {
  const visitor = visitorOf(res);
  return new Promise<void>((resolve) => {
    const request = url.startsWith('https:') ? https.request : http.request;
    const upstream = request(url, { method: req.method, headers, timeout: timeoutMs }, (answer) => {
      const { status, headers: answerHeaders, body } = answered(answer);
      res.writeHead(status, answerHeaders);
      if (body) answer.pipe(res);
      else {
        res.end();
        upstream.destroy();
      }
    });
    upstream.on('timeout', () => upstream.destroy(new Error(`${url} did not answer in time`)));
    upstream.on('error', (error) => {
      // A request ended because its visitor left is nobody's failure.
      if (visitor.aborted) return resolve();
      if (!res.headersSent) failed(error);
      else res.destroy();
      resolve();
    });
    res.on('close', () => {
      upstream.destroy();
      resolve();
    });
    upstream.end();
  });
}
