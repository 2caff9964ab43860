import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { appendFileSync } from 'node:fs';

/**
 * Starts a Node script of this repository and resolves once its output so far satisfies `ready`.
 * With `logFile`, all its output is also appended there for tests in other processes to read.
 */
export async function startProcess(
  args: string[],
  ready: (output: string) => boolean,
  env: NodeJS.ProcessEnv = {},
  logFile?: string,
): Promise<{ child: ChildProcess; output: () => string }> {
  const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let buffer = '';
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      buffer += chunk.toString();
      if (logFile) appendFileSync(logFile, chunk);
      if (ready(buffer)) resolve();
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) =>
      reject(new Error(`${args.join(' ')} exited with ${code} before it was ready:\n${buffer}`)),
    );
  });
  return { child, output: () => buffer };
}

/** Stops it as Ctrl-C would and waits until it has exited. */
export async function stopProcess(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null) return child.exitCode;
  child.kill('SIGINT');
  const [code] = (await once(child, 'exit')) as [number | null];
  return code;
}
