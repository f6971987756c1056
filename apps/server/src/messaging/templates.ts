import { DEFAULT_BRANDING } from '@safarnama/contract';
import type { MailMessage } from './mail.js';

/** The e-mails of the back-office: plain text first, a simple HTML twin, one action link. */

/** A subject is one header line: line breaks become spaces. */
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const layout = (heading: string, paragraphs: string[], action: { label: string; link: string }) =>
  `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#0f172a;line-height:1.5">` +
  `<h1 style="font-size:20px">${escapeHtml(heading)}</h1>` +
  paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('') +
  `<p><a href="${escapeHtml(action.link)}" style="display:inline-block;background:#0d9488;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(action.label)}</a></p>` +
  `<p style="font-size:12px;color:#64748b">Or paste this link into your browser: ${escapeHtml(action.link)}</p>` +
  `</body></html>`;

/** The product name mails use until Basic Settings name another (issue 20). */
export const DEFAULT_PRODUCT_NAME = DEFAULT_BRANDING.productName;

/**
 * Forgot-password mail: the link is valid for 30 minutes and works once. `productName` is the
 * Basic Settings' (subject and text).
 */
export const passwordResetMail = (
  to: { email: string; name: string },
  link: string,
  productName: string = DEFAULT_PRODUCT_NAME,
): MailMessage => {
  const paragraphs = [
    `Hello ${to.name},`,
    `Someone asked to reset the password of your ${productName} back-office account. If it was you, set a new password with the link below. It is valid for 30 minutes and works once.`,
    'If you did not ask for this, ignore this e-mail: your password stays as it is.',
  ];
  return {
    to: to.email,
    subject: `Reset your ${oneLine(productName)} password`,
    text: `${paragraphs.join('\n\n')}\n\nSet a new password: ${link}\n`,
    html: layout('Reset your password', paragraphs, { label: 'Set a new password', link }),
    link,
  };
};

/** Invitation mail for a new admin: the link is valid for 72 hours and works once. */
export const invitationMail = (
  to: { email: string; name: string },
  invitedBy: string,
  link: string,
  productName: string = DEFAULT_PRODUCT_NAME,
): MailMessage => {
  const paragraphs = [
    `Hello ${to.name},`,
    `${invitedBy} has invited you to the ${productName} back-office. Choose your password with the link below to activate your account. The link is valid for 72 hours and works once.`,
  ];
  return {
    to: to.email,
    subject: `You are invited to the ${oneLine(productName)} back-office`,
    text: `${paragraphs.join('\n\n')}\n\nChoose your password: ${link}\n`,
    html: layout(`Welcome to ${productName}`, paragraphs, { label: 'Choose your password', link }),
    link,
  };
};

/**
 * A scheduled marketing notification by e-mail: the title as subject and heading, the message
 * (one paragraph per line), the optional image and the optional link as the action. URLs are
 * absolute (built from PUBLIC_URL by the caller).
 */
export const marketingMail = (
  to: string,
  content: { title: string; message: string; imageUrl: string | null; link: string | null },
): MailMessage => {
  // A subject is one header line: any line break in the title becomes a space.
  const subject = content.title.replace(/\s+/g, ' ').trim();
  const paragraphs = content.message
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  const image = content.imageUrl
    ? `<p><img src="${escapeHtml(content.imageUrl)}" alt="" style="max-width:100%;height:auto;border-radius:6px"></p>`
    : '';
  const action = content.link
    ? `<p><a href="${escapeHtml(content.link)}" style="display:inline-block;background:#0d9488;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">Open</a></p>` +
      `<p style="font-size:12px;color:#64748b">Or paste this link into your browser: ${escapeHtml(content.link)}</p>`
    : '';
  return {
    to,
    subject,
    text: `${paragraphs.join('\n\n')}\n${content.link ? `\n${content.link}\n` : ''}`,
    html:
      `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#0f172a;line-height:1.5">` +
      `<h1 style="font-size:20px">${escapeHtml(subject)}</h1>` +
      image +
      paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('') +
      action +
      `</body></html>`,
    ...(content.link ? { link: content.link } : {}),
  };
};
