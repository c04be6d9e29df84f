import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/**
 * Where the machine's CPU time goes during a run (Linux /proc): all cores busy, this process, and given child
 * processes; the rest is mostly Postgres. A side's figures divided by what it did say what one booking or one
 * append costs the whole machine, which is what a rate on a shared 2-core box comes down to.
 */

const TICK_MS = (() => {
  try {
    return 1000 / Number(execFileSync('getconf', ['CLK_TCK']).toString().trim());
  } catch {
    return 10;
  }
})();

export interface CpuSnapshot {
  machineMs: number;
  selfMs: number;
  childrenMs: Record<string, number>;
}

/** Busy time of every core: everything but idle and I/O wait (the first line of /proc/stat). */
function machineBusyMs(): number {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  const total = fields.reduce((a, b) => a + b, 0);
  return (total - (fields[3] ?? 0) - (fields[4] ?? 0)) * TICK_MS;
}

/** User and system time of one process (fields 14 and 15 of /proc/<pid>/stat); 0 once it is gone. */
function processMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return 0;
  }
}

export function cpuSnapshot(children: Record<string, number>): CpuSnapshot {
  const self = process.cpuUsage();
  return {
    machineMs: machineBusyMs(),
    selfMs: (self.user + self.system) / 1000,
    childrenMs: Object.fromEntries(Object.entries(children).map(([name, pid]) => [name, processMs(pid)])),
  };
}

/** Milliseconds of CPU per unit of work between two snapshots: the machine, this process, each child, and the rest. */
export function cpuPerUnit(before: CpuSnapshot, after: CpuSnapshot, units: number): Record<string, number> {
  const per = (ms: number) => Math.round((ms / units) * 1000) / 1000;
  const machine = after.machineMs - before.machineMs;
  const self = after.selfMs - before.selfMs;
  const children = Object.fromEntries(Object.keys(after.childrenMs).map((k) => [k, after.childrenMs[k]! - (before.childrenMs[k] ?? 0)]));
  const known = self + Object.values(children).reduce((a, b) => a + b, 0);
  return { machine: per(machine), bench: per(self), ...Object.fromEntries(Object.entries(children).map(([k, v]) => [k, per(v)])), rest: per(Math.max(0, machine - known)) };
}
