import { parseArgs } from 'node:util';
import { BANNER_VARIANTS, bannerInputSchema, type Banner, type BannerInput } from '@cuewave/contract/banners';

export const BANNER_USAGE = [
  'usage: npm run banner -- list',
  '       npm run banner -- add --variant VARIANT --coupon CODE --starts WHEN --ends WHEN [--edition all|eu|us]',
  '       npm run banner -- change --id ID [--variant VARIANT] [--coupon CODE] [--starts WHEN] [--ends WHEN] [--edition ...]',
  '       npm run banner -- remove --id ID',
  `  VARIANT: ${BANNER_VARIANTS.join(', ')}`,
  '  WHEN: a date (2027-03-08, 00:00 UTC) or an ISO time with a zone (2027-03-08T06:00:00+01:00)',
  '  The coupon must exist (npm run coupon:create) and give the discount the variant announces: 50 % for',
  '  womensDay, aprilsFool, musicDay and midSummer; 40 % for easter and childrensDay; any percentage for',
  '  starWars; usLaunch: --price 0.99 --currency usd --periods month, US edition only.',
].join('\n');

/** A command-line mistake: the CLI prints the message and the usage, and exits 1. */
export class BannerUsageError extends Error {}

const fail = (message: string): never => {
  throw new BannerUsageError(message);
};

export type BannerCommand =
  | { kind: 'list' }
  | { kind: 'add'; input: BannerInput }
  | { kind: 'change'; id: string; patch: Partial<BannerInput> }
  | { kind: 'remove'; id: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The same checks as the API's body schema, with the option names of the command in the messages. */
function checked(fields: Record<string, unknown>, partial: boolean): BannerInput {
  const schema = partial ? bannerInputSchema.partial() : bannerInputSchema;
  const parsed = schema.safeParse(fields);
  if (parsed.success) return parsed.data as BannerInput;
  const issue = parsed.error.issues[0]!;
  const option = { startsAt: '--starts', endsAt: '--ends' }[String(issue.path[0])] ?? `--${String(issue.path[0])}`;
  if (issue.path[0] === 'variant') return fail(`${option} must be one of ${BANNER_VARIANTS.join(', ')}`);
  return fail(issue.code === 'invalid_type' ? `${option} is required` : `${option}: ${issue.message}`);
}

/** Reads the command line; throws BannerUsageError with a readable message. */
export function parseBannerArgs(args: string[]): BannerCommand {
  const [command, ...rest] = args;
  let values;
  try {
    ({ values } = parseArgs({
      args: rest,
      strict: true,
      allowPositionals: false,
      options: {
        id: { type: 'string' },
        variant: { type: 'string' },
        coupon: { type: 'string' },
        edition: { type: 'string' },
        starts: { type: 'string' },
        ends: { type: 'string' },
      },
    }));
  } catch (error) {
    return fail(error instanceof Error ? error.message : String(error));
  }
  const fields = Object.fromEntries(
    Object.entries({
      variant: values.variant,
      coupon: values.coupon,
      edition: values.edition,
      startsAt: values.starts,
      endsAt: values.ends,
    }).filter(([, value]) => value !== undefined),
  );
  const id = () => (values.id && UUID.test(values.id) ? values.id : fail('--id must be the id of a banner (see list)'));
  const none = (what: string) => {
    if (Object.keys(fields).length) fail(`${what} takes only --id`);
  };
  switch (command) {
    case 'list':
      if (values.id !== undefined || Object.keys(fields).length) fail('list takes no options');
      return { kind: 'list' };
    case 'add':
      if (values.id !== undefined) fail('add takes no --id: a new banner gets one');
      return { kind: 'add', input: checked(fields, false) };
    case 'change': {
      const target = id();
      if (!Object.keys(fields).length) fail('change needs at least one field to change');
      return { kind: 'change', id: target, patch: checked(fields, true) };
    }
    case 'remove':
      none('remove');
      return { kind: 'remove', id: id() };
    default:
      return fail(command ? `unknown command "${command}"` : 'give a command: list, add, change or remove');
  }
}

/** One line per banner, for list and the answers of add and change. */
export function describeBanner(b: Banner): string {
  const head = `${b.id}  ${b.variant.padEnd(12)} ${b.coupon.padEnd(16)} ${b.edition.padEnd(3)} ${b.startsAt} → ${b.endsAt}  ${b.state}`;
  return [head, ...b.warnings.map((w) => `  warning: ${w}`)].join('\n');
}
