import { CreatePromotionBodySchema, type Promotion } from '@dukkan/contracts/admin-promotions';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { Controller, useForm, useWatch, type FieldError, type UseFormRegister } from 'react-hook-form';
import { toast } from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useNavigate, useParams } from 'react-router';

import { ActionDialog, useFocusReturn } from '../app/action-dialog';
import { useCategoriesQuery } from '../app/api/products-api';
import { useCreatePromotionMutation, useDeactivatePromotionMutation, useGetPromotionQuery, useUpdatePromotionMutation } from '../app/api/promotions-api';
import { failureOf, failureText } from '../app/errors';
import { contractResolver, errorProps, wordingOf } from '../app/form';
import { toLanguage } from '../app/language';
import { Busy } from '../app/layout';
import { adminPaths } from '../app/paths';

import { ProductPicker } from './promotion/product-picker';
import { checkedBodyOf, createBodyOf, editorTimeZone, EMPTY_PROMOTION, fieldOfPath, fieldsOf, PERCENT_PROBLEM, updateBodyOf, type PromotionFields } from './promotion-form';

/** `/admin/promotions/new` and `/admin/promotions/{id}` (owner, catalog). */
export default function PromotionEditorPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const promotion = useGetPromotionQuery(id ?? '', { skip: !id });
  if (!id) return <PromotionEditor promotion={null} />;
  if (promotion.isLoading) return <Busy />;
  if (!promotion.data) {
    return (
      <Alert severity="error" role="alert">
        {failureOf(promotion.error).status === 404 ? t('promotionEditor.notFound') : failureText(t, promotion.error)}
      </Alert>
    );
  }
  return <PromotionEditor key={id} promotion={promotion.data} />;
}

/**
 * The editor: the English and Arabic names side by side, the code (none: automatic), kind and
 * value, what it applies to (departments, products found by search), the minimum, the dates in
 * the editor's time zone (shown with them), the limits and whether it is active. The form checks
 * the fields with the API's contract; a 400 the API still answers is shown at the field it names.
 */
export function PromotionEditor({ promotion }: { promotion: Promotion | null }) {
  const { t, i18n } = useTranslation();
  const language = toLanguage(i18n.language);
  const navigate = useNavigate();
  const location = useLocation();
  const listState = location.state as { list?: unknown } | null;
  const backTo = adminPaths.promotions(typeof listState?.list === 'string' && listState.list.startsWith('?') ? listState.list : '');
  const [formError, setFormError] = useState<string | null>(null);
  const [zone] = useState(editorTimeZone);
  const { register, control, handleSubmit, setError, reset, resetField, formState } = useForm<PromotionFields>({
    defaultValues: promotion ? fieldsOf(promotion) : EMPTY_PROMOTION,
    mode: 'onTouched',
    resolver: contractResolver(CreatePromotionBodySchema, {
      bodyOf: checkedBodyOf,
      fieldOf: fieldOfPath,
      wording: wordingOf(t, {
        value: ({ value, issue }) => {
          if (typeof value === 'string' && value.trim() === '') return t('validation.required');
          return issue.message === PERCENT_PROBLEM ? t('validation.percent') : t('validation.amount');
        },
        code: t('validation.promoCode'),
        minSubtotal: t('validation.dollars'),
        usageLimit: t('validation.limit'),
        perCustomerLimit: t('validation.limit'),
        startsAt: t('validation.dateTime'),
        endsAt: ({ issue }) => (issue.code === 'custom' ? t('validation.endsAfter') : t('validation.dateTime')),
      }),
    }),
  });
  const { errors, isSubmitting } = formState;
  const categories = useCategoriesQuery(language);
  const [createPromotion] = useCreatePromotionMutation();
  const [updatePromotion] = useUpdatePromotionMutation();
  const kind = useWatch({ control, name: 'kind' });

  async function onSubmit(fields: PromotionFields) {
    setFormError(null);
    const result = promotion ? await updatePromotion({ id: promotion._id, body: updateBodyOf(fields, promotion) }) : await createPromotion(createBodyOf(fields));
    if ('data' in result && result.data) {
      if (promotion) {
        reset(fieldsOf(result.data));
        toast.success(t('promotionEditor.saved'));
      } else {
        toast.success(t('promotionEditor.created'));
        await navigate(adminPaths.promotion(result.data._id), { replace: true, state: listState });
      }
      return;
    }
    const failure = failureOf(result.error);
    if (failure.code === 'PROMO_CODE_TAKEN') {
      setError('code', { message: t('promotionEditor.codeTaken') }, { shouldFocus: true });
      return;
    }
    if (failure.code === 'PROMOTION_IN_USE') {
      setFormError(t('promotionEditor.inUse'));
      return;
    }
    const field = failure.field ? fieldOfPath(failure.field.path) : null;
    if (field && failure.field) setError(field, { message: failure.field.message }, { shouldFocus: true });
    else setFormError(failure.message || t('app.networkError'));
  }

  const labelOf = new Map((categories.data ?? []).map((c) => [c.name.toLowerCase(), c.label]));

  return (
    <Stack spacing={3}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
          <Typography component="h1" variant="h1">
            {promotion ? t('promotionEditor.editTitle') : t('promotionEditor.newTitle')}
          </Typography>
          {promotion ? <Chip label={t('promotionEditor.status', { status: t(`promotionStatus.${promotion.status}`) })} variant="outlined" /> : null}
        </Stack>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          {promotion ? (
            <Link component={RouterLink} to={adminPaths.promotionOrders(promotion._id)} sx={{ color: 'primary.dark' }}>
              {t('promotionEditor.orders')} ({t('promotionEditor.uses', { count: promotion.uses })})
            </Link>
          ) : null}
          <Link component={RouterLink} to={backTo} sx={{ color: 'primary.dark' }}>
            {t('promotionEditor.back')}
          </Link>
        </Stack>
      </Stack>

      <Paper
        variant="outlined"
        component="form"
        noValidate
        onSubmit={(event) => void handleSubmit(onSubmit, () => setFormError(t('promotionEditor.fixErrors')))(event)}
        sx={{ p: 3 }}
      >
        <Stack spacing={3}>
          {formError ? (
            <Alert severity="error" role="alert">
              {formError}
            </Alert>
          ) : null}
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 3 }}>
            <NameField name="nameEn" label={t('promotionEditor.nameEn')} lang="en" register={register} error={errors.nameEn} />
            <NameField name="nameAr" label={t('promotionEditor.nameAr')} lang="ar" register={register} error={errors.nameAr} />
          </Box>

          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(4, 1fr)' }, gap: 2 }}>
            <TextField
              label={t('promotionEditor.code')}
              slotProps={{ htmlInput: { dir: 'ltr', autoCapitalize: 'characters', spellCheck: false } }}
              {...register('code')}
              error={Boolean(errors.code)}
              helperText={errors.code?.message ?? t('promotionEditor.codeHelp')}
            />
            <Controller
              name="kind"
              control={control}
              render={({ field }) => (
                <TextField select label={t('promotionEditor.kind')} {...field}>
                  <MenuItem value="percent">{t('promotionEditor.kinds.percent')}</MenuItem>
                  <MenuItem value="amount">{t('promotionEditor.kinds.amount')}</MenuItem>
                </TextField>
              )}
            />
            <TextField
              label={kind === 'percent' ? t('promotionEditor.valuePercent') : t('promotionEditor.valueAmount')}
              required
              slotProps={{ htmlInput: { inputMode: kind === 'percent' ? 'numeric' : 'decimal', dir: 'ltr' } }}
              {...register('value')}
              {...errorProps(errors.value)}
            />
            <TextField
              label={t('promotionEditor.minSubtotal')}
              slotProps={{ htmlInput: { inputMode: 'decimal', dir: 'ltr' } }}
              {...register('minSubtotal')}
              {...errorProps(errors.minSubtotal)}
            />
          </Box>

          <Part title={t('promotionEditor.targetsTitle')} help={t('promotionEditor.targetsHelp')}>
            <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 2fr' }, gap: 2, alignItems: 'start' }}>
              <Controller
                name="departments"
                control={control}
                render={({ field, fieldState }) => (
                  <TextField
                    select
                    label={t('promotionEditor.departments')}
                    {...field}
                    slotProps={{
                      select: {
                        multiple: true,
                        renderValue: (selected) => (selected as string[]).map((name) => labelOf.get(name.toLowerCase()) ?? name).join(language === 'ar' ? '، ' : ', '),
                      },
                    }}
                    {...errorProps(fieldState.error)}
                  >
                    {(categories.data ?? []).map((c) => (
                      <MenuItem key={c.name} value={c.name}>
                        {c.label}
                      </MenuItem>
                    ))}
                    {/* Departments stored before the list has loaded, so the select shows them. */}
                    {categories.data ? null : field.value.map((name) => <MenuItem key={name} value={name}>{name}</MenuItem>)}
                  </TextField>
                )}
              />
              <Controller
                name="products"
                control={control}
                render={({ field, fieldState }) => (
                  <ProductPicker value={field.value} onChange={field.onChange} onBlur={field.onBlur} inputRef={field.ref} language={language} error={fieldState.error?.message} />
                )}
              />
            </Box>
          </Part>

          <Part title={t('promotionEditor.datesTitle')} help={t('promotionEditor.timeZone', { zone })}>
            <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
              <TextField
                type="datetime-local"
                label={t('promotionEditor.startsAt', { zone })}
                slotProps={{ inputLabel: { shrink: true }, htmlInput: { dir: 'ltr' } }}
                {...register('startsAt', { deps: ['endsAt'] })}
                {...errorProps(errors.startsAt)}
              />
              <TextField
                type="datetime-local"
                label={t('promotionEditor.endsAt', { zone })}
                slotProps={{ inputLabel: { shrink: true }, htmlInput: { dir: 'ltr' } }}
                {...register('endsAt')}
                {...errorProps(errors.endsAt)}
              />
            </Box>
          </Part>

          <Part title={t('promotionEditor.limitsTitle')}>
            <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
              <TextField
                label={t('promotionEditor.usageLimit')}
                slotProps={{ htmlInput: { inputMode: 'numeric', dir: 'ltr' } }}
                {...register('usageLimit')}
                {...errorProps(errors.usageLimit)}
              />
              <TextField
                label={t('promotionEditor.perCustomerLimit')}
                slotProps={{ htmlInput: { inputMode: 'numeric', dir: 'ltr' } }}
                {...register('perCustomerLimit')}
                {...errorProps(errors.perCustomerLimit)}
              />
            </Box>
          </Part>

          <Controller
            name="active"
            control={control}
            render={({ field }) => (
              <FormControlLabel
                label={t('promotionEditor.active')}
                control={<Switch checked={field.value} onChange={(event) => field.onChange(event.target.checked)} onBlur={field.onBlur} />}
              />
            )}
          />
          <Box>
            <Button type="submit" variant="contained" loading={isSubmitting}>
              {promotion ? t('promotionEditor.save') : t('promotionEditor.create')}
            </Button>
          </Box>
        </Stack>
      </Paper>

      {promotion ? <DeactivateAction promotion={promotion} onDone={(after) => resetField('active', { defaultValue: after.active })} /> : null}
    </Stack>
  );
}

/** A titled group of the form's fields, with a line of help under its title. */
function Part({ title, help, children }: { title: string; help?: string; children: ReactNode }) {
  return (
    <Stack component="fieldset" spacing={1.5} sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
      <Typography component="legend" variant="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {help ? (
        <Typography variant="body2" color="text.secondary">
          {help}
        </Typography>
      ) : null}
      {children}
    </Stack>
  );
}

/** One language's name: `lang` and `dir` of its language, so Arabic is typed right to left. */
function NameField({
  name,
  label,
  lang,
  register,
  error,
}: {
  name: 'nameEn' | 'nameAr';
  label: string;
  lang: 'en' | 'ar';
  register: UseFormRegister<PromotionFields>;
  error: FieldError | undefined;
}) {
  return <TextField label={label} required slotProps={{ htmlInput: { lang, dir: lang === 'ar' ? 'rtl' : 'ltr' } }} {...register(name)} {...errorProps(error)} />;
}

/** "Deactivate" (DELETE), confirmed in a dialog: no cart or order gets the promotion any more; orders keep theirs. */
function DeactivateAction({ promotion, onDone }: { promotion: Promotion; onDone: (after: Promotion) => void }) {
  const { t, i18n } = useTranslation();
  const language = toLanguage(i18n.language);
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const focus = useFocusReturn(heading);
  const [deactivate, deactivating] = useDeactivatePromotionMutation();

  function onOpen(event: MouseEvent<HTMLElement>) {
    focus.remember(event.currentTarget);
    setError(null);
    setOpen(true);
  }

  async function onConfirm() {
    const result = await deactivate(promotion._id);
    if (result.error) {
      setError(failureOf(result.error).message || t('app.networkError'));
      return;
    }
    onDone(result.data);
    toast.success(t('promotionEditor.deactivated'));
    setOpen(false);
  }

  return (
    <Box>
      <Typography ref={heading} tabIndex={-1} component="h2" variant="h2" sx={{ mb: 1.5 }}>
        {t('promotionEditor.deactivate')}
      </Typography>
      {promotion.active ? (
        <>
          <Typography variant="body2" sx={{ mb: 1.5 }}>
            {t('promotionEditor.deactivateText')}
          </Typography>
          <Button variant="outlined" color="error" onClick={onOpen}>
            {t('promotionEditor.deactivate')}
          </Button>
        </>
      ) : (
        <Typography variant="body2">{t('promotionEditor.inactiveText')}</Typography>
      )}
      <ActionDialog
        open={open}
        title={t('promotionEditor.deactivateTitle', { name: promotion.name[language] || promotion.name.en })}
        confirmLabel={t('promotionEditor.deactivate')}
        cancelLabel={t('promotionEditor.keep')}
        busy={deactivating.isLoading}
        error={error}
        onConfirm={() => void onConfirm()}
        onClose={() => setOpen(false)}
        onExited={focus.restore}
        destructive
      >
        <Typography>{t('promotionEditor.deactivateText')}</Typography>
      </ActionDialog>
    </Box>
  );
}
