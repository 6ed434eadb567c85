/**
 * The store's branding (docs/product/screens.md, docs/product/entities.md, docs/product/validation.md, docs/product/limits.md): the visual identity (store_branding) and the page
 * customisation (store_customization), each an upsert per store (docs/product/calls.md), and the preview:
 * the real review page (reviews/page.ts) rendered with values not yet saved.
 */
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { shopifyStores, storeBranding, storeCustomization, user } from '#db/schema';
import { BRANDING_DEFAULTS, type BrandingConfig, type IdentityInput, type PageInput, type previewInput, type StoredLogo } from '#core/api/branding';
import type { CustomerLanguage } from '#core/customer-language';
import { defaultTemplateIn } from '#core/email/review-email';
import type { AppContext } from '../context';
import { DomainError } from '../domain-error';
import { resolveLogoKey, storedLogoOf } from '../media/logos';
import { reviewPageMessagesIn } from '../messages/review-page';
import { reviewFormHtml, thankYouPageHtml } from '../reviews/page';
import { collectionNotice, noticeFlows } from '../reviews/notice';
import { decideAfterRating, reviewPageOf } from '../reviews/public-review';
import { storeRatingActions } from '../reviews/rating-actions';
import { storeDisplayName } from '../stores/service';
import { storeTextLanguages, textLanguagesOf } from '../stores/text-languages';
import type { TenantStore } from '../stores/tenancy';
import { sampleVariables, templateRefusal } from '../email-templates/sample';
import { inTemplateTurn } from '../email-templates/turns';

/** The identity, and the page's texts in a language (absent: the store's default; decision 057). */
export async function readBranding(ctx: AppContext, store: TenantStore, asked?: CustomerLanguage): Promise<BrandingConfig> {
  const languages = await storeTextLanguages(ctx.db, store.id, asked);
  const { language } = languages;
  const [[branding], texts] = await Promise.all([
    ctx.db.select().from(storeBranding).where(eq(storeBranding.shopId, store.id)),
    ctx.db.select().from(storeCustomization).where(eq(storeCustomization.shopId, store.id)),
  ]);
  const custom = texts.find((row) => row.language === language);
  const storeName = storeDisplayName(store.shop_name, store.shop_domain);
  const m = reviewPageMessagesIn(language);
  return {
    store_id: store.id,
    store_name: storeName,
    identity_saved: branding !== undefined,
    page_saved: custom !== undefined,
    language,
    default_language: languages.defaultLanguage,
    languages: textLanguagesOf(languages, new Set(texts.map((row) => row.language))),
    identity: {
      logo: storedLogoOf(ctx, branding?.logoUrl, branding?.logoEmailUrl),
      button_text_color: branding?.buttonTextColor ?? BRANDING_DEFAULTS.button_text_color,
      button_bg_color: branding?.buttonBgColor ?? BRANDING_DEFAULTS.button_bg_color,
      primary_color: branding?.primaryColor ?? BRANDING_DEFAULTS.primary_color,
    },
    page: {
      page_title: custom?.pageTitle ?? null,
      page_description: custom?.pageDescription ?? null,
      thank_you_message: custom?.thankYouMessage ?? null,
      positive_feedback_message: custom?.positiveFeedbackMessage ?? null,
      negative_feedback_message: custom?.negativeFeedbackMessage ?? null,
      email_greeting: custom?.emailGreeting ?? null,
      email_closing: custom?.emailClosing ?? null,
      button_text: custom?.buttonText ?? m.defaultButton,
    },
    page_defaults: { page_title: m.defaultTitle, page_description: m.defaultDescription(storeName), thank_you_message: m.defaultThankYou, button_text: m.defaultButton },
  };
}

/** The logo a save or a preview names: absent keeps the saved one (undefined), null removes it, a key must be one of this store's uploads. */
async function chosenLogo(ctx: AppContext, storeId: string, key: string | null | undefined): Promise<StoredLogo | null | undefined> {
  if (key === undefined) return undefined;
  if (key === null) return null;
  return resolveLogoKey(ctx, key, { kind: 'branding', storeId });
}

export async function saveIdentity(ctx: AppContext, store: TenantStore, input: IdentityInput): Promise<BrandingConfig> {
  const logo = await chosenLogo(ctx, store.id, input.logo_key);
  const values = {
    buttonTextColor: input.button_text_color,
    buttonBgColor: input.button_bg_color,
    primaryColor: input.primary_color,
    ...(logo === undefined ? {} : { logoUrl: logo?.url ?? null, logoEmailUrl: logo?.email_url ?? null }),
    updatedAt: new Date(),
  };
  await ctx.db
    .insert(storeBranding)
    .values({ shopId: store.id, ...values })
    .onConflictDoUpdate({ target: storeBranding.shopId, set: values });
  return readBranding(ctx, store);
}

/**
 * The greeting and closing are Liquid rendered into every e-mail: one that cannot be rendered, or
 * goes beyond the e-mail's limits, would fail every send, so it is refused here (rendered in the
 * template sandbox, decision 019), as the template editor refuses a broken template.
 */
async function checkEmailText(ctx: AppContext, store: TenantStore, language: CustomerLanguage, text: string | null, field: 'email_greeting' | 'email_closing'): Promise<void> {
  if (!text) return;
  const variables = sampleVariables(ctx.config.appUrl, storeDisplayName(store.shop_name, store.shop_domain));
  const [outcome] = await ctx.templates.render({
    key: store.id,
    template: defaultTemplateIn(language),
    language,
    ...(field === 'email_greeting' ? { greeting: text } : { closing: text }),
    emails: [{ variables }],
  });
  if (outcome && !outcome.ok) throw templateRefusal(outcome.problem, field);
}

/** Saves the page's texts in their language (absent: the store's default), one row per store and language. */
export async function savePage(ctx: AppContext, store: TenantStore, input: PageInput): Promise<BrandingConfig> {
  const { language } = await storeTextLanguages(ctx.db, store.id, input.language);
  // The check is one of the store's places in the sandbox (decision 046), taken before anything is rendered.
  if (input.email_greeting || input.email_closing)
    await inTemplateTurn(ctx, store.id, async () => {
      // In turn, not together: the greeting's refusal comes first, as before.
      await checkEmailText(ctx, store, language, input.email_greeting, 'email_greeting');
      await checkEmailText(ctx, store, language, input.email_closing, 'email_closing');
    });
  const values = {
    pageTitle: input.page_title,
    pageDescription: input.page_description,
    thankYouMessage: input.thank_you_message,
    positiveFeedbackMessage: input.positive_feedback_message,
    negativeFeedbackMessage: input.negative_feedback_message,
    emailGreeting: input.email_greeting,
    emailClosing: input.email_closing,
    buttonText: input.button_text,
    updatedAt: new Date(),
  };
  await ctx.db
    .insert(storeCustomization)
    .values({ shopId: store.id, language, ...values })
    .onConflictDoUpdate({ target: [storeCustomization.shopId, storeCustomization.language], set: values });
  return readBranding(ctx, store, language);
}

/** The token the preview's form names: no request has it (review tokens are 16+ characters), so nothing could ever be posted to a real one. */
const PREVIEW_TOKEN = 'apercu';

/**
 * The review page as a customer would get it with these values, from the store's real name and
 * rating actions, without its script (the preview is shown in a sandboxed frame: nothing runs, nothing is submitted).
 */
export async function previewReviewPage(ctx: AppContext, store: TenantStore, input: z.output<typeof previewInput>): Promise<{ html: string }> {
  const [row] = await ctx.db
    .select({ samePath: shopifyStores.samePathForAllRatings, accountEmail: user.email, defaultLanguage: shopifyStores.defaultCustomerLanguage })
    .from(shopifyStores)
    .innerJoin(user, eq(user.id, shopifyStores.userId))
    .where(eq(shopifyStores.id, store.id));
  if (!row) throw new DomainError('no_store');
  const [[saved], logo, { actions }, flows] = await Promise.all([
    ctx.db.select({ logoUrl: storeBranding.logoUrl }).from(storeBranding).where(eq(storeBranding.shopId, store.id)),
    chosenLogo(ctx, store.id, input.identity.logo_key),
    storeRatingActions(ctx.db, store.id, row.accountEmail),
    noticeFlows(ctx.db, store.id),
  ]);
  const { identity, page } = input;
  const parts = reviewPageOf(
    {
      storeName: storeDisplayName(store.shop_name, store.shop_domain),
      branding: {
        logoUrl: logo === undefined ? (saved?.logoUrl ?? null) : (logo?.url ?? null),
        primaryColor: identity.primary_color,
        buttonBgColor: identity.button_bg_color,
        buttonTextColor: identity.button_text_color,
      },
      custom: {
        pageTitle: page.page_title,
        pageDescription: page.page_description,
        thankYouMessage: page.thank_you_message,
        positiveFeedbackMessage: page.positive_feedback_message,
        negativeFeedbackMessage: page.negative_feedback_message,
        buttonText: page.button_text,
      },
      actions,
      samePath: row.samePath,
      // The rating actions' feedback prompts are written in the default language only.
      actionsLanguage: row.defaultLanguage,
    },
    { token: PREVIEW_TOKEN, channel: 'email', state: 'form', doneLink: null, doneRating: null, prefill: { name: '', email: '' } },
    // In the language of the texts being edited (decision 057).
    page.language ?? row.defaultLanguage,
  );
  // The customer's page shows how reviews are collected, from the same settings: so does the preview.
  const view = {
    ...parts,
    notice: collectionNotice({ flows, samePath: row.samePath, publicSite: parts.publicReviewUrl !== null, link: 'order' }, parts.messages, parts.locale),
  };
  if (input.view === 'form') return { html: reviewFormHtml(view, '', {}, { script: false }) };
  // After a review: what the real page offers for a 5 or a 2, decided by the same function.
  const rating = input.view === 'thanks_positive' ? 5 : 2;
  return { html: thankYouPageHtml(view, '', { rating, publicReviewUrl: decideAfterRating(view.samePath, actions, rating).offered }) };
}
