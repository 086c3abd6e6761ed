import type { AdminProduct } from '@dukkan/contracts/admin-products';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';

import { useGetProductQuery, useListProductsQuery } from '../../app/api/products-api';
import type { Language } from '../../app/language';
import { useAfterTyping } from '../../app/list-address';

/** How many products a search offers. */
const FOUND = 10;

const titleOf = (product: Pick<AdminProduct, 'title'>, language: Language) => product.title[language] || product.title.en;

/**
 * The products a promotion is limited to: a search box that asks the products list as the
 * products screen does (`q`: part of a title or an id), and the chosen ones, each with a button
 * that removes it. A stored product's title is read from its own page of the API.
 */
export function ProductPicker({
  value,
  onChange,
  onBlur,
  inputRef,
  language,
  error,
}: {
  value: string[];
  onChange: (next: string[]) => void;
  onBlur: () => void;
  inputRef: Ref<HTMLInputElement>;
  language: Language;
  error: string | undefined;
}) {
  const { t } = useTranslation();
  const [input, setInput] = useState('');
  const [q, setQ] = useState('');
  const afterTyping = useAfterTyping();
  // Titles of the products picked from a search: they need no request of their own.
  const [titles, setTitles] = useState<Record<string, string>>({});
  const found = useListProductsQuery({ q, page: 1, pageSize: FOUND }, { skip: q === '' });
  const options = (found.data?.data ?? []).filter((product) => !value.includes(product._id));

  function onPick(product: AdminProduct | null) {
    if (!product) return;
    setTitles((known) => ({ ...known, [product._id]: titleOf(product, language) }));
    onChange([...value, product._id]);
    setInput('');
    setQ('');
  }

  return (
    <Stack spacing={1}>
      <Autocomplete
        options={options}
        value={null}
        inputValue={input}
        onInputChange={(_event, next, reason) => {
          if (reason === 'reset') return;
          setInput(next);
          afterTyping(() => setQ(next.trim()));
        }}
        onChange={(_event, product) => onPick(product)}
        onBlur={onBlur}
        // The API has searched already.
        filterOptions={(all) => all}
        getOptionLabel={(product) => titleOf(product, language)}
        isOptionEqualToValue={(a, b) => a._id === b._id}
        renderOption={({ key, ...props }, product) => (
          <li key={key} {...props} lang={language} dir="auto">
            {titleOf(product, language)}
          </li>
        )}
        loading={found.isFetching}
        loadingText={t('app.loading')}
        noOptionsText={q === '' ? t('promotionEditor.typeToSearch') : t('promotionEditor.noProducts')}
        renderInput={(params) => (
          <TextField {...params} inputRef={inputRef} label={t('promotionEditor.productSearch')} error={Boolean(error)} helperText={error} />
        )}
      />
      <Typography component="h3" variant="subtitle2">
        {t('promotionEditor.products')}
      </Typography>
      {value.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('promotionEditor.productsNone')}
        </Typography>
      ) : (
        <Stack component="ul" spacing={0.5} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {value.map((id) => (
            <ChosenProduct key={id} id={id} known={titles[id]} language={language} onRemove={() => onChange(value.filter((other) => other !== id))} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function ChosenProduct({ id, known, language, onRemove }: { id: string; known: string | undefined; language: Language; onRemove: () => void }) {
  const { t } = useTranslation();
  const product = useGetProductQuery(id, { skip: known !== undefined });
  const title = known ?? (product.data ? titleOf(product.data, language) : id);
  return (
    <Stack component="li" direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Typography variant="body2" lang={language} dir="auto" sx={{ flexGrow: 1, overflowWrap: 'anywhere' }}>
        {title}
      </Typography>
      <Button size="small" onClick={onRemove} aria-label={t('promotionEditor.remove', { title })}>
        {t('promotionEditor.removeShort')}
      </Button>
    </Stack>
  );
}
