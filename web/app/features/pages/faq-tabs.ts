/**
 * The FAQ's tabs (spec §2: /faq → /faq/rights, /faq/{tab}); an unknown tab goes to the first. Each
 * tab's name is the `faq.tabs.<id>` text of the `pages` namespace.
 */
export const FAQ_TABS = [
  { id: 'rights' },
  { id: 'subscriptions' },
  { id: 'payments' },
  { id: 'downloads' },
  { id: 'account' },
] as const;

export type FaqTab = (typeof FAQ_TABS)[number]['id'];
export const FIRST_FAQ_TAB: FaqTab = FAQ_TABS[0].id;

export function isFaqTab(value: string | undefined): value is FaqTab {
  return FAQ_TABS.some((tab) => tab.id === value);
}

export const faqTabPath = (tab: FaqTab) => `/faq/${tab}`;
