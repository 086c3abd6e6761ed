import type { Language } from '@dukkan/contracts/common';
import { formatPrice, joinParts } from '@dukkan/contracts/format';
import { escapeHtml } from '@dukkan/contracts/html';
import type { Order } from '@dukkan/contracts/orders';

import type { MailMessage } from './mailer';

/**
 * An amount in the HTML part, isolated left-to-right: after Arabic words the bidi algorithm would
 * draw the `$` after the number.
 */
const amountHtml = (amount: number) => `<bdi dir="ltr">${escapeHtml(formatPrice(amount))}</bdi>`;

/** The short reference of an order in messages: the first 8 characters of its id, upper case. */
export const orderReference = (orderId: string) => orderId.slice(0, 8).toUpperCase();

const TEXTS = {
  en: {
    resetSubject: 'Reset your Dukkan password',
    hello: (name: string) => `Hello ${name},`,
    resetIntro: 'Someone asked to reset the password of your Dukkan account. To choose a new password, open this link:',
    resetValidity: 'The link works once, for 30 minutes. If you did not ask for it, ignore this message: your password stays as it is.',
    resetButton: 'Choose a new password',
    orderSubject: (reference: string) => `Your Dukkan order ${reference} is confirmed`,
    orderIntro: (reference: string) => `Thank you for your order. We received your payment for order ${reference}.`,
    items: 'Items',
    total: 'Total paid',
    discount: (promotion: string) => `Discount (${promotion})`,
    shipTo: 'Shipping to',
    viewOrder: 'View your order',
    emailChangedSubject: 'The email address of your Dukkan account was changed',
    emailChangedIntro: (newEmail: string) => `The email address of your Dukkan account was changed to ${newEmail}. Messages from the shop now go there, and every other session was signed out.`,
    emailChangedHelp: (link: string) => `If you did not make this change, your account may be in someone else's hands: write to us at once by answering this message, and tell us the address you signed up with. The shop: ${link}`,
    shippedSubject: (reference: string) => `Your Dukkan order ${reference} is on its way`,
    shippedIntro: (reference: string) => `Good news: order ${reference} has left our warehouse and is on its way to you.`,
    deliveredSubject: (reference: string) => `Your Dukkan order ${reference} was delivered`,
    deliveredIntro: (reference: string) => `Order ${reference} was delivered. We hope you enjoy it. If something is wrong with it, answer this message.`,
    cancelledSubject: (reference: string) => `Your Dukkan order ${reference} was cancelled`,
    cancelledIntro: (reference: string) => `We cancelled order ${reference}.`,
    cancelledPaid: 'You will receive the whole amount you paid back, and a message when the refund is made.',
    reason: 'Reason',
    refundedSubject: (reference: string) => `A refund for your Dukkan order ${reference}`,
    refundedIntro: (reference: string) => `We refunded part of order ${reference} to the card you paid with.`,
    refundedAllIntro: (reference: string) => `We refunded order ${reference} in full to the card you paid with.`,
    refundedAmount: 'Amount refunded',
    refundedTotal: 'Refunded in all for this order',
    refundedDelay: 'Your bank may take up to 10 days to show it.',
    reviewApprovedSubject: 'Your Dukkan review is published',
    reviewApprovedIntro: (product: string) => `Thank you for your review of ${product}. Our staff have read it and it now appears on the product's page.`,
    reviewRejectedSubject: 'Your Dukkan review was not published',
    reviewRejectedIntro: (product: string) => `Thank you for your review of ${product}. Our staff have read it and could not publish it.`,
    reviewRejectedAgain: 'You can edit your review on the product page and send it again.',
    viewProduct: 'View the product',
    signOff: 'The Dukkan team',
  },
  ar: {
    resetSubject: 'إعادة تعيين كلمة مرور دكّان',
    hello: (name: string) => `مرحبًا ${name}،`,
    resetIntro: 'طلب أحدهم إعادة تعيين كلمة مرور حسابك في دكّان. لاختيار كلمة مرور جديدة افتح هذا الرابط:',
    resetValidity: 'يعمل الرابط مرة واحدة لمدة 30 دقيقة. إن لم تطلب ذلك فتجاهل هذه الرسالة: تبقى كلمة مرورك كما هي.',
    resetButton: 'اختر كلمة مرور جديدة',
    orderSubject: (reference: string) => `تم تأكيد طلبك ${reference} من دكّان`,
    orderIntro: (reference: string) => `شكرًا لطلبك. استلمنا دفعتك للطلب ${reference}.`,
    items: 'المنتجات',
    total: 'إجمالي المدفوع',
    discount: (promotion: string) => `الخصم (${promotion})`,
    shipTo: 'الشحن إلى',
    viewOrder: 'عرض طلبك',
    emailChangedSubject: 'تم تغيير البريد الإلكتروني لحسابك في دكّان',
    emailChangedIntro: (newEmail: string) => `تم تغيير البريد الإلكتروني لحسابك في دكّان إلى ${newEmail}. ستصل رسائل المتجر إليه من الآن، وتم تسجيل الخروج من كل الجلسات الأخرى.`,
    emailChangedHelp: (link: string) => `إن لم تقم بهذا التغيير فقد يكون حسابك في يد غيرك: راسلنا فورًا بالرد على هذه الرسالة واذكر البريد الذي سجّلت به. المتجر: ${link}`,
    shippedSubject: (reference: string) => `طلبك ${reference} من دكّان في الطريق إليك`,
    shippedIntro: (reference: string) => `خبر سار: غادر الطلب ${reference} مستودعنا وهو في الطريق إليك.`,
    deliveredSubject: (reference: string) => `تم تسليم طلبك ${reference} من دكّان`,
    deliveredIntro: (reference: string) => `تم تسليم الطلب ${reference}. نتمنى أن ينال إعجابك. إن كان فيه ما لا يرضيك فرُدّ على هذه الرسالة.`,
    cancelledSubject: (reference: string) => `تم إلغاء طلبك ${reference} من دكّان`,
    cancelledIntro: (reference: string) => `ألغينا الطلب ${reference}.`,
    cancelledPaid: 'سيُعاد إليك كامل المبلغ الذي دفعته، وستصلك رسالة عند إتمام الاسترداد.',
    reason: 'السبب',
    refundedSubject: (reference: string) => `استرداد مبلغ من طلبك ${reference} من دكّان`,
    refundedIntro: (reference: string) => `أعدنا جزءًا من مبلغ الطلب ${reference} إلى البطاقة التي دفعت بها.`,
    refundedAllIntro: (reference: string) => `أعدنا كامل مبلغ الطلب ${reference} إلى البطاقة التي دفعت بها.`,
    refundedAmount: 'المبلغ المسترد',
    refundedTotal: 'إجمالي المسترد من هذا الطلب',
    refundedDelay: 'قد يستغرق ظهوره في حسابك البنكي حتى 10 أيام.',
    reviewApprovedSubject: 'تم نشر تقييمك في دكّان',
    reviewApprovedIntro: (product: string) => `شكرًا لتقييمك للمنتج ${product}. قرأه فريقنا وهو الآن معروض في صفحة المنتج.`,
    reviewRejectedSubject: 'لم يُنشر تقييمك في دكّان',
    reviewRejectedIntro: (product: string) => `شكرًا لتقييمك للمنتج ${product}. قرأه فريقنا ولم يتمكن من نشره.`,
    reviewRejectedAgain: 'يمكنك تعديل تقييمك في صفحة المنتج وإرساله من جديد.',
    viewProduct: 'عرض المنتج',
    signOff: 'فريق دكّان',
  },
} as const;

function html(lng: Language, body: string): string {
  return `<!doctype html><html lang="${lng}" dir="${lng === 'ar' ? 'rtl' : 'ltr'}"><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1d1d1f">${body}</body></html>`;
}

/** The password-reset message with its single-use link. */
export function passwordResetMessage({ to, name, link, lng }: { to: string; name: string; link: string; lng: Language }): MailMessage {
  const t = TEXTS[lng];
  return {
    to,
    subject: t.resetSubject,
    text: [t.hello(name), '', t.resetIntro, link, '', t.resetValidity, '', t.signOff].join('\n'),
    html: html(
      lng,
      `<p>${escapeHtml(t.hello(name))}</p><p>${escapeHtml(t.resetIntro)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(t.resetButton)}</a></p><p>${escapeHtml(t.resetValidity)}</p><p>${escapeHtml(t.signOff)}</p>`,
    ),
  };
}

/** The order confirmation sent when an order becomes paid: its lines, amount, address and link. */
export function orderConfirmationMessage({ to, name, order, link, lng }: { to: string; name: string; order: Order; link: string; lng: Language }): MailMessage {
  const t = TEXTS[lng];
  const reference = orderReference(order._id);
  const items = order.items.map((item) => ({ words: `${item.title} × ${item.quantity}`, amount: item.price * item.quantity }));
  const lines = items.map(({ words, amount }) => `${words} — ${formatPrice(amount)}`);
  // The promotion's discount, when the order carries one (issue #35): the lines are at their prices.
  const discount = order.discount > 0 ? { words: t.discount(order.promotion?.name ?? ''), amount: order.discount } : null;
  const a = order.shippingAddress;
  const address = [a.fullName, [a.street, a.building].filter(Boolean).join(' '), joinParts([a.area, a.city], lng), `${a.country} ${a.zipCode}`, a.phoneNumber];
  return {
    to,
    subject: t.orderSubject(reference),
    text: [
      t.hello(name),
      '',
      t.orderIntro(reference),
      '',
      `${t.items}:`,
      ...lines.map((line) => `- ${line}`),
      ...(discount ? [`${discount.words}: −${formatPrice(discount.amount)}`] : []),
      '',
      `${t.total}: ${formatPrice(order.amount)}`,
      '',
      `${t.shipTo}:`,
      ...address,
      '',
      `${t.viewOrder}: ${link}`,
      '',
      t.signOff,
    ].join('\n'),
    html: html(
      lng,
      `<p>${escapeHtml(t.hello(name))}</p><p>${escapeHtml(t.orderIntro(reference))}</p>` +
        `<h2 style="font-size:1.1rem">${escapeHtml(t.items)}</h2><ul>${items.map(({ words, amount }) => `<li>${escapeHtml(words)} — ${amountHtml(amount)}</li>`).join('')}</ul>` +
        (discount ? `<p>${escapeHtml(discount.words)}: <bdi dir="ltr">−${escapeHtml(formatPrice(discount.amount))}</bdi></p>` : '') +
        `<p><strong>${escapeHtml(t.total)}: ${amountHtml(order.amount)}</strong></p>` +
        `<h2 style="font-size:1.1rem">${escapeHtml(t.shipTo)}</h2><p>${address.map(escapeHtml).join('<br>')}</p>` +
        `<p><a href="${escapeHtml(link)}">${escapeHtml(t.viewOrder)}</a></p><p>${escapeHtml(t.signOff)}</p>`,
    ),
  };
}

/**
 * The notice sent to the old address when an account's email changes: the new address, and what
 * to do when the shopper did not make the change (the old address is the only one still theirs).
 */
export function emailChangedMessage({ to, name, newEmail, shopUrl, lng }: { to: string; name: string; newEmail: string; shopUrl: string; lng: Language }): MailMessage {
  const t = TEXTS[lng];
  const newAddressHtml = `<bdi dir="ltr">${escapeHtml(newEmail)}</bdi>`;
  return {
    to,
    subject: t.emailChangedSubject,
    text: [t.hello(name), '', t.emailChangedIntro(newEmail), '', t.emailChangedHelp(shopUrl), '', t.signOff].join('\n'),
    html: html(
      lng,
      `<p>${escapeHtml(t.hello(name))}</p><p>${escapeHtml(t.emailChangedIntro('\u0000')).replace('\u0000', newAddressHtml)}</p>` +
        `<p>${escapeHtml(t.emailChangedHelp(shopUrl))}</p><p>${escapeHtml(t.signOff)}</p>`,
    ),
  };
}

/** What an order notice tells: the order moved on, was cancelled, or (part of) its money went back. */
export type OrderNotice =
  | { kind: 'order-shipped' }
  | { kind: 'order-delivered' }
  | { kind: 'order-cancelled'; reason: string; paid: boolean }
  | { kind: 'order-refunded'; amount: number; refundedTotal: number; whole: boolean };

/**
 * A notice to the shopper about their order (issue #21): shipped, delivered, cancelled (with the
 * reason, and that a paid order's money comes back) or refunded (the amount and the order's total
 * refunded so far), with a link to the order's page, in the language the order was placed in.
 */
export function orderNoticeMessage({ to, name, orderId, notice, link, lng }: { to: string; name: string; orderId: string; notice: OrderNotice; link: string; lng: Language }): MailMessage {
  const t = TEXTS[lng];
  const reference = orderReference(orderId);
  let subject: string;
  /** Paragraphs: plain text, or text and an amount (isolated in the HTML part). */
  const body: (string | { words: string; amount: number })[] = [];
  switch (notice.kind) {
    case 'order-shipped':
      subject = t.shippedSubject(reference);
      body.push(t.shippedIntro(reference));
      break;
    case 'order-delivered':
      subject = t.deliveredSubject(reference);
      body.push(t.deliveredIntro(reference));
      break;
    case 'order-cancelled':
      subject = t.cancelledSubject(reference);
      body.push(t.cancelledIntro(reference), `${t.reason}: ${notice.reason}`);
      if (notice.paid) body.push(t.cancelledPaid);
      break;
    case 'order-refunded':
      subject = t.refundedSubject(reference);
      body.push(notice.whole ? t.refundedAllIntro(reference) : t.refundedIntro(reference), { words: t.refundedAmount, amount: notice.amount });
      if (!notice.whole) body.push({ words: t.refundedTotal, amount: notice.refundedTotal });
      body.push(t.refundedDelay);
      break;
  }
  const textOf = (part: (typeof body)[number]) => (typeof part === 'string' ? part : `${part.words}: ${formatPrice(part.amount)}`);
  const htmlOf = (part: (typeof body)[number]) => (typeof part === 'string' ? escapeHtml(part) : `<strong>${escapeHtml(part.words)}: ${amountHtml(part.amount)}</strong>`);
  return {
    to,
    subject,
    text: [t.hello(name), '', ...body.flatMap((part) => [textOf(part), '']), `${t.viewOrder}: ${link}`, '', t.signOff].join('\n'),
    html: html(
      lng,
      `<p>${escapeHtml(t.hello(name))}</p>${body.map((part) => `<p>${htmlOf(part)}</p>`).join('')}` +
        `<p><a href="${escapeHtml(link)}">${escapeHtml(t.viewOrder)}</a></p><p>${escapeHtml(t.signOff)}</p>`,
    ),
  };
}

/**
 * The shopper's news about their review (issue #36): published, or not published with the reason
 * staff gave, in the language the review was written in, with a link to the product's page.
 */
export function reviewModeratedMessage({ to, name, product, approved, reason, link, lng }: { to: string; name: string; product: string; approved: boolean; reason: string | null; link: string; lng: Language }): MailMessage {
  const t = TEXTS[lng];
  const body = approved ? [t.reviewApprovedIntro(product)] : [t.reviewRejectedIntro(product), `${t.reason}: ${reason ?? ''}`, t.reviewRejectedAgain];
  return {
    to,
    subject: approved ? t.reviewApprovedSubject : t.reviewRejectedSubject,
    text: [t.hello(name), '', ...body.flatMap((part) => [part, '']), `${t.viewProduct}: ${link}`, '', t.signOff].join('\n'),
    html: html(
      lng,
      `<p>${escapeHtml(t.hello(name))}</p>${body.map((part) => `<p>${escapeHtml(part)}</p>`).join('')}` +
        `<p><a href="${escapeHtml(link)}">${escapeHtml(t.viewProduct)}</a></p><p>${escapeHtml(t.signOff)}</p>`,
    ),
  };
}
