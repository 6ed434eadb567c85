/**
 * Between the claim and the lanes (decision 019): each store's template, branding and sender are read
 * once per run (renderContexts), and the batch's e-mails are rendered in the template sandbox, one
 * job per store cut into chunks, never one call per e-mail. An e-mail that cannot be rendered fails
 * here, before any transport call, with its quota given back.
 */
import { sql } from 'drizzle-orm';
import { languageOf, type CustomerLanguage } from '#core/customer-language';
import { defaultTemplateIn, type ReviewEmailBranding, type ReviewEmailTemplate } from '#core/email/review-email';
import { reviewEmailTexts } from '#core/email/texts';
import { queryRows } from '#db/client';
import type { AppContext } from '#server/context';
import type { SenderDomainRow, SenderIdentity } from '#server/email/sender-identity';
import { emailLogoUrl } from '#server/media/logos';
import { storeDisplayName } from '#server/stores/service';
import { requestLinks } from '../links';
import { completeFailed } from './ledger';
import { templateNote, type Rendered, type Reserved, type SendRunResult } from './model';

/**
 * Renders the claimed requests' e-mails in the template sandbox: one job per store (its template is
 * compiled once per sandbox process, its e-mails rendered in chunks, never one call per e-mail), the
 * stores' jobs at once. A request whose e-mail could not be rendered fails without calling the
 * transport, with the reason, and its quota is given back: permanently (decision 008: a template
 * that cannot render), or, past the time limit, as a temporary failure (decision 019). Answers the
 * others, with their e-mail.
 */
export async function renderBatch(ctx: AppContext, reserved: Reserved[], renders: Map<string, RenderContext>, result: SendRunResult): Promise<Rendered[]> {
  // One job per store and language: an e-mail is in its request's language (decision 056).
  const groups = new Map<string, { shopId: string; language: CustomerLanguage; requests: Reserved[] }>();
  for (const r of reserved) {
    const language = languageOf(r.locale);
    const group = groups.get(`${r.shop_id} ${language}`) ?? { shopId: r.shop_id, language, requests: [] };
    group.requests.push(r);
    groups.set(`${r.shop_id} ${language}`, group);
  }
  const rendered: Rendered[] = [];
  await Promise.all(
    [...groups.values()].map(async ({ shopId, language, requests }) => {
      const render = inLanguage(renders.get(shopId)!, language);
      const outcomes = await ctx.templates.render({
        key: shopId,
        template: render.template,
        branding: render.branding,
        greeting: render.greeting,
        closing: render.closing,
        language,
        emails: requests.map((request) => {
          // A reminder leads to its first request's review page, unsubscribe link and open pixel: the
          // customer has one review page per order and flow, whichever e-mail they answer.
          const links = requestLinks(ctx.config.appUrl, request.link_token);
          return {
            variables: {
              customer_name: request.customer_name || reviewEmailTexts[language].customerFallback,
              store_name: render.storeName,
              order_number: request.order_number ?? (request.shopify_order_id ? `#${request.shopify_order_id}` : ''),
              review_link: links.review,
            },
            unsubscribeUrl: links.unsubscribePage,
            openPixelUrl: links.openPixel,
            reminder: request.kind === 'reminder',
          };
        }),
      });
      const failed = new Map<string, { kind: 'temporary' | 'permanent'; note: string; requests: Reserved[] }>();
      requests.forEach((request, i) => {
        const outcome = outcomes[i]!;
        if (outcome.ok) return void rendered.push({ ...request, email: outcome.email });
        // Time depends on the machine's load as well as on the template: retried by the next runs,
        // like a temporary transport failure, until SEND_MAX_ATTEMPTS. The other reasons are the template's alone.
        const retry = outcome.problem.kind === 'time' && request.attempts + 1 < ctx.config.sending.maxAttempts;
        const kind = retry ? 'temporary' : 'permanent';
        const note = templateNote(outcome.problem);
        const group = failed.get(`${kind} ${note}`) ?? { kind, note, requests: [] };
        group.requests.push(request);
        failed.set(`${kind} ${note}`, group);
      });
      for (const { kind, note, requests } of failed.values()) {
        ctx.log.child('sender').warn('template not rendered: e-mails failed', { shopId, count: requests.length, kind, reason: note });
        await completeFailed(ctx, requests, kind, note);
        result.failed += requests.length;
      }
    }),
  );
  return rendered;
}

/**
 * What a store's e-mails in `language` are made of: the merchant's template, greeting and closing in
 * the language they are written in (the store's default language); in any other, the shipped texts of
 * that language with the merchant's look (sender name, logo, button colour). An e-mail never mixes
 * two languages (decision 056).
 */
export function inLanguage(render: RenderContext, language: CustomerLanguage): RenderContext {
  if (language === render.textsLanguage) return render;
  const { fromName, logoUrl, buttonColor } = render.template;
  return { ...render, template: { ...defaultTemplateIn(language), fromName, logoUrl, buttonColor }, greeting: null, closing: null };
}

export interface RenderContext {
  storeName: string;
  /** The language the store's template, greeting and closing are written in: its default language. */
  textsLanguage: CustomerLanguage;
  template: ReviewEmailTemplate;
  branding: ReviewEmailBranding;
  /** The first and last paragraphs set in Branding & Pages (null: the default greeting, no closing). */
  greeting: string | null;
  closing: string | null;
  replyTo: string | null;
  /** The store's own sending domain, if any (email/sender-identity.ts decides whether it is used). */
  senderDomain: SenderDomainRow | null;
  /**
   * Who the store's e-mails are from, worked out (its DKIM key unsealed) by the first e-mail of the
   * run that needs it and kept for the others, rather than once per e-mail (decision 030).
   */
  identity?: SenderIdentity;
}

/** Per store: its name, active template (or the default), branding, greeting and closing, and reply-to address. */
export async function renderContexts(ctx: AppContext, shopIds: string[]): Promise<Map<string, RenderContext>> {
  const rows = await queryRows<{
    id: string;
    shop_name: string | null;
    shop_domain: string;
    texts_language: CustomerLanguage;
    subject: string | null;
    from_name: string | null;
    t_logo: string | null;
    t_logo_email: string | null;
    body_content: string | null;
    button_text: string | null;
    button_url_template: string | null;
    button_color: string | null;
    footer_text: string | null;
    reminder_subject: string | null;
    reminder_first_line: string | null;
    b_logo: string | null;
    b_logo_email: string | null;
    primary_color: string | null;
    button_text_color: string | null;
    email_greeting: string | null;
    email_closing: string | null;
    reply_to: string | null;
    d_from_address: string | null;
    d_domain: string | null;
    d_selector: string | null;
    d_private_key: string | null;
    d_verified: boolean | null;
  }>(
    ctx.db,
    sql`SELECT s.id::text, s.shop_name, s.shop_domain, s.default_customer_language AS texts_language, t.subject, t.from_name, t.logo_url AS t_logo, t.logo_email_url AS t_logo_email, t.body_content,
               t.button_text, t.button_url_template, t.button_color, t.footer_text, t.reminder_subject, t.reminder_first_line, b.logo_url AS b_logo, b.logo_email_url AS b_logo_email,
               b.primary_color, b.button_text_color, p.email_greeting, p.email_closing, c.owner_notification_email AS reply_to,
               d.from_address AS d_from_address, d.domain AS d_domain, d.selector AS d_selector, d.dkim_private_key AS d_private_key,
               d.verified_at IS NOT NULL AS d_verified
        FROM shopify_stores s
        LEFT JOIN LATERAL (SELECT * FROM email_templates t WHERE t.shop_id = s.id AND t.template_type = 'review_request' AND t.is_active
                           ORDER BY t.is_default DESC, t.updated_at DESC LIMIT 1) t ON true
        LEFT JOIN store_branding b ON b.shop_id = s.id
        LEFT JOIN store_customization p ON p.shop_id = s.id
        LEFT JOIN store_email_config c ON c.shop_id = s.id
        LEFT JOIN store_sender_domains d ON d.shop_id = s.id
        WHERE s.id IN (${sql.join(
          shopIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`,
  );
  return new Map(
    rows.map((r) => [
      r.id,
      {
        storeName: storeDisplayName(r.shop_name, r.shop_domain),
        textsLanguage: r.texts_language,
        template: r.subject
          ? {
              subject: r.subject,
              fromName: r.from_name,
              logoUrl: emailLogoUrl(r.t_logo_email, r.t_logo),
              bodyContent: r.body_content,
              buttonText: r.button_text ?? defaultTemplateIn(r.texts_language).buttonText,
              buttonUrlTemplate: r.button_url_template ?? defaultTemplateIn(r.texts_language).buttonUrlTemplate,
              buttonColor: r.button_color ?? defaultTemplateIn(r.texts_language).buttonColor,
              footerText: r.footer_text,
              reminderSubject: r.reminder_subject,
              reminderFirstLine: r.reminder_first_line,
            }
          : defaultTemplateIn(r.texts_language),
        // E-mails show the PNG made for them (mail clients do not show SVG).
        branding: { logoUrl: emailLogoUrl(r.b_logo_email, r.b_logo), primaryColor: r.primary_color, buttonTextColor: r.button_text_color },
        greeting: r.email_greeting,
        closing: r.email_closing,
        replyTo: r.reply_to,
        senderDomain: r.d_from_address
          ? { from_address: r.d_from_address, domain: r.d_domain, selector: r.d_selector, dkim_private_key: r.d_private_key, verified: r.d_verified }
          : null,
      },
    ]),
  );
}
