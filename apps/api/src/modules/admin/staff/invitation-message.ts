import type { StaffRole } from '@dukkan/contracts/admin-staff';
import type { Language } from '@dukkan/contracts/common';
import { escapeHtml } from '@dukkan/contracts/html';

import type { MailMessage } from '../../../mail/mailer';

const ROLES: Record<Language, Record<StaffRole, string>> = {
  en: { owner: 'owner', catalog: 'catalog', support: 'support' },
  ar: { owner: 'مالك', catalog: 'الكتالوج', support: 'الدعم' },
};

const TEXTS = {
  en: {
    subject: 'You are invited to the Dukkan back office',
    hello: (name: string) => `Hello ${name},`,
    intro: (by: string, role: string) => `${by} invited you to the Dukkan back office with the role “${role}”. To choose your password and sign in, open this link:`,
    button: 'Choose your password',
    validity: 'The link works once, for 7 days. If you did not expect this invitation, ignore this message.',
    signOff: 'The Dukkan team',
  },
  ar: {
    subject: 'دعوة إلى لوحة إدارة دكّان',
    hello: (name: string) => `مرحبًا ${name}،`,
    intro: (by: string, role: string) => `دعاك ${by} إلى لوحة إدارة دكّان بدور «${role}». لاختيار كلمة المرور وتسجيل الدخول افتح هذا الرابط:`,
    button: 'اختر كلمة المرور',
    validity: 'يعمل الرابط مرة واحدة لمدة 7 أيام. إن لم تكن تتوقع هذه الدعوة فتجاهل هذه الرسالة.',
    signOff: 'فريق دكّان',
  },
} as const;

/** The invitation of a new staff member, with the link to choose a password. */
export function invitationMessage({ to, name, role, invitedBy, link, lng }: { to: string; name: string; role: StaffRole; invitedBy: string; link: string; lng: Language }): MailMessage {
  const t = TEXTS[lng];
  const intro = t.intro(invitedBy, ROLES[lng][role]);
  return {
    to,
    subject: t.subject,
    text: [t.hello(name), '', intro, link, '', t.validity, '', t.signOff].join('\n'),
    html:
      `<!doctype html><html lang="${lng}" dir="${lng === 'ar' ? 'rtl' : 'ltr'}"><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1d1d1f">` +
      `<p>${escapeHtml(t.hello(name))}</p><p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(t.button)}</a></p>` +
      `<p>${escapeHtml(t.validity)}</p><p>${escapeHtml(t.signOff)}</p></body></html>`,
  };
}
