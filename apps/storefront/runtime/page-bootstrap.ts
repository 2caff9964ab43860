import { PAGE_RUNTIME_ELEMENT_ID } from '../../../lib/constants.ts';
import { installErrorCapture } from './error-capture.ts';
import { whenIdle, whenSettled } from './idle.ts';

// Part of every tenant page's first paint, so it stays tiny: capture errors from the start, load the rest once the page has settled.
installErrorCapture();
const settings = document.getElementById(PAGE_RUNTIME_ELEMENT_ID)?.textContent;
// After settling the ordering runtime goes first; these services take the next idle moment, so the two never share one long task.
if (settings)
  void whenSettled()
    .then(() => whenIdle())
    .then(() => import('./page-services.ts').then(({ startPageServices }) => startPageServices(settings)));
