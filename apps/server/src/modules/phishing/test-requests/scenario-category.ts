import type { TemplateCategory } from '@vigil/contracts';

/**
 * Which built-in category a custom request is about, by a simple keyword match on its words: the
 * category whose keywords occur most often wins (ties go to the earlier one below); with no match,
 * `it-password`, the most common lure. The draft campaign starts with that category's built-in
 * lures, which the admin changes as they like before launching.
 */
export const categoryKeywords: Readonly<Record<TemplateCategory, readonly string[]>> = {
  'executive-bec': ['ceo', 'cfo', 'coo', 'executive', 'director', 'boss', 'chief', 'gift card', 'wire', 'urgent transfer', 'board', 'president'],
  'finance-invoices': ['invoice', 'payment', 'supplier', 'vendor', 'bank detail', 'remittance', 'accounts payable', 'purchase order', 'overdue', 'billing'],
  'hr-payroll': ['payroll', 'salary', 'payslip', 'pay slip', 'bonus', 'benefit', 'hr', 'human resources', 'pension', 'holiday', 'leave', 'policy', 'appraisal'],
  'mfa-fatigue': ['mfa', 'authenticator', 'two-factor', '2fa', 'push', 'verification code', 'one-time code', 'otp', 'security code'],
  'it-password': ['password', 'login', 'log in', 'sign-in', 'sign in', 'account', 'mailbox', 'it desk', 'helpdesk', 'help desk', 'service desk', 'expire', 'locked'],
  deliveries: ['parcel', 'package', 'delivery', 'courier', 'shipping', 'shipment', 'customs', 'tracking number', 'mailroom'],
  'file-sharing': ['document', 'file', 'shared', 'share', 'drive', 'folder', 'e-signature', 'signature', 'sign the', 'contract', 'pdf'],
  'saas-notifications': ['licence', 'license', 'subscription', 'notification', 'calendar', 'meeting', 'invite', 'comment', 'mention', 'storage', 'renewal', 'app'],
};

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const patterns = Object.entries(categoryKeywords).map(([category, words]) => ({
  category: category as TemplateCategory,
  // Whole words only: "hr" in "three" is no HR lure.
  regexes: words.map((word) => new RegExp(`(?<![\\p{L}\\p{N}])${escape(word)}(?![\\p{L}\\p{N}])`, 'giu')),
}));

export const categoryForScenario = (text: string): TemplateCategory => {
  let best: { category: TemplateCategory; hits: number } = { category: 'it-password', hits: 0 };
  for (const { category, regexes } of patterns) {
    const hits = regexes.reduce((sum, regex) => sum + (text.match(regex)?.length ?? 0), 0);
    if (hits > best.hits) best = { category, hits };
  }
  return best.category;
};
