import { CalendarClock, LayoutDashboard, Mail, MessageSquareText, Palette, Plug, Rocket, SlidersHorizontal, Workflow, type LucideIcon } from 'lucide-react';
import { messages } from '#web/i18n';

export interface SidebarItem {
  to: string;
  label: string;
  icon: LucideIcon;
  /** Shows a small green dot after the label. */
  dot?: boolean;
}

const t = messages.layout.nav;

/** The nine sidebar entries, in display order (docs/product/screens.md). */
export const sidebarItems: readonly SidebarItem[] = [
  { to: '/app/dashboard', label: t.dashboard, icon: LayoutDashboard },
  { to: '/app/feedback', label: t.feedback, icon: MessageSquareText },
  { to: '/app/schedule', label: t.schedule, icon: CalendarClock, dot: true },
  { to: '/app/conditional', label: t.conditional, icon: SlidersHorizontal },
  { to: '/app/flow', label: t.flow, icon: Workflow },
  { to: '/app/upsell', label: t.upsell, icon: Rocket },
  { to: '/app/branding', label: t.branding, icon: Palette },
  { to: '/app/email-templates', label: t.emailTemplates, icon: Mail },
  { to: '/app/integrations', label: t.integrations, icon: Plug },
];
