import { randomUUID } from 'node:crypto';
import { signReport } from '@blog/cms/testing';

/** The run's CMS process (the global setup started it). */
const cmsPid = () => Number(process.env.CMS_PID);

/** Stalls the CMS as a hung server does: it accepts connections and answers nothing (FACTS.md). */
export const pauseCms = () => process.kill(cmsPid(), 'SIGSTOP');

export const resumeCms = () => process.kill(cmsPid(), 'SIGCONT');

/** Reports changes to a render server as the CMS does, signed with the run's shared secret. */
export async function reportChanges(
  serverUrl: string,
  changes: { event: string; uid: string; documentId?: string; article?: string }[],
) {
  const body = JSON.stringify({ changes, nonce: randomUUID() });
  const response = await fetch(`${serverUrl}/_revalidate`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'X-Blog-Signature': signReport(process.env.REVALIDATE_SECRET as string, body, Date.now()),
    },
    body,
  });
  if (!response.ok) throw new Error(`${serverUrl} refused the report: ${response.status}`);
}
