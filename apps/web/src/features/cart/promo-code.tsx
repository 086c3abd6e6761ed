import type { Cart, PromoRefusalCode } from '@dukkan/contracts/cart';
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { SentenceWithAmount } from '../../components/price';
import { errorCodeOf } from '../../lib/api-error';
import { notify } from '../../lib/notify';

import { useApplyPromoCodeMutation, useRemovePromoCodeMutation } from './cart-api';
import { isReason } from './promo-notice';
import { useCartArgs } from './use-cart';

/*
 * The promo code of the cart (issue #35): a field with 'Apply' in the cart's and the checkout's
 * summaries, the applied code as a chip that removes it, and why a code does not apply, in the
 * shopper's language. The server decides everything; this shows what the cart answers.
 */

/** Why a code does not apply, translated; a minimum not met says how much more to add. */
function Reason({ reason, missing }: { reason: PromoRefusalCode; missing?: number }) {
  const { t } = useTranslation('shopping');
  if (reason === 'PROMO_MIN_SUBTOTAL') return <SentenceWithAmount amount={missing ?? 0} sentence={(amount) => t('promo.reasons.PROMO_MIN_SUBTOTAL', { amount })} />;
  return <>{t(`promo.reasons.${reason}`)}</>;
}

/** The field's refusal: the server's reason, or that the code could not be sent. */
type Refusal = { reason: PromoRefusalCode; missing?: number } | { failed: true } | { empty: true };

function missingOf(error: unknown): number | undefined {
  if (error && typeof error === 'object' && 'data' in error) {
    const { data } = error;
    if (data && typeof data === 'object' && 'missing' in data && typeof data.missing === 'number') return data.missing;
  }
  return undefined;
}

/**
 * The promo code of `cart`: a form with 'Promo code' and 'Apply', or the applied code as a chip.
 * A refused code's reason shows under the field, tied to it; the code typed stays so it can be
 * corrected. The focus stays where the shopper is: on the chip once a code applies, on the field
 * once the chip removed it.
 */
export function PromoCode({ cart }: { cart: Cart }) {
  const { t } = useTranslation('shopping');
  const args = useCartArgs();
  const id = useId();
  const [apply, { isLoading: applying }] = useApplyPromoCodeMutation();
  const [remove, { isLoading: removing }] = useRemovePromoCodeMutation();
  const [code, setCode] = useState('');
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const focusNext = useRef<'chip' | 'field' | null>(null);
  const chipRef = useRef<HTMLButtonElement>(null);
  const fieldRef = useRef<HTMLInputElement>(null);

  // The code the cart holds: the one that applies, or one kept that does not apply now (used up).
  const notice = cart.promoNotice;
  const held = cart.promotion?.code ?? (notice && !notice.removed ? notice.code : null);

  useEffect(() => {
    if (focusNext.current === 'chip' && held) chipRef.current?.focus();
    if (focusNext.current === 'field' && !held) fieldRef.current?.focus();
    focusNext.current = null;
  }, [held]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (applying) return;
    const typed = code.trim();
    if (typed === '') {
      setRefusal({ empty: true });
      return;
    }
    const result = await apply({ code: typed, args });
    if ('error' in result) {
      const reason = errorCodeOf(result.error);
      setRefusal(isReason(reason) ? { reason, missing: missingOf(result.error) } : { failed: true });
      return;
    }
    setRefusal(null);
    setCode('');
    focusNext.current = 'chip';
  }

  async function removeCode() {
    if (removing) return;
    const result = await remove({ args });
    if ('error' in result) {
      void notify('error', t('promo.removeFailed'));
      return;
    }
    focusNext.current = 'field';
  }

  const errorId = `${id}-error`;
  let refusalText: ReactNode = null;
  if (refusal && 'reason' in refusal) refusalText = <Reason reason={refusal.reason} missing={refusal.missing} />;
  else if (refusal && 'empty' in refusal) refusalText = t('promo.required');
  else if (refusal) refusalText = t('promo.failed');

  if (held) {
    return (
      <div className="dk-promo">
        <p className="dk-promo__label">{t('promo.label')}</p>
        {/* Its name starts with the code it shows, then says what it does. */}
        <button ref={chipRef} type="button" className="dk-promo__chip" onClick={() => void removeCode()} aria-busy={removing} aria-label={`${held} ${t('promo.remove')}`}>
          <bdi dir="ltr">{held}</bdi>
          <span aria-hidden="true" className="dk-promo__chip-x">
            ×
          </span>
        </button>
        {cart.promotion ? <p className="dk-promo__applied">{t('promo.applied', { name: cart.promotion.name })}</p> : null}
        {notice && !notice.removed ? (
          <p className="dk-promo__error" role="status">
            <Reason reason={notice.reason} missing={notice.missing} />
          </p>
        ) : null}
      </div>
    );
  }

  return (
    <form className="dk-promo" onSubmit={(event) => void submit(event)} noValidate>
      <label htmlFor={id} className="dk-promo__label">
        {t('promo.label')}
      </label>
      <div className="dk-promo__row">
        <input
          ref={fieldRef}
          id={id}
          name="code"
          className="dk-promo__input"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={64}
          dir="ltr"
          aria-invalid={refusalText ? true : undefined}
          aria-describedby={refusalText ? errorId : undefined}
        />
        <button type="submit" className="dk-button dk-button--outlined" aria-busy={applying}>
          {t('promo.apply')}
        </button>
      </div>
      {refusalText ? (
        <p id={errorId} className="dk-promo__error" role="alert">
          {refusalText}
        </p>
      ) : null}
    </form>
  );
}
