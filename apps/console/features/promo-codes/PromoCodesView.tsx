import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { MAX_PROMO_CODES, type PromoCode } from '../../../../lib/cart/promo.ts';
import { retailerWallClock } from '../../../../lib/time/retailer-clock.ts';
import { primaryButton } from '../../../../ui/buttons.ts';
import { SectionView } from '../../shell/SectionView.tsx';
import { $shopZone } from '../../shell/shop-zone.ts';
import { staffApi } from '../../shell/staff-api.ts';
import { NoticeLine } from '../staff/NoticeLine.tsx';
import { PromoCodeCard } from './PromoCodeCard.tsx';
import { PromoCodeForm } from './PromoCodeForm.tsx';
import { promoCodeCalls, type PromoCodeCalls } from './promo-codes-client.ts';
import { emptyPromoForm, formOfCode } from './promo-form.ts';
import {
  $promoCodes,
  addPromoCode,
  changePromoCode,
  dismissPromoNotice,
  endPromoCode,
  refreshPromoCodes,
} from './store.ts';

const calls = (): Promise<PromoCodeCalls> => staffApi().then(promoCodeCalls);

/** What the owner has open: a new code, or the code listed under that text. */
type Editing = { kind: 'new' } | { kind: 'change'; code: string } | null;

/**
 * The shop's promo codes: every staff member reads them (the counter answers customers about
 * them); the owner adds, changes and ends them.
 */
export default function PromoCodesView({ canEdit }: { canEdit: boolean }) {
  const state = useStore($promoCodes);
  const zone = useStore($shopZone);
  const [editing, setEditing] = useState<Editing>(null);
  const open = (form: Editing) => {
    dismissPromoNotice();
    setEditing(form);
  };
  const refresh = () => calls().then(refreshPromoCodes, () => undefined);

  useEffect(() => {
    void refresh();
  }, []);

  const today = retailerWallClock(new Date(), zone).date;
  // A refused save is said in the open form, beside Save; anything else above the list.
  const refusal = editing !== null && state.notice && !state.notice.ok ? state.notice.text : null;
  const others = (except: string | null) => state.codes.map((code) => code.code).filter((code) => code !== except);
  const closeWhen = (saved: Promise<boolean>) =>
    saved.then((ok) => {
      if (ok) setEditing(null);
      return ok;
    });
  const save = (send: (loaded: PromoCodeCalls) => Promise<boolean>) => closeWhen(calls().then(send, () => false));

  const card = (code: PromoCode) =>
    editing?.kind === 'change' && editing.code === code.code ? (
      <PromoCodeForm
        title={`Change ${code.code}`}
        initial={formOfCode(code)}
        otherCodes={others(code.code)}
        codeFixed
        saving={state.saving}
        refusal={refusal}
        onSave={(changed) => save((loaded) => changePromoCode(loaded, code.code, changed))}
        onCancel={() => setEditing(null)}
      />
    ) : (
      <PromoCodeCard
        code={code}
        uses={state.uses[code.code] ?? 0}
        today={today}
        saving={state.saving}
        onEdit={canEdit ? () => open({ kind: 'change', code: code.code }) : undefined}
        // Ending one code leaves a form open on another as it is.
        onEnd={
          canEdit
            ? () =>
                void calls().then(
                  (loaded) => endPromoCode(loaded, code.code),
                  () => false,
                )
            : undefined
        }
      />
    );

  return (
    <SectionView
      title="Promo codes"
      width="narrow"
      onRefresh={refresh}
      summary={`${state.codes.length} of ${MAX_PROMO_CODES} codes`}
      problem={state.problem}
      loaded={state.loaded}
      loadingText="Loading the promo codes…"
      emptyText={null}
    >
      {!canEdit && <p className="mt-2 text-sm text-muted-foreground">Only the owner creates, changes or ends codes.</p>}
      {refusal === null && <NoticeLine notice={state.notice} />}
      {state.codes.length === 0 ? (
        <p className="mt-4 text-muted-foreground">No promo codes yet.</p>
      ) : (
        <ul className="mt-4 grid gap-3" aria-label="Promo codes">
          {state.codes.map((code) => (
            <li key={code.code} className="min-w-0">
              {card(code)}
            </li>
          ))}
        </ul>
      )}
      {canEdit &&
        (editing?.kind === 'new' ? (
          <div className="mt-6">
            <PromoCodeForm
              title="New promo code"
              initial={emptyPromoForm}
              otherCodes={others(null)}
              codeFixed={false}
              saving={state.saving}
              refusal={refusal}
              onSave={(code) => save((loaded) => addPromoCode(loaded, code))}
              onCancel={() => setEditing(null)}
            />
          </div>
        ) : (
          state.codes.length < MAX_PROMO_CODES && (
            <button type="button" className={`${primaryButton} mt-6 min-h-11`} onClick={() => open({ kind: 'new' })}>
              Add a code
            </button>
          )
        ))}
    </SectionView>
  );
}
