import type { Language } from '@dukkan/contracts/common';
import { escapeHtml } from '@dukkan/contracts/html';
import { formatCents } from '@dukkan/contracts/money';
import { storefrontPaths } from '@dukkan/contracts/storefront-urls';

import type { CardError, CardField, CardForm } from './card';
import { SANDBOX_DECLINED_CARD, SANDBOX_PAYING_CARD } from './sandbox';

/**
 * The card page's texts in the shop's two languages. `{pay}` and `{decline}` stand for the
 * sandbox's test card numbers, `{format}` for the expiry's format: each is put in as a
 * left-to-right isolate (`ltr`).
 */
const TEXTS = {
  en: {
    title: 'Secure payment',
    shop: 'Dukkan',
    heading: 'Pay Dukkan',
    sandbox: 'Sandbox: no real card is charged. Use {pay} to pay, or {decline} to see a decline.',
    summary: 'Your order',
    discount: 'Discount',
    amountDue: 'Amount due',
    name: 'Name on card',
    number: 'Card number',
    expiry: 'Expiry',
    expiryHint: '{format}',
    cvc: 'CVC',
    cvcHint: '3 or 4 digits on the back of the card',
    pay: 'Pay',
    cancel: 'Cancel',
    fixErrors: 'Please check the card details below.',
    declined: 'Your card was declined.',
    deliveryFailed: 'We could not confirm your payment. Please try again.',
    expired: 'This payment page has expired.',
    expiredText: 'Your order was not paid in time, so it was cancelled. Place it again from your cart.',
    backToCheckout: 'Back to checkout',
    paid: 'This order is already paid.',
    seeOrder: 'See your order',
    missing: 'This payment page does not exist.',
    backToShop: 'Back to the shop',
    errors: {
      nameRequired: 'Enter the name on the card.',
      numberRequired: 'Enter your card number.',
      numberInvalid: 'Your card number is invalid.',
      expiryInvalid: 'Enter the expiry date as MM/YY.',
      expiryPast: 'Your card has expired.',
      cvcInvalid: 'Your card’s security code (CVC) must be 3 or 4 digits.',
    } satisfies Record<CardError, string>,
  },
  ar: {
    title: 'دفع آمن',
    shop: 'دكّان',
    heading: 'ادفع لدكّان',
    sandbox: 'بيئة تجريبية: لا تُخصم أي مبالغ حقيقية. استخدم {pay} للدفع، أو {decline} لتجربة رفض البطاقة.',
    summary: 'طلبك',
    discount: 'الخصم',
    amountDue: 'المبلغ المستحق',
    name: 'الاسم على البطاقة',
    number: 'رقم البطاقة',
    expiry: 'تاريخ الانتهاء',
    expiryHint: 'شهر/سنة ({format})',
    cvc: 'رمز التحقق (CVC)',
    cvcHint: '3 أو 4 أرقام على ظهر البطاقة',
    pay: 'ادفع',
    cancel: 'إلغاء',
    fixErrors: 'يرجى مراجعة بيانات البطاقة أدناه.',
    declined: 'تم رفض بطاقتك.',
    deliveryFailed: 'تعذر تأكيد الدفع. يرجى المحاولة مرة أخرى.',
    expired: 'انتهت صلاحية صفحة الدفع هذه.',
    expiredText: 'لم يُدفع طلبك في الوقت المحدد فأُلغي. اطلبه مرة أخرى من سلة التسوق.',
    backToCheckout: 'العودة إلى إتمام الشراء',
    paid: 'تم دفع هذا الطلب بالفعل.',
    seeOrder: 'عرض طلبك',
    missing: 'صفحة الدفع هذه غير موجودة.',
    backToShop: 'العودة إلى المتجر',
    errors: {
      nameRequired: 'أدخل الاسم المكتوب على البطاقة.',
      numberRequired: 'أدخل رقم بطاقتك.',
      numberInvalid: 'رقم البطاقة غير صالح.',
      expiryInvalid: 'أدخل تاريخ الانتهاء بالشكل MM/YY.',
      expiryPast: 'انتهت صلاحية بطاقتك.',
      cvcInvalid: 'يجب أن يتكون رمز التحقق (CVC) من 3 أو 4 أرقام.',
    } satisfies Record<CardError, string>,
  },
} as const;

/** What the card page shows for a session. */
export type PayPageView =
  | {
      kind: 'form';
      sessionId: string;
      amountCents: number;
      lines: { title: string; quantity: number; unitAmountCents: number }[];
      /** What the order's promotion took off its lines (0: none). */
      discountCents?: number;
      values?: Partial<CardForm>;
      errors?: Partial<Record<CardField, CardError>>;
      /** The card was declined, or the payment could not be confirmed. */
      failure?: 'declined' | 'deliveryFailed';
    }
  | { kind: 'paid'; orderId: string }
  | { kind: 'expired' }
  | { kind: 'missing' };

/**
 * Text written left to right — a card number, an amount, a date's format — as HTML isolated
 * left-to-right, so it reads the same in both languages. In a right-to-left page the bidi
 * algorithm would otherwise lay the groups of '4000 0000 0000 0002' out from the right, as
 * '0002 0000 0000 4000', and move the `$` of '$11.98' behind the number.
 */
const ltr = (text: string) => `<bdi dir="ltr">${escapeHtml(text)}</bdi>`;

/** An amount in cents as the shop writes it everywhere ('$1,299.50', in Arabic too), isolated. */
const amount = (cents: number) => ltr(formatCents(cents));

/** A card number as it is printed on the card, in groups of four digits: '4242 4242 4242 4242'. */
const cardNumber = (digits: string) => digits.replace(/\d{4}(?=\d)/g, '$& ');

/** What stands for each left-to-right part of a text, and that part isolated. */
const LTR_PARTS: Record<string, string> = {
  '{pay}': ltr(cardNumber(SANDBOX_PAYING_CARD)),
  '{decline}': ltr(cardNumber(SANDBOX_DECLINED_CARD)),
  '{format}': ltr('MM/YY'),
};

/** A text of the page as HTML: escaped, with its left-to-right parts put in isolated. */
const html = (text: string) => escapeHtml(text).replace(/\{(pay|decline|format)\}/g, (mark) => LTR_PARTS[mark] ?? mark);

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans Arabic",sans-serif;background:#f2f4f7;color:#1d1d1f;line-height:1.5}
main{max-width:520px;margin:32px auto;padding:0 16px}
.card{background:#fff;border-radius:12px;box-shadow:0 1px 4px rgba(0,0,0,.12);padding:24px}
.shop{font-weight:700;color:#0b57d0;margin:0 0 4px}
h1{font-size:1.5rem;margin:0 0 8px}
.note{background:#fff8e1;border:1px solid #f0c36d;border-radius:8px;padding:8px 12px;font-size:.9rem;margin:0 0 16px}
.alert{background:#fdecea;border:1px solid #b3261e;color:#8c1d18;border-radius:8px;padding:8px 12px;margin:0 0 16px;font-weight:600}
table{width:100%;border-collapse:collapse;margin:0 0 16px;font-size:.95rem}
caption{text-align:start;font-weight:700;margin-bottom:4px}
td{padding:4px 0;border-bottom:1px solid #e5e7eb}
td.amount{text-align:end;white-space:nowrap}
.due{display:flex;justify-content:space-between;font-weight:700;font-size:1.1rem;margin:0 0 16px}
.field{margin:0 0 14px}
label{display:block;font-weight:600;margin-bottom:4px}
.hint{display:block;color:#4b5563;font-size:.85rem}
input{width:100%;font:inherit;padding:10px 12px;border:1px solid #6b7280;border-radius:8px;background:#fff;color:inherit}
input:focus{outline:3px solid #0b57d0;outline-offset:1px}
input[aria-invalid=true]{border-color:#b3261e;border-width:2px}
.error{color:#b3261e;font-size:.9rem;margin:4px 0 0;font-weight:600}
.row{display:grid;grid-template-columns:1fr 1fr;gap:12px}
.actions{display:flex;gap:12px;align-items:center;margin-top:8px}
button{font:inherit;font-weight:700;border-radius:8px;padding:10px 20px;cursor:pointer;border:2px solid #0b57d0}
button:focus-visible,a:focus-visible{outline:3px solid #1d1d1f;outline-offset:2px}
.pay{background:#0b57d0;color:#fff;flex:1}
.secondary{background:#fff;color:#0b57d0}
a{color:#0b57d0}
`;

function page(lng: Language, title: string, body: string): string {
  const t = TEXTS[lng];
  return `<!doctype html>
<html lang="${lng}" dir="${lng === 'ar' ? 'rtl' : 'ltr'}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(`${title} · ${t.shop}`)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<div class="card">
<p class="shop">${escapeHtml(t.shop)}</p>
${body}
</div>
</main>
</body>
</html>`;
}

function field(
  lng: Language,
  name: CardField,
  view: Extract<PayPageView, { kind: 'form' }>,
  attributes: string,
  hint?: string,
): string {
  const t = TEXTS[lng];
  const error = view.errors?.[name];
  // The CVC is never shown back; the other fields keep what the shopper typed.
  const value = name === 'cvc' ? '' : (view.values?.[name] ?? '');
  const described = [hint ? `${name}-hint` : '', error ? `${name}-error` : ''].filter(Boolean).join(' ');
  return `<div class="field">
<label for="${name}">${escapeHtml(t[name])}</label>
${hint ? `<span class="hint" id="${name}-hint">${html(hint)}</span>` : ''}
<input id="${name}" name="${name}" ${attributes} value="${escapeHtml(value)}"${described ? ` aria-describedby="${described}"` : ''}${error ? ' aria-invalid="true"' : ''}>
${error ? `<p class="error" id="${name}-error">${escapeHtml(t.errors[error])}</p>` : ''}
</div>`;
}

/** The sandbox's hosted card page (blueprint, Payments), as a whole HTML document. */
export function renderPayPage(view: PayPageView, lng: Language): string {
  const t = TEXTS[lng];
  switch (view.kind) {
    case 'missing':
      return page(lng, t.missing, `<h1>${escapeHtml(t.missing)}</h1><p><a href="/">${escapeHtml(t.backToShop)}</a></p>`);
    case 'expired':
      return page(
        lng,
        t.expired,
        `<h1>${escapeHtml(t.expired)}</h1><p>${escapeHtml(t.expiredText)}</p><p><a href="/checkout">${escapeHtml(t.backToCheckout)}</a></p>`,
      );
    case 'paid':
      return page(
        lng,
        t.paid,
        `<h1>${escapeHtml(t.paid)}</h1><p><a href="/Order/${encodeURIComponent(view.orderId)}">${escapeHtml(t.seeOrder)}</a></p>`,
      );
    case 'form': {
      const hasErrors = Object.keys(view.errors ?? {}).length > 0;
      const alert = view.failure ? t[view.failure] : hasErrors ? t.fixErrors : '';
      const rows = view.lines
        .map(
          (line) =>
            `<tr><td>${escapeHtml(line.title)} × ${line.quantity}</td><td class="amount">${amount(line.unitAmountCents * line.quantity)}</td></tr>`,
        )
        .join('');
      const discount = view.discountCents ? `<tr><td>${escapeHtml(t.discount)}</td><td class="amount">${ltr(`−${formatCents(view.discountCents)}`)}</td></tr>` : '';
      const action = storefrontPaths.pay(view.sessionId);
      return page(
        lng,
        t.title,
        `<h1>${escapeHtml(t.heading)}</h1>
<p class="note">${html(t.sandbox)}</p>
${alert ? `<p class="alert" role="alert">${escapeHtml(alert)}</p>` : ''}
<table><caption>${escapeHtml(t.summary)}</caption><tbody>${rows}${discount}</tbody></table>
<p class="due"><span>${escapeHtml(t.amountDue)}</span><span>${amount(view.amountCents)}</span></p>
<form method="post" action="${action}" novalidate>
${field(lng, 'name', view, 'type="text" autocomplete="cc-name" maxlength="100"')}
${field(lng, 'number', view, 'type="text" inputmode="numeric" autocomplete="cc-number" maxlength="30" dir="ltr"')}
<div class="row">
${field(lng, 'expiry', view, 'type="text" inputmode="numeric" autocomplete="cc-exp" maxlength="7" dir="ltr"', t.expiryHint)}
${field(lng, 'cvc', view, 'type="text" inputmode="numeric" autocomplete="cc-csc" maxlength="4" dir="ltr"', t.cvcHint)}
</div>
<div class="actions">
<button type="submit" class="pay">${escapeHtml(t.pay)}</button>
<button type="submit" class="secondary" formaction="${action}/cancel">${escapeHtml(t.cancel)}</button>
</div>
</form>`,
      );
    }
  }
}
