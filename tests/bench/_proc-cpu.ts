/**
 * CPU time (user + system, µs) of the Chromium process hosting the extension's background, read from
 * /proc: no profiler attached, so nothing inflates what is measured. Linux only.
 */
import { readdirSync, readFileSync } from 'node:fs';

const TICK_US = 1e6 / 100; // USER_HZ is 100 on Linux

/** The pid of the extension renderer process of the browser started with this user-data-dir. */
export function extensionProcessPid(userDataDir: string): number | undefined {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let cmd = '';
    try {
      cmd = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
    } catch (error) {
      void error; // the process ended while we looked
      continue;
    }
    if (cmd.includes('--extension-process') && cmd.includes(userDataDir)) return Number(entry);
  }
  return undefined;
}

export function processCpuMicros(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * TICK_US; // utime, stime
}
