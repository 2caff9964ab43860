import { CHUNK_RELOAD_WINDOW_MS } from '../constants.ts';

/** How browsers word a module or chunk that could not be fetched (a deployment replaced it). */
const chunkFailurePattern =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|Loading chunk .+ failed/i;

export function isChunkLoadFailure(message: string): boolean {
  return chunkFailurePattern.test(message);
}

/** Whether the page may reload for a failed chunk: at most once per path within CHUNK_RELOAD_WINDOW_MS. */
export function mayReloadForChunk(lastReloadAt: number | null, now: number): boolean {
  return (
    lastReloadAt === null ||
    !Number.isFinite(lastReloadAt) ||
    now - lastReloadAt >= CHUNK_RELOAD_WINDOW_MS ||
    now < lastReloadAt
  );
}
