import {
  kitchenSettingsResponseSchema,
  printerAddedResponseSchema,
  printerPaths,
  reprintResponseSchema,
  staffPrintersResponseSchema,
  type KitchenSettings,
  type NewPrinter,
  type StaffPrinter,
} from '../../../../lib/api/printer-contract.ts';
import type { StaffClient } from '../../shell/client.ts';

/** The printer and auto-accept calls of the staff API, over the console's client; loaded only with the Printers view. */
export function printerSetupCalls({ call, menu, urlOf }: Pick<StaffClient, 'call' | 'menu' | 'urlOf'>) {
  return {
    list: async (): Promise<StaffPrinter[]> =>
      (await call({ method: 'GET', path: printerPaths.printers, schema: staffPrintersResponseSchema, signedIn: true }))
        .printers,
    /** The menu's groups, which a printer's stations are chosen from. */
    groups: async (): Promise<{ productGroupId: number; name: string }[]> =>
      (await menu()).groups.map(({ productGroupId, name }) => ({ productGroupId, name })),
    /** Answers the printer and, for a CloudPRNT one, the server URL to enter into it: the only time it is given. */
    add: async (printer: NewPrinter): Promise<{ printer: StaffPrinter; cloudPrntUrl: string | null }> => {
      const added = await call({
        method: 'POST',
        path: printerPaths.printers,
        body: printer,
        schema: printerAddedResponseSchema,
        signedIn: true,
      });
      return { printer: added.printer, cloudPrntUrl: added.cloudPrntPath && urlOf(added.cloudPrntPath) };
    },
    remove: (printerId: number): Promise<void> =>
      call<void>({ method: 'POST', path: printerPaths.removePrinter(printerId), schema: null, signedIn: true }),
    testPrint: async (printerId: number): Promise<void> => {
      await call({
        method: 'POST',
        path: printerPaths.testPrint(printerId),
        schema: reprintResponseSchema,
        signedIn: true,
      });
    },
    settings: async (): Promise<KitchenSettings> =>
      (
        await call({
          method: 'GET',
          path: printerPaths.kitchenSettings,
          schema: kitchenSettingsResponseSchema,
          signedIn: true,
        })
      ).settings,
    saveSettings: async (settings: KitchenSettings): Promise<KitchenSettings> =>
      (
        await call({
          method: 'PUT',
          path: printerPaths.kitchenSettings,
          body: settings,
          schema: kitchenSettingsResponseSchema,
          signedIn: true,
        })
      ).settings,
  };
}

export type PrinterSetupCalls = ReturnType<typeof printerSetupCalls>;
