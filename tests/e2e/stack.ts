import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';

/** Starts a Node script of this repository and resolves with the first stdout line matching `ready`. */
export async function startProcess(args: string[], ready: RegExp, env: NodeJS.ProcessEnv = {}): Promise<{ child: ChildProcess; match: RegExpMatchArray }> {
  const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  let buffer = '';
  const match = await new Promise<RegExpMatchArray>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const found = buffer.match(ready);
      if (found) resolve(found);
    });
    child.once('exit', (code) => reject(new Error(`${args.join(' ')} exited with ${code} before it was ready:\n${buffer}`)));
  });
  child.stdout?.resume();
  return { child, match };
}

export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await once(child, 'exit');
}
