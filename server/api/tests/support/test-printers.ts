import { expect } from 'vitest';
import {
  cloudPrntPollResponseSchema,
  printerAddedResponseSchema,
  printerPaths,
} from '../../../../lib/api/printer-contract.ts';
import { decodeEscPos } from './escpos-decoder.ts';
import { staffCall } from './shop-staff.ts';
import type { TestApi } from './test-support.ts';

/**
 * A Star printer on CloudPRNT, added by the owner for every station (ESC/POS, printing on accept),
 * and what its firmware does: poll the API, fetch the job offered and confirm it printed.
 */
export async function addCloudPrntPrinter(api: TestApi, ownerToken: string, name = 'Pass') {
  const added = printerAddedResponseSchema.parse(
    (
      await staffCall(api, ownerToken, printerPaths.printers, {
        body: { connection: 'cloudprnt', name, language: 'escpos', productGroupIds: [] },
      })
    ).body,
  );
  const path = added.cloudPrntPath ?? '';
  const poll = async () => cloudPrntPollResponseSchema.parse((await api.call(path, { domain: null, body: {} })).body);
  return {
    path,
    poll,
    /** Fetches and confirms the job the printer is offered; answers the printed lines' text. */
    async printNext(): Promise<string[]> {
      const ready = await poll();
      expect(ready.jobReady).toBe(true);
      const fetched = await fetch(`${api.url}${path}?type=application%2Foctet-stream&token=${ready.jobToken ?? ''}`);
      expect(fetched.status).toBe(200);
      const printed = decodeEscPos(new Uint8Array(await fetched.arrayBuffer())).lines.map((line) => line.text);
      const confirmed = await fetch(`${api.url}${path}?code=200%20OK&token=${ready.jobToken ?? ''}`, {
        method: 'DELETE',
      });
      expect(confirmed.status).toBe(200);
      return printed;
    },
  };
}

/** A network printer "Oven" on 127.0.0.1 at `port` (a sink's), added by the owner for every station. */
export async function addTcpPrinter(api: TestApi, ownerToken: string, port: number): Promise<void> {
  const added = await staffCall(api, ownerToken, printerPaths.printers, {
    body: { connection: 'tcp', name: 'Oven', host: '127.0.0.1', port, productGroupIds: [] },
  });
  expect(added.status, JSON.stringify(added.body)).toBe(201);
}
