/**
 * A burst of estimate requests that a crash cuts short: sent in waves (all of a wave at once, one
 * wave every `waveMs`), and the server SIGKILLed as soon as `killAfterAcks` were acknowledged,
 * while the rest of that wave is in flight. Waves due after the kill are not sent.
 */
import { SUCCESS, sleep } from "#tests/support/leads.ts";
import type { HttpResult, ServerProcess } from "#tests/support/server.ts";

export interface Burst {
  acked: string[];
  /** Answered, but not with the success page: "<mark>: <status>". */
  refused: string[];
  /** Sent, but the connection broke before an answer: the server was killed meanwhile. */
  failed: string[];
  notSent: string[];
  killed: boolean;
}

export async function sendUntilKilled(
  server: ServerProcess,
  marks: string[],
  send: (mark: string) => Promise<HttpResult>,
  options: { concurrency: number; waveMs: number; killAfterAcks: number },
): Promise<Burst> {
  const burst: Burst = { acked: [], refused: [], failed: [], notSent: [], killed: false };

  async function sendOne(mark: string) {
    if (burst.killed) {
      burst.notSent.push(mark);
      return;
    }
    try {
      const res = await send(mark);
      if (res.status === 200 && res.text.includes(SUCCESS)) burst.acked.push(mark);
      else burst.refused.push(`${mark}: ${res.status}`);
    } catch {
      burst.failed.push(mark);
    }
    if (!burst.killed && burst.acked.length >= options.killAfterAcks) {
      burst.killed = true;
      process.kill(server.pid, "SIGKILL");
    }
  }

  const waves: Promise<void>[] = [];
  for (let start = 0; start < marks.length; start += options.concurrency) {
    if (start > 0) await sleep(options.waveMs);
    waves.push(Promise.all(marks.slice(start, start + options.concurrency).map(sendOne)).then(() => {}));
  }
  await Promise.all(waves);
  return burst;
}
