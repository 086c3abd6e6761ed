import type { AdminProduct } from '@dukkan/contracts/admin-products';
import { storefrontPaths } from '@dukkan/contracts/storefront-urls';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { Controller, useForm, useWatch, type FieldError, type UseFormRegister } from 'react-hook-form';
import { toast } from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useNavigate, useParams } from 'react-router';

import { useCategoriesQuery, useCreateProductMutation, useGetProductQuery, useSubcategoriesQuery, useUpdateProductMutation } from '../app/api/products-api';
import { failureOf } from '../app/errors';
import { contractResolver, errorProps, wordingOf } from '../app/form';
import { toLanguage } from '../app/language';
import { Busy, useStaff } from '../app/layout';
import { adminPaths } from '../app/paths';
import { mayUse } from '../app/roles';

import { PhotosSection } from './photos-section';
import { checkedBodyOf, createBodyOf, EMPTY_PRODUCT, fieldOfPath, fieldsOf, isPrice, ProductFormContract, updateBodyOf, type ProductFields } from './product-form';
import { StockSection } from './stock-section';

/** `/admin/products/new` and `/admin/products/{id}`. */
export default function ProductEditorPage() {
  const { id } = useParams();
  const product = useGetProductQuery(id ?? '', { skip: !id });
  if (!id) return <ProductEditor product={null} />;
  if (product.isLoading) return <Busy />;
  if (!product.data) {
    return (
      <Alert severity="error" role="alert">
        {failureOf(product.error).message || failureOf(product.error).status}
      </Alert>
    );
  }
  return <ProductEditor key={id} product={product.data} />;
}

type TextName = 'titleEn' | 'titleAr' | 'descriptionEn' | 'descriptionAr' | 'brandEn' | 'brandAr';

export function ProductEditor({ product }: { product: AdminProduct | null }) {
  const { t, i18n } = useTranslation();
  const language = toLanguage(i18n.language);
  const navigate = useNavigate();
  const location = useLocation();
  const listState = location.state as { list?: unknown } | null;
  const seesReviews = mayUse(useStaff().role, 'reviews');
  const backTo = adminPaths.products(typeof listState?.list === 'string' && listState.list.startsWith('?') ? listState.list : '');
  const [formError, setFormError] = useState<string | null>(null);
  const { register, control, handleSubmit, setError, setValue, reset, formState } = useForm<ProductFields>({
    defaultValues: product ? fieldsOf(product) : EMPTY_PRODUCT,
    mode: 'onTouched',
    resolver: contractResolver(ProductFormContract, {
      bodyOf: (fields) => checkedBodyOf(fields, product !== null),
      fieldOf: fieldOfPath,
      wording: wordingOf(t, {
        price: t('validation.price'),
        listPrice: ({ value }) => (typeof value === 'string' && isPrice(value) ? t('validation.listPrice') : t('validation.price')),
        quantity: t('validation.quantity'),
      }),
    }),
  });
  const { errors, isSubmitting } = formState;
  const categories = useCategoriesQuery(language);
  const subcategories = useSubcategoriesQuery(language);
  const [createProduct] = useCreateProductMutation();
  const [updateProduct] = useUpdateProductMutation();

  // The stored product changed (a stock adjustment, a photo): the form follows its quantity.
  useEffect(() => {
    if (product) setValue('quantity', String(product.quantity));
  }, [product, setValue]);

  const category = useWatch({ control, name: 'category' });
  const ofCategory = (subcategories.data ?? []).filter((s) => s.category === category);

  async function onSubmit(fields: ProductFields) {
    setFormError(null);
    const result = product ? await updateProduct({ id: product._id, body: updateBodyOf(fields, product) }) : await createProduct(createBodyOf(fields));
    if ('data' in result && result.data) {
      if (product) {
        reset(fieldsOf(result.data));
        toast.success(t('editor.saved'));
      } else {
        toast.success(t('editor.created'));
        await navigate(adminPaths.product(result.data._id), { replace: true, state: listState });
      }
      return;
    }
    const failure = failureOf(result.error);
    const field = failure.field ? fieldOfPath(failure.field.path) : null;
    if (field && failure.field) setError(field, { message: failure.field.message }, { shouldFocus: true });
    else setFormError(failure.message || t('app.networkError'));
  }

  return (
    <Stack spacing={3}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <Typography component="h1" variant="h1">
          {product ? t('editor.editTitle') : t('editor.newTitle')}
        </Typography>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          {product ? (
            <Link href={storefrontPaths.product(product._id)} target="_blank" rel="noopener">
              {t('editor.viewLive')} <OpenInNewIcon fontSize="inherit" aria-hidden />
            </Link>
          ) : null}
          {product && seesReviews ? (
            <Link component={RouterLink} to={adminPaths.reviews(`?product=${encodeURIComponent(product._id)}`)}>
              {t('editor.reviews')}
            </Link>
          ) : null}
          <Link component={RouterLink} to={backTo}>
            {t('editor.back')}
          </Link>
        </Stack>
      </Stack>

      <Paper variant="outlined" component="form" noValidate onSubmit={(event) => void handleSubmit(onSubmit, () => setFormError(t('editor.fixErrors')))(event)} sx={{ p: 3 }}>
        <Stack spacing={3}>
          {formError ? (
            <Alert severity="error" role="alert">
              {formError}
            </Alert>
          ) : null}
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 3 }}>
            <Stack spacing={2} component="fieldset" sx={{ border: 0, m: 0, p: 0 }}>
              <Typography component="legend" variant="h2" sx={{ mb: 1 }}>
                {t('editor.english')}
              </Typography>
              <LocalizedField name="titleEn" label={t('editor.titleEn')} lang="en" register={register} error={errors.titleEn} />
              <LocalizedField name="descriptionEn" label={t('editor.descriptionEn')} lang="en" multiline register={register} error={errors.descriptionEn} />
              <LocalizedField name="brandEn" label={t('editor.brandEn')} lang="en" register={register} error={errors.brandEn} />
            </Stack>
            <Stack spacing={2} component="fieldset" sx={{ border: 0, m: 0, p: 0 }}>
              <Typography component="legend" variant="h2" sx={{ mb: 1 }}>
                {t('editor.arabic')}
              </Typography>
              <LocalizedField name="titleAr" label={t('editor.titleAr')} lang="ar" register={register} error={errors.titleAr} />
              <LocalizedField name="descriptionAr" label={t('editor.descriptionAr')} lang="ar" multiline register={register} error={errors.descriptionAr} />
              <LocalizedField name="brandAr" label={t('editor.brandAr')} lang="ar" register={register} error={errors.brandAr} />
            </Stack>
          </Box>

          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(4, 1fr)' }, gap: 2 }}>
            <TextField
              label={t('editor.price')}
              required
              slotProps={{ htmlInput: { inputMode: 'decimal', dir: 'ltr' } }}
              {...register('price')}
              {...errorProps(errors.price)}
            />
            <TextField
              label={t('editor.listPrice')}
              slotProps={{ htmlInput: { inputMode: 'decimal', dir: 'ltr' } }}
              {...register('listPrice', { deps: ['price'] })}
              {...errorProps(errors.listPrice)}
            />
            <Controller
              name="category"
              control={control}
              render={({ field, fieldState }) => (
                <TextField
                  select
                  label={t('editor.department')}
                  required
                  {...field}
                  onChange={(event) => {
                    field.onChange(event);
                    setValue('subcategory', '');
                  }}
                  {...errorProps(fieldState.error)}
                >
                  {(categories.data ?? []).map((c) => (
                    <MenuItem key={c.name} value={c.name}>
                      {c.label}
                    </MenuItem>
                  ))}
                  {/* The stored department before the list has loaded, so the select shows it. */}
                  {field.value && !categories.data ? <MenuItem value={field.value}>{field.value}</MenuItem> : null}
                </TextField>
              )}
            />
            <Controller
              name="subcategory"
              control={control}
              render={({ field, fieldState }) => (
                <TextField select label={t('editor.subcategory')} {...field} disabled={ofCategory.length === 0 && !field.value} {...errorProps(fieldState.error)}>
                  <MenuItem value="">—</MenuItem>
                  {ofCategory.map((s) => (
                    <MenuItem key={s.name} value={s.name}>
                      {s.label}
                    </MenuItem>
                  ))}
                  {field.value && !ofCategory.some((s) => s.name === field.value) ? <MenuItem value={field.value}>{field.value}</MenuItem> : null}
                </TextField>
              )}
            />
            <Controller
              name="status"
              control={control}
              render={({ field }) => (
                <TextField select label={t('editor.status')} {...field}>
                  <MenuItem value="draft">{t('status.draft')}</MenuItem>
                  <MenuItem value="published">{t('status.published')}</MenuItem>
                  {product?.status === 'archived' ? <MenuItem value="archived">{t('status.archived')}</MenuItem> : null}
                </TextField>
              )}
            />
            <TextField
              label={t('editor.quantity')}
              required
              slotProps={{ htmlInput: { inputMode: 'numeric', dir: 'ltr' } }}
              {...register('quantity')}
              {...errorProps(errors.quantity)}
            />
            {product ? (
              <TextField
                label={t('editor.reason')}
                sx={{ gridColumn: { lg: 'span 2' } }}
                {...register('reason')}
                {...errorProps(errors.reason)}
              />
            ) : null}
          </Box>
          <Box>
            <Button type="submit" variant="contained" loading={isSubmitting}>
              {product ? t('editor.save') : t('editor.create')}
            </Button>
          </Box>
        </Stack>
      </Paper>

      {product ? (
        <>
          <PhotosSection product={product} />
          <StockSection product={product} />
        </>
      ) : (
        <Typography color="text.secondary">{t('editor.photosAfterCreate')}</Typography>
      )}
    </Stack>
  );
}

/** One language's text input: `lang` and `dir` of its language, so Arabic is typed right to left. */
function LocalizedField({
  name,
  label,
  lang,
  multiline = false,
  register,
  error,
}: {
  name: TextName;
  label: string;
  lang: 'en' | 'ar';
  multiline?: boolean;
  register: UseFormRegister<ProductFields>;
  error: FieldError | undefined;
}) {
  return (
    <TextField
      label={label}
      required
      multiline={multiline}
      minRows={multiline ? 4 : undefined}
      slotProps={{ htmlInput: { lang, dir: lang === 'ar' ? 'rtl' : 'ltr' } }}
      {...register(name)}
      {...errorProps(error)}
    />
  );
}
