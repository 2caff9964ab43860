import { useEffect, useState } from 'react';
import type { ReadableAtom } from 'nanostores';
import { whenSettled } from '../../runtime/idle.ts';

/**
 * Follows a store whose module is too heavy for the first paint (it carries the menu and its
 * schemas): the module loads once the page has settled (first interaction, or a few quiet seconds after load), and until then the value is undefined.
 */
export function useLazyStore<T>(load: () => Promise<ReadableAtom<T>>): T | undefined {
  const [value, setValue] = useState<T>();
  useEffect(() => {
    let unsubscribe: (() => void) | undefined;
    let active = true;
    void whenSettled()
      .then(load)
      .then((store) => {
        if (active) unsubscribe = store.subscribe((next) => setValue(() => next));
      });
    return () => {
      active = false;
      unsubscribe?.();
    };
  }, []);
  return value;
}
