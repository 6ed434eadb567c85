import { AnalyticsSection } from '../components/landing/AnalyticsSection';
import { ClosingSection } from '../components/landing/ClosingSection';
import { CustomizationSection } from '../components/landing/CustomizationSection';
import { FeaturesSection } from '../components/landing/FeaturesSection';
import { Hero } from '../components/landing/Hero';
import { MetricsSection } from '../components/landing/MetricsSection';
import { PricingSection } from '../components/landing/PricingSection';
import { TestimonialSection } from '../components/landing/TestimonialSection';
import { SiteFooter } from '../components/layout/SiteFooter';
import { SiteHeader } from '../components/layout/SiteHeader';
import { SkipLink, mainContentId } from '../components/ui/SkipLink';
import { messages } from '../i18n';
import { useDocumentTitle } from '../lib/page-header';

const t = messages.landing;

const sections = [
  { href: '#fonctionnalites', label: t.nav.features },
  { href: '#analyses', label: t.nav.analytics },
  { href: '#tarifs', label: t.nav.pricing },
] as const;

/** / — the public landing page. */
export default function LandingScreen() {
  useDocumentTitle(t.documentTitle);
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <SkipLink />
      <SiteHeader sections={sections} />
      <main id={mainContentId} tabIndex={-1} className="flex-1 outline-none">
        <Hero />
        <MetricsSection />
        <FeaturesSection />
        <CustomizationSection />
        <AnalyticsSection />
        <PricingSection />
        <TestimonialSection />
        <ClosingSection />
      </main>
      <SiteFooter />
    </div>
  );
}
