import { describe, expect, it } from 'vitest';
import { BannerUsageError, describeBanner, parseBannerArgs } from './banner-args';

const parse = (line: string) => parseBannerArgs(line.split(' ').filter(Boolean));
const problem = (line: string) => {
  try {
    parse(line);
  } catch (error) {
    expect(error).toBeInstanceOf(BannerUsageError);
    return (error as Error).message;
  }
  throw new Error(`accepted: ${line}`);
};
const ID = '0b7c6a8e-2f1d-4c3b-9a5e-6d7f8e9a0b1c';

describe('npm run banner arguments', () => {
  it('reads list, add, change and remove', () => {
    expect(parse('list')).toEqual({ kind: 'list' });
    expect(
      parse('add --variant easter --coupon easter40 --starts 2027-04-01 --ends 2027-04-08T23:59:59+02:00'),
    ).toEqual({
      kind: 'add',
      input: { variant: 'easter', coupon: 'easter40', startsAt: '2027-04-01', endsAt: '2027-04-08T23:59:59+02:00' },
    });
    expect(
      parse('add --variant usLaunch --coupon USLAUNCH --starts 2027-07-01 --ends 2027-07-31 --edition us'),
    ).toEqual({
      kind: 'add',
      input: { variant: 'usLaunch', coupon: 'USLAUNCH', edition: 'us', startsAt: '2027-07-01', endsAt: '2027-07-31' },
    });
    expect(parse(`change --id ${ID} --ends 2027-05-01`)).toEqual({
      kind: 'change',
      id: ID,
      patch: { endsAt: '2027-05-01' },
    });
    expect(parse(`remove --id ${ID}`)).toEqual({ kind: 'remove', id: ID });
  });

  it('explains every mistake', () => {
    expect(problem('')).toMatch(/give a command/);
    expect(problem('publish')).toMatch(/unknown command "publish"/);
    expect(problem('list --variant easter')).toMatch(/list takes no options/);
    expect(problem('add --variant easter --coupon E1 --starts 2027-04-01')).toMatch(/--ends is required/);
    expect(problem('add --variant halloween --coupon E1 --starts 2027-04-01 --ends 2027-04-02')).toMatch(
      /--variant must be one of womensDay, aprilsFool/,
    );
    expect(problem('add --variant easter --coupon E1 --starts 2027-02-30 --ends 2027-04-02')).toMatch(
      /--starts: Use a real date/,
    );
    expect(problem('add --variant easter --coupon E1 --starts soon --ends 2027-04-02')).toMatch(/--starts/);
    expect(problem('add --variant easter --coupon E1 --starts 2027-04-01 --ends 2027-04-02 --edition mars')).toMatch(
      /--edition/,
    );
    expect(problem(`add --id ${ID} --variant easter`)).toMatch(/add takes no --id/);
    expect(problem('add --variant easter --colour red')).toMatch(/Unknown option '--colour'/);
    expect(problem('change --id 42 --ends 2027-05-01')).toMatch(/--id must be the id of a banner/);
    expect(problem(`change --id ${ID}`)).toMatch(/at least one field/);
    expect(problem('remove')).toMatch(/--id must be/);
    expect(problem(`remove --id ${ID} --variant easter`)).toMatch(/remove takes only --id/);
  });

  it('describes a banner on one line, with its warnings under it', () => {
    const line = describeBanner({
      id: ID,
      variant: 'easter',
      coupon: 'EASTER40',
      edition: 'all',
      startsAt: '2027-04-01T00:00:00.000Z',
      endsAt: '2027-04-08T00:00:00.000Z',
      state: 'scheduled',
      warnings: ['The coupon EASTER40 expires first.'],
    });
    expect(line).toMatch(
      new RegExp(
        `^${ID}\\s+easter\\s+EASTER40\\s+all 2027-04-01T00:00:00.000Z → 2027-04-08T00:00:00.000Z\\s+scheduled\\n  warning: The coupon EASTER40 expires first.$`,
      ),
    );
  });
});
