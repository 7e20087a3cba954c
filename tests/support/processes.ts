import { spawn } from "node:child_process";
import { readFile } from "node:fs/promises";

export interface ChildRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs `count` Node processes of `script` (an ES module body) that do their
 * real work at the same moment: each prints "ready" once set up and waits for
 * a line on stdin; when all are ready (or have died), all are told to go.
 * Resolves with each process's exit code and output (without the "ready").
 */
export async function runTogether(script: string, count: number, env: Record<string, string>): Promise<ChildRun[]> {
  const readies: Promise<void>[] = [];
  const children = Array.from({ length: count }, () =>
    spawn(process.execPath, ["--no-warnings", "--input-type=module", "-e", script], {
      env: { ...process.env, ...env },
      stdio: ["pipe", "pipe", "pipe"],
    }),
  );
  const runs = children.map((child) => {
    const ready = Promise.withResolvers<void>();
    readies.push(ready.promise);
    return new Promise<ChildRun>((resolve, reject) => {
      let stdout = "";
      let stderr = "";
      child.stdout.on("data", (chunk: Buffer) => {
        stdout += chunk.toString();
        if (stdout.startsWith("ready\n")) ready.resolve();
      });
      child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
      child.on("error", reject);
      child.on("close", (code) => {
        ready.resolve(); // a child that died early must not block the others
        resolve({ code, stdout: stdout.replace(/^ready\n/, ""), stderr });
      });
    });
  });
  await Promise.all(readies);
  for (const child of children) child.stdin.write("go\n");
  return Promise.all(runs);
}

/** Peak resident memory of a process so far (VmHWM), in bytes (Linux). */
export async function peakRss(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  const kb = /VmHWM:\s+(\d+) kB/.exec(status)?.[1];
  if (!kb) throw new Error("no VmHWM in /proc/<pid>/status");
  return Number(kb) * 1024;
}
