/**
 * One claimed job, start to end: its kind's handler runs under the send limit (cut-off.server.ts),
 * then its outcome is recorded (record-outcome.server.ts). A cut-off is an outcome like any other;
 * anything else the handler throws leaves the job to its lease.
 */
import { SendCutOff, type CutOffs } from "#app/server/jobs/cut-off.server.ts";
import { recordOutcome } from "#app/server/jobs/record-outcome.server.ts";
import type { JobKind, JobResult, LeasedJob } from "#app/server/jobs/types.server.ts";

/** Never rejects: what goes wrong is reported as "unexpected". */
export async function runJob<J extends LeasedJob, D>(
  { kind, workerId, cutOffs }: { kind: JobKind<J, D>; workerId: string; cutOffs: CutOffs },
  job: J,
): Promise<void> {
  let result: JobResult<D> | SendCutOff;
  try {
    result = await cutOffs.run((signal) => kind.run(job, { signal }));
  } catch (error) {
    if (!(error instanceof SendCutOff)) return kind.report({ type: "unexpected", job, error });
    result = error;
  }
  await recordOutcome({ kind, workerId }, job, result).catch((error: unknown) => kind.report({ type: "unexpected", job, error }));
}
