import { PAGE_RUNTIME_ELEMENT_ID } from '../lib/constants.ts';
import { installErrorCapture } from './error-capture.ts';
import { whenSettled } from './idle.ts';

// Part of every tenant page's first paint, so it stays tiny: capture errors from the start, load the rest once the page has settled.
installErrorCapture();
const settings = document.getElementById(PAGE_RUNTIME_ELEMENT_ID)?.textContent;
if (settings) void whenSettled().then(() => import('./page-services.ts').then(({ startPageServices }) => startPageServices(settings)));
