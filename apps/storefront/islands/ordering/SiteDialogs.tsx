import { useStore } from '@nanostores/react';
import { lazy, Suspense } from 'react';
import { $ui } from '../../stores/ui.ts';

const TableBookingDialog = lazy(() => import('../table-booking/TableBookingDialog.tsx'));
const DeliveryMapDialog = lazy(() => import('../delivery-map/DeliveryMapDialog.tsx'));
const MailingListDialog = lazy(() => import('../mailing-list/MailingListDialog.tsx'));

// The shell loads one module for the dialogs and their address handling.
export { openDialogOfLink, openLinkedDialog } from '../../stores/dialogs.ts';

/** The dialogs a page address can open (`?modal=`); the shell loads this only once one is asked for. */
export default function SiteDialogs() {
  const ui = useStore($ui);
  return (
    <Suspense>
      {ui.showTableBookingModal && <TableBookingDialog />}
      {ui.showDeliveryMapModal && <DeliveryMapDialog />}
      {ui.showMailingListModal && <MailingListDialog />}
    </Suspense>
  );
}
