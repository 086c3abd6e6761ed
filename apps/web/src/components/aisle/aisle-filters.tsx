import type { AisleFacets, FacetValue } from '@dukkan/contracts/aisle';
import { AISLE_RATINGS } from '@dukkan/contracts/limits';
import { type FormEvent, type Ref, useId } from 'react';
import { useTranslation } from 'react-i18next';

import { formatCount } from '../../lib/format-count';
import { useLanguage } from '../../lib/use-language';

import { type AisleKind, type AisleState, type MultiFilter, changed, toggled } from './aisle-query';

/** The price fields as typed, before they are applied (on leaving a field, Enter or Apply). */
export interface PriceDraft {
  min: string;
  max: string;
}

export interface AisleFiltersProps {
  kind: AisleKind;
  /** The form's id: the sort field in the list's bar belongs to it (`form=`). */
  formId: string;
  /** The page's path: the form's `action`, so it works without scripts. */
  action: string;
  /** The address's parameters that are not the aisle's (`q`, `lng`): sent again as they are. */
  carried: readonly (readonly [string, string])[];
  /** What is chosen, as the shopper sees it now (ahead of the address while it changes). */
  state: AisleState;
  price: PriceDraft;
  facets: AisleFacets | undefined;
  /** A choice was made: apply `next` at once. `control` names the control used, to keep its focus. */
  onChoose: (next: AisleState, control: string) => void;
  onPriceChange: (price: PriceDraft) => void;
  /** The price fields are to be applied (a field left, Enter, Apply). */
  onApply: (event: FormEvent<HTMLFormElement> | undefined) => void;
  formRef?: Ref<HTMLFormElement>;
}

/** The key of a control, to find it again after the list re-renders: `brand=Acme`. */
export const controlKey = (name: string, value: string) => `${name}=${value}`;

/**
 * Facet values, the chosen ones first (a ticked box stays in sight at the top of a long, scrolling
 * group) with any the answer lacks at 0, then the others in the answer's order.
 */
function valuesOf(facet: readonly FacetValue[] | undefined, chosen: readonly string[]): FacetValue[] {
  const listed = facet ?? [];
  const chosenValues = chosen.map((value) => listed.find((entry) => entry.value === value) ?? { value, label: value, count: 0 });
  return [...chosenValues, ...listed.filter((entry) => !chosen.includes(entry.value))];
}

function CountedLabel({ label, count }: { label: string; count: number | undefined }) {
  const lng = useLanguage();
  return <span>{count === undefined ? label : `${label} (${formatCount(count, lng)})`}</span>;
}

function ValueGroup({
  name,
  legend,
  values,
  chosen,
  state,
  onChoose,
}: {
  name: MultiFilter;
  legend: string;
  values: FacetValue[];
  chosen: readonly string[];
  state: AisleState;
  onChoose: AisleFiltersProps['onChoose'];
}) {
  if (values.length === 0) return null;
  return (
    <fieldset className="dk-aisle-group">
      <legend className="dk-aisle-group__legend">{legend}</legend>
      <ul className={values.length > 8 ? 'dk-aisle-group__values dk-aisle-group__values--long' : 'dk-aisle-group__values'}>
        {values.map((entry) => (
          <li key={entry.value}>
            <label className="dk-aisle-choice">
              <input
                type="checkbox"
                name={name}
                value={entry.value}
                checked={chosen.includes(entry.value)}
                data-control={controlKey(name, entry.value)}
                onChange={(event) => onChoose(toggled(state, name, entry.value, event.currentTarget.checked), controlKey(name, entry.value))}
              />
              <CountedLabel label={entry.label} count={entry.count} />
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

/**
 * The filters of an aisle as a GET form (issue #34): it works without scripts (Apply sends it to
 * the same page); with them each choice applies at once. Each value is a checkbox (the rating a
 * radio) named as the address names it, labelled with its label and count: 'Acme (12)'.
 */
export function AisleFilters({ kind, formId, action, carried, state, price, facets, onChoose, onPriceChange, onApply, formRef }: AisleFiltersProps) {
  const { t } = useTranslation('catalog');
  const minId = useId();
  const maxId = useId();
  const ratingCount = (value: number) => facets?.rating.find((entry) => entry.value === value)?.count;
  return (
    <form id={formId} ref={formRef} className="dk-aisle-form" method="get" action={action} aria-label={t('aisle.filters')} onSubmit={onApply}>
      {carried.map(([name, value]) => (
        <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
      ))}
      {kind === 'search' ? (
        <ValueGroup
          name="department"
          legend={t('aisle.groups.department')}
          values={valuesOf(facets?.department, state.department)}
          chosen={state.department}
          state={state}
          onChoose={onChoose}
        />
      ) : (
        <ValueGroup
          name="subcategory"
          legend={t('aisle.groups.subcategory')}
          values={valuesOf(facets?.subcategory, state.subcategory)}
          chosen={state.subcategory}
          state={state}
          onChoose={onChoose}
        />
      )}
      <ValueGroup name="brand" legend={t('aisle.groups.brand')} values={valuesOf(facets?.brand, state.brand)} chosen={state.brand} state={state} onChoose={onChoose} />
      <fieldset className="dk-aisle-group">
        <legend className="dk-aisle-group__legend">{t('aisle.groups.price')}</legend>
        <div className="dk-aisle-price">
          <label htmlFor={minId}>{t('aisle.minPrice')}</label>
          <label htmlFor={maxId}>{t('aisle.maxPrice')}</label>
          <input
            id={minId}
            className="dk-aisle-price__field"
            type="number"
            name="minPrice"
            min={0}
            step="0.01"
            inputMode="decimal"
            placeholder={facets?.price.min == null ? undefined : String(Math.floor(facets.price.min))}
            value={price.min}
            onChange={(event) => onPriceChange({ ...price, min: event.currentTarget.value })}
            onBlur={() => onApply(undefined)}
          />
          <input
            id={maxId}
            className="dk-aisle-price__field"
            type="number"
            name="maxPrice"
            min={0}
            step="0.01"
            inputMode="decimal"
            placeholder={facets?.price.max == null ? undefined : String(Math.ceil(facets.price.max))}
            value={price.max}
            onChange={(event) => onPriceChange({ ...price, max: event.currentTarget.value })}
            onBlur={() => onApply(undefined)}
          />
        </div>
      </fieldset>
      <fieldset className="dk-aisle-group">
        <legend className="dk-aisle-group__legend">{t('aisle.groups.rating')}</legend>
        <ul className="dk-aisle-group__values">
          {AISLE_RATINGS.map((value) => (
            <li key={value}>
              <label className="dk-aisle-choice">
                <input
                  type="radio"
                  name="rating"
                  value={value}
                  checked={state.rating === value}
                  data-control={controlKey('rating', String(value))}
                  onChange={() => onChoose(changed(state, { rating: value }), controlKey('rating', String(value)))}
                />
                <CountedLabel label={t('aisle.stars', { count: value })} count={ratingCount(value)} />
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      <fieldset className="dk-aisle-group">
        <legend className="dk-aisle-group__legend">{t('aisle.groups.availability')}</legend>
        <ul className="dk-aisle-group__values">
          <li>
            <label className="dk-aisle-choice">
              <input
                type="checkbox"
                name="inStock"
                value="1"
                checked={state.inStock}
                data-control={controlKey('inStock', '1')}
                onChange={(event) => onChoose(changed(state, { inStock: event.currentTarget.checked }), controlKey('inStock', '1'))}
              />
              <CountedLabel label={t('aisle.inStock')} count={facets?.inStock} />
            </label>
          </li>
          <li>
            <label className="dk-aisle-choice">
              <input
                type="checkbox"
                name="onSale"
                value="1"
                checked={state.onSale}
                data-control={controlKey('onSale', '1')}
                onChange={(event) => onChoose(changed(state, { onSale: event.currentTarget.checked }), controlKey('onSale', '1'))}
              />
              <CountedLabel label={t('aisle.onSale')} count={facets?.onSale} />
            </label>
          </li>
        </ul>
      </fieldset>
      <button type="submit" className="dk-button dk-button--contained dk-aisle-form__apply">
        {t('aisle.apply')}
      </button>
    </form>
  );
}
