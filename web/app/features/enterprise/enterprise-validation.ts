import type { TFunction } from 'i18next';
import {
  ENTERPRISE_LIMITS,
  enterpriseContactBodySchema,
  type EnterpriseContactBody,
  type EnterpriseUse,
} from '@cuewave/contract/enterprise';

export type EnterpriseFields = {
  name: string;
  email: string;
  company: string;
  use: EnterpriseUse | '';
  channels: string;
  message: string;
};

export type EnterpriseField = keyof EnterpriseFields;
export type EnterpriseErrors = Partial<Record<EnterpriseField, string>>;

/** Field order, for moving focus to the first problem. */
export const ENTERPRISE_FIELD_ORDER: readonly EnterpriseField[] = [
  'name',
  'email',
  'company',
  'use',
  'channels',
  'message',
];

export type EnterpriseT = TFunction<'enterprise'>;

/**
 * The form's values checked with the API's own schema (contract), so the browser refuses exactly what
 * the server would. The schema's messages are English (contract stays so, decision 075): each problem
 * is shown as the `form.errors.*` text of its field and issue, in the language of `t`. Returns the
 * body to send, or the first problem of each field.
 */
export type EnterpriseValidation =
  { ok: true; body: Omit<EnterpriseContactBody, 'captcha'> } | { ok: false; errors: EnterpriseErrors };

function issueText(field: EnterpriseField, code: string, t: EnterpriseT): string {
  const tooBig = code === 'too_big';
  switch (field) {
    case 'name':
      return tooBig ? t('form.errors.nameLong', { count: ENTERPRISE_LIMITS.name }) : t('form.errors.name');
    case 'company':
      return tooBig ? t('form.errors.companyLong', { count: ENTERPRISE_LIMITS.company }) : t('form.errors.company');
    case 'email':
      return t('form.errors.email');
    case 'use':
      return t('form.errors.use');
    case 'channels':
      if (code === 'too_small') return t('form.errors.channelsMin', { count: 1 });
      if (tooBig) return t('form.errors.channelsMax', { count: ENTERPRISE_LIMITS.channelsMax });
      return t('form.errors.channelsWhole');
    case 'message':
      return tooBig
        ? t('form.errors.messageLong', { count: ENTERPRISE_LIMITS.message })
        : t('form.errors.messageShort', { count: ENTERPRISE_LIMITS.messageMin });
  }
}

export function validateEnterprise(fields: EnterpriseFields, t: EnterpriseT): EnterpriseValidation {
  const errors: EnterpriseErrors = {};
  const channelsText = fields.channels.trim();
  let channels: number | null = null;
  if (channelsText) {
    channels = /^\d+$/.test(channelsText) ? Number(channelsText) : Number.NaN;
    if (Number.isNaN(channels)) errors.channels = t('form.errors.channelsWhole');
  }
  if (!fields.use) errors.use = t('form.errors.use');

  const parsed = enterpriseContactBodySchema.safeParse({
    name: fields.name,
    email: fields.email,
    company: fields.company,
    use: fields.use || 'other',
    channels: errors.channels ? null : channels,
    message: fields.message,
    captcha: 'checked-on-send',
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as EnterpriseField;
      if (ENTERPRISE_FIELD_ORDER.includes(field) && !errors[field]) errors[field] = issueText(field, issue.code, t);
    }
  }
  if (Object.keys(errors).length > 0 || !parsed.success) return { ok: false, errors };
  const { captcha: _captcha, ...body } = parsed.data;
  return { ok: true, body };
}
