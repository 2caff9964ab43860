import { atom } from 'nanostores';
import { failureText, sessionEnded } from '../../shell/failures.ts';
import type {
  LiveService,
  LiveState,
  ServiceSetting,
  SoldOutBody,
  StaffMenu,
} from '../../../../lib/api/live-state-contract.ts';
import { type StaffClient } from '../../shell/client.ts';
import { savedNotice, SERVICE_TEXT } from './live-state.ts';
import { $consoleSession, consoleToken } from '../../shell/store.ts';

/**
 * The console's Live panel: the shop's busy, paused and sold-out state as the server last said,
 * its menu for the sold-out picker, and what the last change came to. A change shows only once the
 * server has it; a failure keeps what was there and says why.
 */
export interface LivePanel {
  liveState: LiveState | null;
  menu: StaffMenu | null;
  /** Why the state or the menu could not be read, until a read succeeds. */
  problem: string | null;
  /** The change being saved (a service, or `sold-out:<kind>:<id>`), so its button says so. */
  saving: string | null;
  /** What the last change came to. */
  notice: { ok: boolean; text: string } | null;
}

const empty: LivePanel = { liveState: null, menu: null, problem: null, saving: null, notice: null };

export const $livePanel = atom<LivePanel>(empty);

function update(changes: Partial<LivePanel>): void {
  $livePanel.set({ ...$livePanel.get(), ...changes });
}

// Signing out (or a session ending) leaves nothing of the shop's state in memory for the next person.
$consoleSession.listen((session) => {
  if (session.kind === 'signed-out') $livePanel.set(empty);
});

/** Reads the state (and the menu, once); another device's changes show at the next read. */
export async function refreshLivePanel(client: StaffClient): Promise<void> {
  const token = consoleToken();
  try {
    const [liveState, menu] = await Promise.all([client.liveState(), $livePanel.get().menu ?? client.menu()]);
    if (consoleToken() === token) update({ liveState, menu, problem: null });
  } catch (error) {
    if (!sessionEnded(error) && consoleToken() === token) update({ problem: failureText(error) });
  }
}

async function change(
  key: string,
  what: string,
  send: () => Promise<{ liveState: LiveState; published: boolean }>,
): Promise<void> {
  if ($livePanel.get().saving !== null) return;
  const token = consoleToken();
  update({ saving: key, notice: null });
  try {
    const { liveState, published } = await send();
    if (consoleToken() === token)
      update({ liveState, saving: null, notice: { ok: published, text: savedNotice(what, published) } });
  } catch (error) {
    if (consoleToken() !== token) return;
    update({
      saving: null,
      notice: sessionEnded(error) ? null : { ok: false, text: `Not saved: ${failureText(error)}` },
    });
  }
}

const settingText = (service: LiveService, setting: ServiceSetting) =>
  `${SERVICE_TEXT[service]} ${setting.mode === 'open' ? 'open' : setting.mode}, ${setting.waitMinutes} min wait`;

export function changeService(client: StaffClient, service: LiveService, setting: ServiceSetting): Promise<void> {
  return change(service, `Saved: ${settingText(service, setting)}`, () => client.setService(service, setting));
}

export function changeSoldOut(client: StaffClient, body: SoldOutBody, name: string): Promise<void> {
  const [kind, id] = 'productId' in body ? ['product', body.productId] : ['group', body.productGroupId];
  return change(
    `sold-out:${kind}:${id}`,
    body.soldOut ? `Saved: ${name} sold out for today` : `Saved: ${name} back on`,
    () => client.setSoldOut(body),
  );
}
