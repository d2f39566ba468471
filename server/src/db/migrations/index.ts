import type { Migration } from 'kysely';
import * as m0001 from './0001-catalog';
import * as m0002 from './0002-accounts';
import * as m0003 from './0003-billing';
import * as m0004 from './0004-payments-channels-licences';
import * as m0005 from './0005-subscriptions';
import * as m0006 from './0006-stripe-customers';
import * as m0007 from './0007-pending-email';
import * as m0008 from './0008-invoices';
import * as m0009 from './0009-trial-reminders';
import * as m0010 from './0010-jobs';
import * as m0011 from './0011-user-playlists';
import * as m0012 from './0012-downloads';
import * as m0013 from './0013-file-crc';
import * as m0014 from './0014-search';
import * as m0015 from './0015-sound-descriptors';
import * as m0017 from './0017-search-references';
import * as m0018 from './0018-contact-messages';
import * as m0019 from './0019-site-settings';
import * as m0020 from './0020-banners';
import * as m0021 from './0021-account-language';

/** Append new migrations here; never edit or reorder one that has shipped. */
export const migrations: Record<string, Migration> = {
  '0001-catalog': m0001,
  '0002-accounts': m0002,
  '0003-billing': m0003,
  '0004-payments-channels-licences': m0004,
  '0005-subscriptions': m0005,
  '0006-stripe-customers': m0006,
  '0007-pending-email': m0007,
  '0008-invoices': m0008,
  '0009-trial-reminders': m0009,
  '0010-jobs': m0010,
  '0011-user-playlists': m0011,
  '0012-downloads': m0012,
  '0013-file-crc': m0013,
  '0014-search': m0014,
  '0015-sound-descriptors': m0015,
  '0017-search-references': m0017,
  '0018-contact-messages': m0018,
  '0019-site-settings': m0019,
  '0020-banners': m0020,
  '0021-account-language': m0021,
};
