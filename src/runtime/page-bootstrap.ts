import { PAGE_RUNTIME_ELEMENT_ID } from '../lib/constants.ts';
import { installErrorCapture } from './error-capture.ts';
import { whenIdle } from './idle.ts';

// Part of every tenant page's first paint, so it stays tiny: capture errors from the start, load the rest when idle.
installErrorCapture();
const settings = document.getElementById(PAGE_RUNTIME_ELEMENT_ID)?.textContent;
if (settings) void whenIdle().then(() => import('./page-services.ts').then(({ startPageServices }) => startPageServices(settings)));
