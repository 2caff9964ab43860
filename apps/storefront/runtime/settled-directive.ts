import type { ClientDirective } from 'astro';
import { whenSettled } from './idle.ts';

/**
 * `client:settled`: hydrates an island once the page has settled (the visitor's first
 * interaction, or a few quiet seconds after load). For islands that only show something the
 * server cannot know, such as whether the shop is open now, and that nobody clicks before.
 */
const settled: ClientDirective = (load) => {
  void whenSettled()
    .then(load)
    .then((run) => run());
};

export default settled;
