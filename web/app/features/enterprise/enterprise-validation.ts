import {
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

/**
 * The form's values checked with the API's own schema (contract), so the browser shows the same
 * words the server would answer with. Returns the body to send, or the first problem of each field.
 */
export type EnterpriseValidation =
  { ok: true; body: Omit<EnterpriseContactBody, 'captcha'> } | { ok: false; errors: EnterpriseErrors };

export function validateEnterprise(fields: EnterpriseFields): EnterpriseValidation {
  const errors: EnterpriseErrors = {};
  const channelsText = fields.channels.trim();
  let channels: number | null = null;
  if (channelsText) {
    channels = /^\d+$/.test(channelsText) ? Number(channelsText) : Number.NaN;
    if (Number.isNaN(channels)) errors.channels = 'Enter a whole number of channels.';
  }
  if (!fields.use) errors.use = 'Choose what the music is for.';

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
      if (ENTERPRISE_FIELD_ORDER.includes(field) && !errors[field]) errors[field] = issue.message;
    }
  }
  if (Object.keys(errors).length > 0 || !parsed.success) return { ok: false, errors };
  const { captcha: _captcha, ...body } = parsed.data;
  return { ok: true, body };
}
