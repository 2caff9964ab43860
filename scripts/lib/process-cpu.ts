import { readdirSync, readFileSync } from 'node:fs';

/** Linux's clock ticks per second in /proc (USER_HZ), 100 on every common kernel. */
const TICKS_PER_SECOND = 100;

/** The fields of /proc/<pid>/stat after the command name, which may itself hold spaces and parentheses. */
function statFields(pid: number): string[] | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return text.slice(text.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

/** CPU seconds (user and system) a process has used so far; 0 once it is gone or where there is no /proc. */
export function cpuSecondsOf(pid: number): number {
  const fields = statFields(pid);
  if (!fields) return 0;
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

/** The processes whose parent is `pid` (nginx's workers under its master). */
export function childrenOf(pid: number): number[] {
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return [];
  }
  return entries.filter((entry) => /^\d+$/.test(entry) && statFields(Number(entry))?.[1] === String(pid)).map(Number);
}

/** CPU seconds the whole machine spent busy so far (all cores), from /proc/stat; 0 where there is none. */
export function machineBusySeconds(): number {
  try {
    const [, ...ticks] = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '').trim().split(/\s+/).map(Number);
    const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = ticks;
    return (user + nice + system + irq + softirq + steal) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/**
 * What a set of processes costs over a stretch of time: `start()` notes each one's CPU so far,
 * `took()` the seconds each group used since (a process that appeared meanwhile counts from zero).
 */
export function cpuMeter(groups: () => Record<string, readonly number[]>) {
  const before = new Map<number, number>();
  return {
    start() {
      for (const pids of Object.values(groups())) for (const pid of pids) before.set(pid, cpuSecondsOf(pid));
    },
    took(): Record<string, number> {
      return Object.fromEntries(
        Object.entries(groups()).map(([name, pids]) => [
          name,
          pids.reduce((sum, pid) => sum + cpuSecondsOf(pid) - (before.get(pid) ?? 0), 0),
        ]),
      );
    },
  };
}
