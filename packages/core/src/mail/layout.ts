import { serverTranslator, type ServerTranslate } from "@hyn/i18n/server";
import type { Locale } from "@hyn/validators/locales";
import { PRODUCT_NAME } from "../shared/config";
import { escapeHtml } from "./html";
import type { EmailMessage } from "./message";

export interface EmailContent {
  to: string;
  /** The recipient's language (their account's `locale`): the layout's own words follow it. */
  locale: Locale;
  subject: string;
  /** Plain paragraphs; escaped for HTML here. */
  paragraphs: string[];
  action?: { label: string; url: string };
  /** Small print under the action, e.g. the link's expiry or a preferences link. */
  footer?: string[];
  footerLink?: { label: string; url: string };
  /**
   * Makes the e-mail non-essential (RFC 8058): the List-Unsubscribe headers and the footer links
   * "Unsubscribe" and "Manage notifications". Transactional e-mails (verification, reset, invitation,
   * feedback) leave it out. Links come from `unsubscribeLinks(deps).for(userId, scope)`.
   */
  unsubscribe?: UnsubscribeLink;
}

export interface UnsubscribeLink {
  /** The signed one-click URL: POST unsubscribes, GET shows the page that explains it. */
  url: string;
  /** The profile's notifications section. */
  manageUrl: string;
}

/** RFC 2369 + RFC 8058: mail clients show their own "Unsubscribe" and POST to the URL. */
function unsubscribeHeaders(link: UnsubscribeLink): Record<string, string> {
  return { "List-Unsubscribe": `<${link.url}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
}

function unsubscribeFooterLinks(link: UnsubscribeLink, t: ServerTranslate) {
  return [
    { label: t("email.unsubscribe"), url: link.url },
    { label: t("email.manageNotifications"), url: link.manageUrl },
  ];
}

/** Renders one consistent e-mail: product name, paragraphs, one button with its URL also in text. */
export function renderEmail(content: EmailContent): EmailMessage {
  const t = serverTranslator(content.locale);
  const text = [
    ...content.paragraphs,
    ...(content.action ? [`${content.action.label}: ${content.action.url}`] : []),
    ...(content.footer ?? []),
    ...(content.footerLink ? [`${content.footerLink.label}: ${content.footerLink.url}`] : []),
    ...(content.unsubscribe
      ? unsubscribeFooterLinks(content.unsubscribe, t).map((link) => `${link.label}: ${link.url}`)
      : []),
    `— ${PRODUCT_NAME}`,
  ].join("\n\n");

  const button = content.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(content.action.url)}" style="background:#2f6f4f;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:600">${escapeHtml(content.action.label)}</a></p>
<p style="font-size:13px;color:#555">${escapeHtml(t("email.pasteLink"))}<br><a href="${escapeHtml(content.action.url)}">${escapeHtml(content.action.url)}</a></p>`
    : "";
  const footer = [
    ...(content.footer ?? []).map((line) => `<p style="font-size:13px;color:#555">${escapeHtml(line)}</p>`),
    ...(content.footerLink
      ? [
          `<p style="font-size:13px"><a href="${escapeHtml(content.footerLink.url)}">${escapeHtml(content.footerLink.label)}</a></p>`,
        ]
      : []),
    ...(content.unsubscribe
      ? [
          `<p style="font-size:13px">${unsubscribeFooterLinks(content.unsubscribe, t)
            .map((link) => `<a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a>`)
            .join(" · ")}</p>`,
        ]
      : []),
  ].join("\n");
  const html = `<!doctype html>
<html lang="${content.locale}"><head><meta charset="utf-8"><title>${escapeHtml(content.subject)}</title></head>
<body style="font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#1d2a24;max-width:560px;margin:0 auto;padding:24px">
<h1 style="font-size:18px;color:#2f6f4f">${escapeHtml(PRODUCT_NAME)}</h1>
${content.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join("\n")}
${button}
${footer}
</body></html>`;
  return {
    to: content.to,
    subject: content.subject,
    text,
    html,
    ...(content.unsubscribe ? { headers: unsubscribeHeaders(content.unsubscribe) } : {}),
  };
}
