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

/** The yes-or-no filters, in the order the availability group lists them. */
const AVAILABILITY = ['inStock', 'onSale'] as const;

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

/** One box of a group (the rating's are radios), named and valued as the address names it. */
interface Choice {
  name: string;
  value: string;
  label: string;
  count: number | undefined;
  checked: boolean;
  /** The aisle once the box is ticked (`true`) or cleared. */
  choose: (checked: boolean) => AisleState;
}

/** A group of the form: its boxes, each applied at once, a long list scrolling on its own. */
function ChoiceGroup({
  legend,
  type = 'checkbox',
  choices,
  onChoose,
}: {
  legend: string;
  type?: 'checkbox' | 'radio';
  choices: readonly Choice[];
  onChoose: AisleFiltersProps['onChoose'];
}) {
  if (choices.length === 0) return null;
  return (
    <fieldset className="dk-aisle-group">
      <legend className="dk-aisle-group__legend">{legend}</legend>
      <ul className={choices.length > 8 ? 'dk-aisle-group__values dk-aisle-group__values--long' : 'dk-aisle-group__values'}>
        {choices.map(({ name, value, label, count, checked, choose }) => (
          <li key={controlKey(name, value)}>
            <label className="dk-aisle-choice">
              <input
                type={type}
                name={name}
                value={value}
                checked={checked}
                data-control={controlKey(name, value)}
                onChange={(event) => onChoose(choose(event.currentTarget.checked), controlKey(name, value))}
              />
              <CountedLabel label={label} count={count} />
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

/** A repeatable filter's values as boxes (see `valuesOf`), each adding or removing its value. */
function facetChoices(name: MultiFilter, facet: readonly FacetValue[] | undefined, state: AisleState): Choice[] {
  const chosen = state[name];
  return valuesOf(facet, chosen).map(({ value, label, count }) => ({
    name,
    value,
    label,
    count,
    checked: chosen.includes(value),
    choose: (checked) => toggled(state, name, value, checked),
  }));
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
  return (
    <form id={formId} ref={formRef} className="dk-aisle-form" method="get" action={action} aria-label={t('aisle.filters')} onSubmit={onApply}>
      {carried.map(([name, value]) => (
        <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
      ))}
      {kind === 'search' ? (
        <ChoiceGroup legend={t('aisle.groups.department')} choices={facetChoices('department', facets?.department, state)} onChoose={onChoose} />
      ) : (
        <ChoiceGroup legend={t('aisle.groups.subcategory')} choices={facetChoices('subcategory', facets?.subcategory, state)} onChoose={onChoose} />
      )}
      <ChoiceGroup legend={t('aisle.groups.brand')} choices={facetChoices('brand', facets?.brand, state)} onChoose={onChoose} />
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
      <ChoiceGroup
        legend={t('aisle.groups.rating')}
        type="radio"
        choices={AISLE_RATINGS.map((rating) => ({
          name: 'rating',
          value: String(rating),
          label: t('aisle.stars', { count: rating }),
          count: facets?.rating.find((entry) => entry.value === rating)?.count,
          checked: state.rating === rating,
          choose: () => changed(state, { rating }),
        }))}
        onChoose={onChoose}
      />
      <ChoiceGroup
        legend={t('aisle.groups.availability')}
        choices={AVAILABILITY.map((name) => ({
          name,
          value: '1',
          label: t(`aisle.${name}`),
          count: facets?.[name],
          checked: state[name],
          choose: (checked) => changed(state, { [name]: checked }),
        }))}
        onChoose={onChoose}
      />
      <button type="submit" className="dk-button dk-button--contained dk-aisle-form__apply">
        {t('aisle.apply')}
      </button>
    </form>
  );
}
