import type { Page } from '@playwright/test';

/**
 * Corrupts one island's prerendered props before it hydrates, as a bad deployment would. (A
 * document fulfilled by the test would lose its loopback address space, and with it the local API.)
 */
export async function corruptIslandProps(page: Page, island: string, from: string, to: string): Promise<void> {
  await page.addInitScript(
    ({ name, before, after }) => {
      new MutationObserver((_records, observer) => {
        const element = document.querySelector(`astro-island[component-url*="/${name}."]`);
        const props = element?.getAttribute('props');
        if (!element || !props) return;
        element.setAttribute('props', props.replace(before, after));
        observer.disconnect();
      }).observe(document, { childList: true, subtree: true });
    },
    { name: island, before: from, after: to },
  );
}
