/**
 * The review-request template editor (docs/product/screens.md, docs/product/entities.md, docs/product/validation.md, docs/product/limits.md): one active template per store,
 * which the sender uses from its next e-mail on (requests/sender.ts reads the same row). Until the
 * merchant saves, the spec's defaults. Every template is rendered by the sender's own function, in
 * the template sandbox (sandbox.ts, decision 019), before it is saved or sent as a test, so a broken
 * or hostile one never reaches a customer and never runs on the thread that serves requests.
 */
import { and, eq, ne, sql } from 'drizzle-orm';
import { emailTemplates, shopifyStores, storeBranding, storeCustomization } from '#db/schema';
import { BRANDING_DEFAULTS } from '#core/api/branding';
import { TEST_EMAILS_PER_HOUR, type EmailTemplateConfig, type TemplateInput } from '#core/api/email-templates';
import type { CustomerLanguage } from '#core/customer-language';
import { defaultTemplateIn, escapeHtml, TEMPLATE_VARIABLES, type RenderedEmail, type ReviewEmailTemplate, type TemplateVariables } from '#core/email/review-email';
import { templateWarnings, utf8Bytes, type TemplateWarning } from '#core/email/template-warnings';
import type { SignedIn } from '../auth/auth';
import type { AppContext } from '../context';
import { DomainError } from '../domain-error';
import { emailLogoUrl, resolveLogoKey, storedLogoOf } from '../media/logos';
import { templateEditorMessages as t } from '../messages/template-editor';
import { storeSenderIdentity } from '../email/store-sender-identity';
import { hitRateLimit } from '../security/rate-limit';
import { storeDisplayName } from '../stores/service';
import { storeTextLanguages, textLanguagesOf } from '../stores/text-languages';
import type { TenantStore } from '../stores/tenancy';
import { appBase, sampleVariables, templateRefusal } from './sample';
import { SandboxBusyError, type SandboxEmail } from './sandbox';
import { inTemplateTurn } from './turns';

type TemplateRow = typeof emailTemplates.$inferSelect;

/** What the e-mail takes from the rest of the store: the page tab's greeting and closing, the branding's logo and colour. */
interface StoreEmailParts {
  /** The language of the texts (decision 057): the template's, the greeting's and closing's; the defaults and the preview are in it. */
  language: CustomerLanguage;
  greeting: string | null;
  closing: string | null;
  logoEmailUrl: string | null;
  primaryColor: string | null;
  buttonTextColor: string | null;
}

const reviewRequests = (storeId: string) => and(eq(emailTemplates.shopId, storeId), eq(emailTemplates.templateType, 'review_request'));

/** The active template of a language, chosen as the sender chooses it. */
async function activeTemplate(ctx: AppContext, storeId: string, language: CustomerLanguage): Promise<TemplateRow | undefined> {
  const [row] = await ctx.db
    .select()
    .from(emailTemplates)
    .where(and(reviewRequests(storeId), eq(emailTemplates.language, language), eq(emailTemplates.isActive, true)))
    .orderBy(sql`${emailTemplates.isDefault} DESC, ${emailTemplates.updatedAt} DESC`)
    .limit(1);
  return row;
}

/** The languages the store has an active template of its own in. */
async function templateLanguages(ctx: AppContext, storeId: string): Promise<Set<string>> {
  const rows = await ctx.db
    .selectDistinct({ language: emailTemplates.language })
    .from(emailTemplates)
    .where(and(reviewRequests(storeId), eq(emailTemplates.isActive, true)));
  return new Set(rows.map((row) => row.language));
}

async function storeEmailParts(ctx: AppContext, storeId: string, language: CustomerLanguage): Promise<StoreEmailParts> {
  const [[branding], [custom]] = await Promise.all([
    ctx.db.select().from(storeBranding).where(eq(storeBranding.shopId, storeId)),
    ctx.db
      .select({ greeting: storeCustomization.emailGreeting, closing: storeCustomization.emailClosing })
      .from(storeCustomization)
      .where(and(eq(storeCustomization.shopId, storeId), eq(storeCustomization.language, language))),
  ]);
  return {
    language,
    greeting: custom?.greeting ?? null,
    closing: custom?.closing ?? null,
    logoEmailUrl: emailLogoUrl(branding?.logoEmailUrl, branding?.logoUrl),
    primaryColor: branding?.primaryColor ?? null,
    buttonTextColor: branding?.buttonTextColor ?? null,
  };
}

/**
 * Renders as the sender does, in the sandbox, one e-mail per entry of `emails` (`reminder`: the
 * reminder's version); a template Liquid cannot render, or that goes beyond the limits, is the
 * merchant's to fix (422 naming the reason).
 */
async function render(ctx: AppContext, storeId: string, template: ReviewEmailTemplate, parts: StoreEmailParts, emails: SandboxEmail[]): Promise<RenderedEmail[]> {
  const outcomes = await ctx.templates.render({
    key: storeId,
    template,
    branding: { logoUrl: parts.logoEmailUrl, primaryColor: parts.primaryColor, buttonTextColor: parts.buttonTextColor },
    greeting: parts.greeting,
    closing: parts.closing,
    language: parts.language,
    emails,
  });
  return outcomes.map((outcome) => {
    if (!outcome.ok) throw templateRefusal(outcome.problem, 'template');
    return outcome.email;
  });
}

function templateOfRow(row: TemplateRow): ReviewEmailTemplate {
  return {
    subject: row.subject,
    fromName: row.fromName,
    logoUrl: emailLogoUrl(row.logoEmailUrl, row.logoUrl),
    bodyContent: row.bodyContent,
    buttonText: row.buttonText,
    buttonUrlTemplate: row.buttonUrlTemplate,
    buttonColor: row.buttonColor,
    footerText: row.footerText,
    reminderSubject: row.reminderSubject,
    reminderFirstLine: row.reminderFirstLine,
  };
}

async function warningsOf(
  ctx: AppContext,
  storeId: string,
  template: ReviewEmailTemplate,
  parts: StoreEmailParts,
  variables: TemplateVariables,
  measure: boolean,
): Promise<TemplateWarning[]> {
  let htmlBytes = 0;
  // Not measured when the store's places in the sandbox are taken: no size warning this time.
  if (measure) {
    try {
      // The heavier of the two e-mails (the reminder adds its first line).
      const emails = await render(ctx, storeId, template, parts, [{ variables }, { variables, reminder: true }]);
      htmlBytes = Math.max(...emails.map((email) => utf8Bytes(email.html)));
    } catch (error) {
      // Saved templates were rendered before their save; only a greeting changed since could fail here.
      if (!(error instanceof DomainError)) throw error;
    }
  }
  return templateWarnings(
    {
      subject: template.subject,
      bodyContent: template.bodyContent ?? '',
      buttonText: template.buttonText,
      buttonUrlTemplate: template.buttonUrlTemplate,
      footerText: template.footerText,
      greeting: parts.greeting,
      closing: parts.closing,
      reminderSubject: template.reminderSubject,
      reminderFirstLine: template.reminderFirstLine,
    },
    htmlBytes,
  );
}

/**
 * GET /api/email-templates/active. Its warnings render the template (to measure the HTML): that takes
 * one of the store's places in the sandbox; when they are all taken (the store's own saves under way),
 * the editor opens without the size warning rather than not at all (decision 046).
 */
export async function readEmailTemplate(ctx: AppContext, store: TenantStore, session: SignedIn, language?: CustomerLanguage): Promise<EmailTemplateConfig> {
  try {
    return await ctx.templates.admit(store.id, () => templateConfig(ctx, store, session, language, true));
  } catch (error) {
    if (error instanceof SandboxBusyError) return templateConfig(ctx, store, session, language, false);
    throw error;
  }
}

/** The editor's answer in a language (absent: the store's default); `measure`: render the saved template for the size warning. */
async function templateConfig(ctx: AppContext, store: TenantStore, session: SignedIn, asked: CustomerLanguage | undefined, measure: boolean): Promise<EmailTemplateConfig> {
  const storeName = storeDisplayName(store.shop_name, store.shop_domain);
  const languages = await storeTextLanguages(ctx.db, store.id, asked);
  const [row, parts, saved] = await Promise.all([
    activeTemplate(ctx, store.id, languages.language),
    storeEmailParts(ctx, store.id, languages.language),
    templateLanguages(ctx, store.id),
  ]);
  const sample = sampleVariables(ctx.config.appUrl, storeName);
  const defaults = defaultTemplateIn(parts.language);
  const template = row
    ? {
        subject: row.subject,
        from_name: row.fromName,
        logo: storedLogoOf(ctx, row.logoUrl, row.logoEmailUrl),
        body_content: row.bodyContent ?? defaults.bodyContent ?? '',
        button_text: row.buttonText,
        button_url_template: row.buttonUrlTemplate,
        button_color: row.buttonColor,
        footer_text: row.footerText,
        reminder_subject: row.reminderSubject,
        reminder_first_line: row.reminderFirstLine,
      }
    : {
        subject: defaults.subject,
        from_name: null,
        logo: null,
        body_content: defaults.bodyContent ?? '',
        button_text: defaults.buttonText,
        button_url_template: defaults.buttonUrlTemplate,
        button_color: defaults.buttonColor,
        footer_text: defaults.footerText ?? null,
        reminder_subject: null,
        reminder_first_line: null,
      };
  return {
    store_name: storeName,
    language: parts.language,
    default_language: languages.defaultLanguage,
    languages: textLanguagesOf(languages, saved),
    saved: row !== undefined,
    template,
    page_texts: { email_greeting: parts.greeting, email_closing: parts.closing },
    branding: { logo_email_url: parts.logoEmailUrl, primary_color: parts.primaryColor ?? BRANDING_DEFAULTS.primary_color },
    test_recipient: session.user.email,
    sample: { customer_name: sample.customer_name, store_name: sample.store_name, order_number: sample.order_number, review_link: sample.review_link },
    warnings: row ? await warningsOf(ctx, store.id, templateOfRow(row), parts, sample, measure) : [],
  };
}

/** The template logo a save or a test names: absent keeps the saved one, null none, a key one of this account's uploads. */
async function chosenLogo(
  ctx: AppContext,
  userId: string,
  key: string | null | undefined,
  saved: TemplateRow | undefined,
): Promise<{ url: string | null; emailUrl: string | null }> {
  if (key === undefined) return { url: saved?.logoUrl ?? null, emailUrl: saved?.logoEmailUrl ?? null };
  if (key === null) return { url: null, emailUrl: null };
  const logo = await resolveLogoKey(ctx, key, { kind: 'template', userId });
  return { url: logo.url, emailUrl: logo.email_url };
}

function templateOfInput(input: TemplateInput, logo: { url: string | null; emailUrl: string | null }): ReviewEmailTemplate {
  return {
    subject: input.subject,
    fromName: input.from_name,
    logoUrl: emailLogoUrl(logo.emailUrl, logo.url),
    bodyContent: input.body_content,
    buttonText: input.button_text,
    buttonUrlTemplate: input.button_url_template,
    buttonColor: input.button_color,
    footerText: input.footer_text,
    reminderSubject: input.reminder_subject,
    reminderFirstLine: input.reminder_first_line,
  };
}

/**
 * Saves the active template: checked by rendering it, then in one transaction the others are
 * deactivated and this one written. The whole save is one of the store's places in the sandbox
 * (turns.ts): beyond them it is refused before anything is read.
 */
export function saveEmailTemplate(ctx: AppContext, store: TenantStore, session: SignedIn, input: TemplateInput): Promise<EmailTemplateConfig> {
  return inTemplateTurn(ctx, store.id, () => saveInTurn(ctx, store, session, input));
}

async function saveInTurn(ctx: AppContext, store: TenantStore, session: SignedIn, input: TemplateInput): Promise<EmailTemplateConfig> {
  const storeName = storeDisplayName(store.shop_name, store.shop_domain);
  const { language } = await storeTextLanguages(ctx.db, store.id, input.language);
  const [saved, parts] = await Promise.all([activeTemplate(ctx, store.id, language), storeEmailParts(ctx, store.id, language)]);
  const logo = await chosenLogo(ctx, session.user.id, input.logo_key, saved);
  const template = templateOfInput(input, logo);
  const sample = sampleVariables(ctx.config.appUrl, storeName);
  // The reminder's subject and first line are Liquid too: a broken one is refused now, not at its first send.
  const [rendered] = await render(ctx, store.id, template, parts, [{ variables: sample }, { variables: sample, reminder: true }]);
  const values = {
    name: t.templateName,
    subject: input.subject,
    fromName: input.from_name,
    logoUrl: logo.url,
    logoEmailUrl: logo.emailUrl,
    bodyContent: input.body_content,
    buttonText: input.button_text,
    buttonUrlTemplate: input.button_url_template,
    buttonColor: input.button_color,
    footerText: input.footer_text,
    reminderSubject: input.reminder_subject,
    reminderFirstLine: input.reminder_first_line,
    // For reference (what the sample looks like); the sender renders each e-mail itself.
    htmlContent: rendered!.html,
    textContent: rendered!.text,
    variables: [...TEMPLATE_VARIABLES],
    isActive: true,
    isDefault: false,
    updatedAt: new Date(),
  };
  await ctx.db.transaction(async (tx) => {
    const scope = and(reviewRequests(store.id), eq(emailTemplates.language, language));
    // Two saves at once write one after the other (the first save of a language has no template row to
    // lock, hence the store's). NO KEY UPDATE: rows referencing the store can still be written meanwhile.
    await tx.select({ id: shopifyStores.id }).from(shopifyStores).where(eq(shopifyStores.id, store.id)).for('no key update');
    const active = await tx
      .select({ id: emailTemplates.id, isDefault: emailTemplates.isDefault })
      .from(emailTemplates)
      .where(and(scope, eq(emailTemplates.isActive, true)));
    const mine = active.find((row) => !row.isDefault);
    // One active template per store and language (a unique index): the others step aside before this one is written.
    await tx
      .update(emailTemplates)
      .set({ isActive: false, updatedAt: new Date() })
      .where(and(scope, eq(emailTemplates.isActive, true), mine ? ne(emailTemplates.id, mine.id) : undefined));
    if (mine)
      await tx
        .update(emailTemplates)
        .set(values)
        .where(and(scope, eq(emailTemplates.id, mine.id)));
    else await tx.insert(emailTemplates).values({ shopId: store.id, templateType: 'review_request', language, ...values });
  });
  // Within this save's place: the answer's measure needs no other.
  return templateConfig(ctx, store, session, language, true);
}

/** The notice above a test e-mail: the merchant must not take it for a customer's. */
function withTestNotice(email: RenderedEmail): RenderedEmail {
  const banner = `<div style="font-family:Arial,Helvetica,sans-serif;background:#fef3c7;color:#78350f;padding:12px 16px;text-align:center;font-size:14px;line-height:20px;">${escapeHtml(t.testNotice)}</div>`;
  return {
    subject: `${t.testSubjectPrefix}${email.subject}`,
    html: email.html.replace(/<body[^>]*>/, (body) => `${body}\n${banner}`),
    text: `${t.testNotice}\n\n${email.text}`,
  };
}

/**
 * Sends the template as edited (saved or not) to the signed-in merchant's own address, never to
 * anyone else: the body names no recipient. Not counted against the plan's quotas, but limited per
 * store and hour. The button leads to the branding page, where the merchant sees the review page.
 */
export function sendTestEmail(ctx: AppContext, store: TenantStore, session: SignedIn, input: TemplateInput): Promise<{ sent_to: string }> {
  return inTemplateTurn(ctx, store.id, () => sendTestInTurn(ctx, store, session, input));
}

async function sendTestInTurn(ctx: AppContext, store: TenantStore, session: SignedIn, input: TemplateInput): Promise<{ sent_to: string }> {
  const storeName = storeDisplayName(store.shop_name, store.shop_domain);
  const { language } = await storeTextLanguages(ctx.db, store.id, input.language);
  const [saved, parts] = await Promise.all([activeTemplate(ctx, store.id, language), storeEmailParts(ctx, store.id, language)]);
  const logo = await chosenLogo(ctx, session.user.id, input.logo_key, saved);
  const variables = { ...sampleVariables(ctx.config.appUrl, storeName), review_link: `${appBase(ctx.config.appUrl)}/app/branding` };
  const [rendered] = await render(ctx, store.id, templateOfInput(input, logo), parts, [{ variables }]);
  const email = withTestNotice(rendered!);
  const limit = await hitRateLimit(ctx.db, `test-email:${store.id}`, { max: TEST_EMAILS_PER_HOUR, windowSeconds: 3600 });
  if (!limit.allowed) throw new DomainError('rate_limited', { retryAfterSeconds: limit.retryAfterSeconds });
  const to = session.user.email;
  try {
    // From whom the store's customers get their e-mails: its own address, signed, once its domain verified.
    const identity = await storeSenderIdentity(ctx, store.id, input.from_name || storeName);
    await ctx.mailer.send({ to, from: identity.from, replyTo: identity.replyTo, dkim: identity.dkim, subject: email.subject, html: email.html, text: email.text });
  } catch (error) {
    ctx.log.child('email-templates').warn('test e-mail not sent', { storeId: store.id, error: error instanceof Error ? error.message : String(error) });
    throw new DomainError('test_email_failed');
  }
  return { sent_to: to };
}

/**
 * The store's review e-mail as its customers get it (active template, page texts, branding, the
 * visible unsubscribe link), on the sample's variables: what the deliverability self-test sends.
 * Also answers the display name the sender would put in From. Its caller holds one of the store's
 * places in the sandbox (deliverability/self-test.ts runSelfTest).
 */
export async function renderStoreReviewEmail(
  ctx: AppContext,
  storeId: string,
  storeName: string,
  links: { review: string; unsubscribePage: string },
): Promise<{ email: RenderedEmail; fromName: string }> {
  const { language } = await storeTextLanguages(ctx.db, storeId, undefined);
  const [row, parts] = await Promise.all([activeTemplate(ctx, storeId, language), storeEmailParts(ctx, storeId, language)]);
  const template = row ? templateOfRow(row) : defaultTemplateIn(language);
  const [email] = await render(ctx, storeId, template, parts, [
    { variables: { ...sampleVariables(ctx.config.appUrl, storeName), review_link: links.review }, unsubscribeUrl: links.unsubscribePage },
  ]);
  return { email: email!, fromName: template.fromName || storeName };
}
