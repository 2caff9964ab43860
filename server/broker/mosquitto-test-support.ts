import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';

/** Test support for the tests that run a real Mosquitto (Debian package "mosquitto"). */

export const MOSQUITTO = '/usr/sbin/mosquitto';

/** True when Mosquitto is installed; otherwise warns once with what is skipped and why. */
export function mosquittoPresent(skipped: string): boolean {
  const present = existsSync(MOSQUITTO);
  if (!present) console.warn(`${skipped} skipped: ${MOSQUITTO} not found (Debian package "mosquitto").`);
  return present;
}

export interface RunningMosquitto {
  /** Everything Mosquitto logged so far. */
  output(): string;
  stop(): Promise<void>;
}

/** Starts Mosquitto on a config file; resolves once it says it is running, rejects with its log if it exits first. */
export function startMosquitto(configFile: string, extraArgs: readonly string[] = []): Promise<RunningMosquitto> {
  const child = spawn(MOSQUITTO, ['-c', configFile, ...extraArgs], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const running: RunningMosquitto = {
    output: () => output,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void running.stop();
      reject(new Error(`mosquitto did not start:\n${output}`));
    }, 5000);
    const watch = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      if (/mosquitto version \S+ running/.test(output)) {
        clearTimeout(timer);
        resolve(running);
      }
    };
    child.stdout.on('data', watch);
    child.stderr.on('data', watch);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`mosquitto exited with ${code}:\n${output}`));
    });
  });
}
