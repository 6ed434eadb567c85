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
      const store = renders.get(shopId)!;
      const texts = inLanguage(store, language);
      const outcomes = await ctx.templates.render({
        key: shopId,
        template: texts.template,
        branding: store.branding,
        greeting: texts.greeting,
        closing: texts.closing,
        language,
        emails: requests.map((request) => {
          // A reminder leads to its first request's review page, unsubscribe link and open pixel: the
          // customer has one review page per order and flow, whichever e-mail they answer.
          const links = requestLinks(ctx.config.appUrl, request.link_token);
          return {
            variables: {
              customer_name: request.customer_name || reviewEmailTexts[language].customerFallback,
              store_name: store.storeName,
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

/** What one language's e-mails are made of. */
export interface LanguageTexts {
  template: ReviewEmailTemplate;
  /** The first and last paragraphs set in Branding & Pages for this language (null: the default greeting, no closing). */
  greeting: string | null;
  closing: string | null;
}

/**
 * What a store's e-mails in `language` are made of (decision 057): the merchant's template in that
 * language, else the shipped one of that language with the look of the merchant's default-language
 * template (sender name, logo, button colour); the greeting and closing the merchant wrote in that
 * language, if any. An e-mail never mixes two languages.
 */
export function inLanguage(render: RenderContext, language: CustomerLanguage): LanguageTexts {
  const own = render.templates.get(language);
  const texts = render.pageTexts.get(language) ?? { greeting: null, closing: null };
  if (own) return { template: own, ...texts };
  const look = render.templates.get(render.defaultLanguage);
  const template = defaultTemplateIn(language);
  return { template: look ? { ...template, fromName: look.fromName, logoUrl: look.logoUrl, buttonColor: look.buttonColor } : template, ...texts };
}

export interface RenderContext {
  storeName: string;
  /** The store's default customer language: its template lends its look to the languages without one. */
  defaultLanguage: CustomerLanguage;
  /** The merchant's active template in each language they wrote one in. */
  templates: Map<CustomerLanguage, ReviewEmailTemplate>;
  /** The greeting and closing in each language the merchant saved page texts in. */
  pageTexts: Map<CustomerLanguage, { greeting: string | null; closing: string | null }>;
  branding: ReviewEmailBranding;
  replyTo: string | null;
  /** The store's own sending domain, if any (email/sender-identity.ts decides whether it is used). */
  senderDomain: SenderDomainRow | null;
  /**
   * Who the store's e-mails are from, per sender name (each language's template may name its own),
   * worked out (its DKIM key unsealed) by the first e-mail of the run that needs it and kept for the
   * others, rather than once per e-mail (decision 030).
   */
  identities?: Map<string, SenderIdentity>;
}

type TemplateRow = {
  shop_id: string;
  language: CustomerLanguage;
  subject: string;
  from_name: string | null;
  logo_url: string | null;
  logo_email_url: string | null;
  body_content: string | null;
  button_text: string;
  button_url_template: string;
  button_color: string;
  footer_text: string | null;
  reminder_subject: string | null;
  reminder_first_line: string | null;
};

const uuids = (ids: string[]) =>
  sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );

/** Per store: its name, active templates and page texts per language, branding, reply-to address and sending domain. */
export async function renderContexts(ctx: AppContext, shopIds: string[]): Promise<Map<string, RenderContext>> {
  const [rows, templates, texts] = await Promise.all([
    queryRows<{
      id: string;
      shop_name: string | null;
      shop_domain: string;
      default_language: CustomerLanguage;
      b_logo: string | null;
      b_logo_email: string | null;
      primary_color: string | null;
      button_text_color: string | null;
      reply_to: string | null;
      d_from_address: string | null;
      d_domain: string | null;
      d_selector: string | null;
      d_private_key: string | null;
      d_verified: boolean | null;
    }>(
      ctx.db,
      sql`SELECT s.id::text, s.shop_name, s.shop_domain, s.default_customer_language AS default_language, b.logo_url AS b_logo, b.logo_email_url AS b_logo_email,
                 b.primary_color, b.button_text_color, c.owner_notification_email AS reply_to,
                 d.from_address AS d_from_address, d.domain AS d_domain, d.selector AS d_selector, d.dkim_private_key AS d_private_key,
                 d.verified_at IS NOT NULL AS d_verified
          FROM shopify_stores s
          LEFT JOIN store_branding b ON b.shop_id = s.id
          LEFT JOIN store_email_config c ON c.shop_id = s.id
          LEFT JOIN store_sender_domains d ON d.shop_id = s.id
          WHERE s.id IN (${uuids(shopIds)})`,
    ),
    // One active template per store and language (a unique index); the order is the editor's, should that ever change.
    queryRows<TemplateRow>(
      ctx.db,
      sql`SELECT DISTINCT ON (t.shop_id, t.language) t.shop_id::text, t.language, t.subject, t.from_name, t.logo_url, t.logo_email_url, t.body_content,
                 t.button_text, t.button_url_template, t.button_color, t.footer_text, t.reminder_subject, t.reminder_first_line
          FROM email_templates t
          WHERE t.shop_id IN (${uuids(shopIds)}) AND t.template_type = 'review_request' AND t.is_active
          ORDER BY t.shop_id, t.language, t.is_default DESC, t.updated_at DESC`,
    ),
    queryRows<{ shop_id: string; language: CustomerLanguage; email_greeting: string | null; email_closing: string | null }>(
      ctx.db,
      sql`SELECT p.shop_id::text, p.language, p.email_greeting, p.email_closing FROM store_customization p WHERE p.shop_id IN (${uuids(shopIds)})`,
    ),
  ]);
  return new Map(
    rows.map((r) => [
      r.id,
      {
        storeName: storeDisplayName(r.shop_name, r.shop_domain),
        defaultLanguage: r.default_language,
        templates: new Map(
          templates
            .filter((t) => t.shop_id === r.id)
            .map((t) => [
              t.language,
              {
                subject: t.subject,
                fromName: t.from_name,
                logoUrl: emailLogoUrl(t.logo_email_url, t.logo_url),
                bodyContent: t.body_content,
                buttonText: t.button_text,
                buttonUrlTemplate: t.button_url_template,
                buttonColor: t.button_color,
                footerText: t.footer_text,
                reminderSubject: t.reminder_subject,
                reminderFirstLine: t.reminder_first_line,
              },
            ]),
        ),
        pageTexts: new Map(texts.filter((p) => p.shop_id === r.id).map((p) => [p.language, { greeting: p.email_greeting, closing: p.email_closing }])),
        // E-mails show the PNG made for them (mail clients do not show SVG).
        branding: { logoUrl: emailLogoUrl(r.b_logo_email, r.b_logo), primaryColor: r.primary_color, buttonTextColor: r.button_text_color },
        replyTo: r.reply_to,
        senderDomain: r.d_from_address
          ? { from_address: r.d_from_address, domain: r.d_domain, selector: r.d_selector, dkim_private_key: r.d_private_key, verified: r.d_verified }
          : null,
      },
    ]),
  );
}
