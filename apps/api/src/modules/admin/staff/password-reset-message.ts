import type { Language } from '@dukkan/contracts/common';
import { escapeHtml } from '@dukkan/contracts/html';

import type { MailMessage } from '../../../mail/mailer';

const TEXTS = {
  en: {
    subject: 'Choose a new password for the Dukkan back office',
    hello: (name: string) => `Hello ${name},`,
    intro: 'Someone asked to reset the password of your Dukkan back-office account. To choose a new password, open this link:',
    button: 'Choose a new password',
    validity: 'The link works once, for 1 hour. Choosing a new password signs you out everywhere. If you did not ask for this, ignore this message: your password stays as it is.',
    signOff: 'The Dukkan team',
  },
  ar: {
    subject: 'اختر كلمة مرور جديدة للوحة إدارة دكّان',
    hello: (name: string) => `مرحبًا ${name}،`,
    intro: 'طلب أحدهم إعادة تعيين كلمة مرور حسابك في لوحة إدارة دكّان. لاختيار كلمة مرور جديدة افتح هذا الرابط:',
    button: 'اختر كلمة مرور جديدة',
    validity: 'يعمل الرابط مرة واحدة لمدة ساعة. اختيار كلمة مرور جديدة يسجّل خروجك من كل الأجهزة. إن لم تطلب ذلك فتجاهل هذه الرسالة: تبقى كلمة مرورك كما هي.',
    signOff: 'فريق دكّان',
  },
} as const;

/** The mail of a staff member who forgot the password, with the link to choose a new one. */
export function staffPasswordResetMessage({ to, name, link, lng }: { to: string; name: string; link: string; lng: Language }): MailMessage {
  const t = TEXTS[lng];
  return {
    to,
    subject: t.subject,
    text: [t.hello(name), '', t.intro, link, '', t.validity, '', t.signOff].join('\n'),
    html:
      `<!doctype html><html lang="${lng}" dir="${lng === 'ar' ? 'rtl' : 'ltr'}"><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1d1d1f">` +
      `<p>${escapeHtml(t.hello(name))}</p><p>${escapeHtml(t.intro)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(t.button)}</a></p>` +
      `<p>${escapeHtml(t.validity)}</p><p>${escapeHtml(t.signOff)}</p></body></html>`,
  };
}
