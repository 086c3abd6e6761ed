import { REVIEW_BODY_MAX, REVIEW_TITLE_MAX, ReviewBodySchema, type ReviewBody } from '@dukkan/contracts/reviews';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useRef, useState } from 'react';
import { Controller, useForm, type UseFormRegister, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

import { errorCodeOf, errorStatusOf } from '../lib/api-error';
import { focusFirstProblem } from '../lib/focus-first-problem';
import { contractResolver, formField, isBlank } from '../lib/form-field';
import { formatCount } from '../lib/format-count';
import { useLanguage } from '../lib/use-language';
import { visuallyHidden } from '../lib/visually-hidden';

/** The form's values as typed: the chosen star as the radio's value, '' while none is chosen. */
interface ReviewFields {
  rating: string;
  title: string;
  body: string;
}

const STARS = [1, 2, 3, 4, 5] as const;

/** What sending answered: a mutation's result, RTK Query's shape. */
export type ReviewSendResult = { data: unknown } | { error: unknown };

export interface ReviewFormProps {
  /** The review being edited: its stars and texts fill the form. Without it, a new review. */
  initial?: ReviewBody;
  /** Sends the review (POST a new one, PATCH one's own): the caller knows which. */
  send: (body: ReviewBody) => Promise<ReviewSendResult>;
  /** The review was taken: the caller closes the form and thanks the shopper. */
  onSent: () => void;
  onCancel: () => void;
  /**
   * The id of a heading outside the form that names it (a dialog's title): the form then shows no
   * heading of its own. Without it, the form's own heading, focused as the form appears.
   */
  labelledBy?: string;
}

type Refusal = 'REVIEW_NOT_VERIFIED' | 'REVIEW_EXISTS' | 'REVIEW_NOT_FOUND' | 'tooMany' | 'signIn' | 'generic';

/** Why the API refused a review, in the form's words. */
function refusalOf(error: unknown): Refusal {
  const status = errorStatusOf(error);
  if (status === 401) return 'signIn';
  if (status === 429) return 'tooMany';
  const code = errorCodeOf(error);
  if (code === 'REVIEW_NOT_VERIFIED' || code === 'REVIEW_EXISTS' || code === 'REVIEW_NOT_FOUND') return code;
  return 'generic';
}

/**
 * The stars as a radio group (a fieldset named 'Your rating', radios '1 star' … '5 stars'): the
 * browser's own radios, so Tab enters the group and the arrow keys choose (mirrored in Arabic, as
 * the stars are). Each radio is hidden under its star, which shows the focus.
 */
function StarsField({ register, chosen, error, errorId }: { register: UseFormRegister<ReviewFields>; chosen: number; error?: string; errorId: string }) {
  const { t } = useTranslation('reviews');
  return (
    <Box component="fieldset" aria-describedby={error ? errorId : undefined} sx={{ m: 0, p: 0, border: 0, minWidth: 0 }}>
      <Box component="legend" sx={{ p: 0, mb: 0.5, fontWeight: 600 }}>
        {t('form.rating')}
      </Box>
      <Box sx={{ display: 'flex', gap: 0.5 }}>
        {STARS.map((stars) => (
          <Box
            component="label"
            key={stars}
            sx={{
              position: 'relative',
              display: 'inline-flex',
              fontSize: '2rem',
              lineHeight: 1,
              px: 0.25,
              borderRadius: 1,
              cursor: 'pointer',
              color: stars <= chosen ? '#b36b00' : 'rgba(0, 0, 0, 0.54)',
              '&:has(input:focus-visible)': { outline: '2px solid #0071dc', outlineOffset: 2 },
            }}
          >
            <input type="radio" value={String(stars)} style={visuallyHidden} aria-invalid={error ? true : undefined} {...register('rating')} />
            <span aria-hidden="true">{stars <= chosen ? '★' : '☆'}</span>
            <span style={visuallyHidden}>{t('stars', { count: stars })}</span>
          </Box>
        ))}
      </Box>
      {error ? (
        <Typography id={errorId} sx={{ color: 'error.main', fontSize: '0.75rem', mt: 0.5 }}>
          {error}
        </Typography>
      ) : null}
    </Box>
  );
}

/**
 * The review form (issue #36), for the product page and the order page alike: the stars, a title
 * and the text, checked with the request's contract (so the form refuses what the API would, in
 * the page's language), then sent by the caller. A refusal of the API is said above the buttons
 * (403 not a verified buyer, 409 already reviewed, 429 ten today, 401 signed out); the texts stay
 * as typed. Texts are plain: the API stores them as typed and the shop shows them as text.
 */
export function ReviewForm({ initial, send, onSent, onCancel, labelledBy }: ReviewFormProps) {
  const { t } = useTranslation('reviews');
  const lng = useLanguage();
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const {
    register,
    handleSubmit,
    control,
    formState: { errors, isSubmitting },
  } = useForm<ReviewFields>({
    defaultValues: initial ? { rating: String(initial.rating), title: initial.title, body: initial.body } : { rating: '', title: '', body: '' },
    // A refused submit focuses its first problem once, in its own task (`focusFirstProblem`).
    shouldFocusError: false,
    resolver: contractResolver<ReviewFields, ReviewBody>(ReviewBodySchema, {
      bodyOf: ({ rating, title, body }) => ({ rating: rating === '' ? Number.NaN : Number(rating), title, body }),
      wording: (problem) => {
        const tooLong = problem.issue.code === 'too_big' && !isBlank(problem);
        if (problem.field === 'rating') return t('form.errors.ratingRequired');
        if (problem.field === 'title') return tooLong ? t('form.errors.titleMax', { max: formatCount(REVIEW_TITLE_MAX, lng) }) : t('form.errors.titleRequired');
        return tooLong ? t('form.errors.bodyMax', { max: formatCount(REVIEW_BODY_MAX, lng) }) : t('form.errors.bodyRequired');
      },
    }),
  });
  const chosen = Number(useWatch({ control, name: 'rating' })) || 0;

  useEffect(() => {
    heading.current?.focus();
  }, []);

  const onSubmit = async ({ rating, title, body }: ReviewFields) => {
    setRefusal(null);
    const result = await send({ rating: Number(rating), title: title.trim(), body: body.trim() });
    if ('error' in result) {
      setRefusal(refusalOf(result.error));
      return;
    }
    onSent();
  };

  const titleField = formField(register, errors, 'title');
  const bodyError = typeof errors.body?.message === 'string' && errors.body.message !== '' ? errors.body.message : undefined;
  const headingId = `${id}-heading`;
  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => void handleSubmit(onSubmit, focusFirstProblem)(event)}
      aria-labelledby={labelledBy ?? headingId}
      sx={{ display: 'grid', gap: 2, maxWidth: 640 }}
    >
      {labelledBy === undefined ? (
        <Typography ref={heading} id={headingId} tabIndex={-1} variant="h3" sx={{ fontSize: '1.2rem', outline: 'none' }}>
          {initial ? t('form.editTitle') : t('form.writeTitle')}
        </Typography>
      ) : null}
      <StarsField register={register} chosen={chosen} error={errors.rating?.message} errorId={`${id}-rating-error`} />
      <TextField id={`${id}-title`} label={t('form.title')} required autoComplete="off" slotProps={{ htmlInput: { maxLength: REVIEW_TITLE_MAX } }} {...titleField} />
      {/* Controlled: uncontrolled, Chromium lost the first input of this multiline field in the dialog. */}
      <Controller
        control={control}
        name="body"
        render={({ field: { ref, ...field } }) => (
          <TextField
            id={`${id}-body`}
            label={t('form.body')}
            required
            multiline
            minRows={5}
            autoComplete="off"
            slotProps={{ htmlInput: { maxLength: REVIEW_BODY_MAX } }}
            {...field}
            inputRef={ref}
            error={bodyError !== undefined}
            helperText={bodyError ?? t('form.bodyHint')}
          />
        )}
      />
      {refusal ? <Alert severity="error">{t(`form.errors.${refusal}`)}</Alert> : null}
      <Box sx={{ display: 'flex', gap: 2, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
        <Button type="button" variant="outlined" onClick={onCancel}>
          {t('form.cancel')}
        </Button>
        <Button type="submit" variant="contained" disabled={isSubmitting}>
          {isSubmitting ? t('form.sending') : t('form.send')}
        </Button>
      </Box>
    </Box>
  );
}
