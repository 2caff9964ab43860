/**
 * The phone's Back gesture closes a full-screen panel instead of leaving the shop. An open side
 * panel (the cart, checkout) keeps one history entry of its own on the page's address; Back pops
 * it and closes the panel, and a panel closed any other way takes its entry back. Moving from one
 * panel to the next (cart → checkout) keeps the one entry, so the next Back closes that one too.
 */

const STATE_KEY = 'sidePanel';
const openPanels = new Set<() => void>();
let listening = false;
/**
 * Our own `history.back()` is on its way: its popstate closes nothing. A panel that opened while it
 * was (checkout, loaded on demand after the cart closed) gets its entry back when it lands, instead
 * of being closed by a Back nobody pressed.
 */
let leaving = false;

const ownEntryOnTop = () => {
  const state: unknown = window.history.state;
  return typeof state === 'object' && state !== null && STATE_KEY in state;
};

function pushOwnEntry(): void {
  const state: unknown = window.history.state;
  window.history.pushState({ ...(typeof state === 'object' && state !== null ? state : {}), [STATE_KEY]: true }, '');
}

function closeOnBack(): void {
  if (leaving) {
    leaving = false;
    if (openPanels.size > 0 && !ownEntryOnTop()) pushOwnEntry();
    return;
  }
  if (ownEntryOnTop()) return;
  for (const close of [...openPanels]) close();
}

/** Called as a side panel opens; returns what to call as it closes. */
export function sidePanelOpened(close: () => void): () => void {
  openPanels.add(close);
  if (!listening) {
    window.addEventListener('popstate', closeOnBack);
    listening = true;
  }
  if (!leaving && !ownEntryOnTop()) pushOwnEntry();
  return () => {
    openPanels.delete(close);
    // After the render that may open the next panel: only when none is open does the entry go.
    setTimeout(() => {
      if (openPanels.size === 0 && !leaving && ownEntryOnTop()) {
        leaving = true;
        window.history.back();
      }
    }, 0);
  };
}
