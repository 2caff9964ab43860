import { createRoot } from 'react-dom/client';
import { withIslandBoundary } from '../IslandBoundary.tsx';
import Toaster from './Toaster.tsx';

const GuardedToaster = withIslandBoundary(Toaster, 'Toaster');

/** The toaster on pages without the ordering shell (custom pages, reset password), mounted once the first toast arrives. */
export function mountToaster(): void {
  const host = document.createElement('div');
  document.body.append(host);
  createRoot(host).render(<GuardedToaster />);
}
