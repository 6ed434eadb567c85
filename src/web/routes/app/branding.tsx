import { zodResolver } from '@hookform/resolvers/zod';
import { Palette, Type } from 'lucide-react';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { PreviewView } from '#core/api/branding';
import type { CustomerLanguage } from '#core/customer-language';
import { useBranding, type BrandingConfig } from '#web/api/branding';
import { useTextLanguage } from '#web/components/languages/TextLanguagePicker';
import {
  identitySchema,
  identityValues,
  pageResolver,
  pageValues,
  previewBody,
  type IdentityFormValues,
  type PageFormOutput,
  type PageFormValues,
} from '#web/components/branding/branding-form';
import { IdentityForm } from '#web/components/branding/IdentityForm';
import { PageForm } from '#web/components/branding/PageForm';
import { PreviewPane } from '#web/components/branding/PreviewPane';
import { StoreQueryState } from '#web/components/ui/StoreQueryState';
import { TabList, TabPanel, type TabItem } from '#web/components/ui/Tabs';
import { messages } from '#web/i18n';
import { usePageHeader } from '#web/lib/page-header';

const t = messages.branding;
const header = messages.appScreens.branding;

type TabId = 'identity' | 'page';
const TABS: readonly TabItem<TabId>[] = [
  { id: 'identity', label: t.tabs.identity, icon: <Palette aria-hidden="true" className="size-4" /> },
  { id: 'page', label: t.tabs.page, icon: <Type aria-hidden="true" className="size-4" /> },
];
const TAB_PREFIX = 'branding';

/**
 * /app/branding, Branding & Pages (docs/product/screens.md, docs/product/entities.md, docs/product/validation.md, docs/product/errors.md, docs/product/limits.md): two tabs, the visual identity and
 * the page customisation, each saved on its own, each beside a live preview of the review page built
 * from the unsaved values of both.
 */
export default function BrandingScreen() {
  usePageHeader(header.title, header.subtitle);
  // The page's texts of `?langue=` (decision 057), else of the store's default language.
  const [language, setLanguage] = useTextLanguage();
  const query = useBranding(language);
  // Above the editor: a language switch starts fresh forms on the tab it was made from. An address
  // naming a language comes for its texts.
  const [tab, setTab] = useState<TabId>(language ? 'page' : 'identity');
  return (
    <StoreQueryState query={query} noStore={t.noStore} loading={<BrandingSkeleton />} errorMessage={t.loadError}>
      {/* A new store id (another shop connected) or another language starts fresh forms. */}
      {(data) => <BrandingEditor key={`${data.store_id} ${data.language}`} data={data} asked={language} onLanguageChange={setLanguage} tab={tab} onTabChange={setTab} />}
    </StoreQueryState>
  );
}

/** The shape of the screen while it loads: the tabs, a form and the phone. */
function BrandingSkeleton() {
  return (
    <div aria-busy="true" className="space-y-6">
      <p role="status" className="sr-only">
        {t.loading}
      </p>
      <div aria-hidden="true" className="flex gap-2 border-b border-slate-200 pb-2">
        <div className="h-8 w-40 animate-pulse rounded-lg bg-slate-200" />
        <div className="h-8 w-56 animate-pulse rounded-lg bg-slate-200" />
      </div>
      <div aria-hidden="true" className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] xl:grid-cols-[minmax(0,1fr)_25rem]">
        <div className="space-y-6">
          <div className="h-48 animate-pulse rounded-2xl bg-slate-200" />
          <div className="h-64 animate-pulse rounded-2xl bg-slate-200" />
        </div>
        <div className="mx-auto h-[36rem] w-full max-w-[24.5rem] animate-pulse rounded-[2.75rem] bg-slate-200" />
      </div>
    </div>
  );
}

interface EditorProps {
  data: BrandingConfig;
  asked: CustomerLanguage | undefined;
  onLanguageChange: (language: CustomerLanguage) => void;
  tab: TabId;
  onTabChange: (tab: TabId) => void;
}

function BrandingEditor({ data, asked, onLanguageChange, tab, onTabChange: setTab }: EditorProps) {
  const [pageView, setPageView] = useState<PreviewView>('form');

  // Both forms live here, whatever the tab shown: a tab switch keeps what was typed, and each
  // preview shows the unsaved values of both.
  const identityForm = useForm<IdentityFormValues>({ resolver: zodResolver(identitySchema), defaultValues: identityValues(data), mode: 'onTouched' });
  const pageForm = useForm<PageFormValues, unknown, PageFormOutput>({ resolver: pageResolver, defaultValues: pageValues(data) });
  const identity = useWatch({ control: identityForm.control }) as IdentityFormValues;
  const page = useWatch({ control: pageForm.control }) as PageFormValues;

  const layout = 'grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] xl:grid-cols-[minmax(0,1fr)_25rem]';

  return (
    <div className="space-y-6">
      <TabList label={t.tabs.label} idPrefix={TAB_PREFIX} tabs={TABS} selected={tab} onSelect={setTab} />

      <TabPanel idPrefix={TAB_PREFIX} id="identity" selected={tab === 'identity'} className={layout}>
        <IdentityForm form={identityForm} data={data} asked={asked} />
        {tab === 'identity' && <PreviewPane body={previewBody(identity, page, 'form', data)} view="form" />}
      </TabPanel>

      <TabPanel idPrefix={TAB_PREFIX} id="page" selected={tab === 'page'} className={layout}>
        <PageForm form={pageForm} data={data} asked={asked} onLanguageChange={onLanguageChange} identityDirty={identityForm.formState.isDirty} />
        {tab === 'page' && <PreviewPane body={previewBody(identity, page, pageView, data)} view={pageView} onViewChange={setPageView} />}
      </TabPanel>
    </div>
  );
}
