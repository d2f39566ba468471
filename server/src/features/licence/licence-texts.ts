import type { PlanName } from '@cuewave/contract/account';
import { CHANNEL_LABELS, LICENCE_PERPETUAL_TERM, LICENCE_TERMS, type ChannelType } from '@cuewave/contract/licence';
import type { Language } from '@cuewave/contract/languages';

/**
 * The words of the licence certificate in each language the store speaks (decision 076). English
 * reuses the contract's terms (the verify page shows the same sentences); Polish says the same rights
 * in Polish. One type for both, so a missing Polish text is a type error.
 */
export type LicenceTexts = {
  title: (track: boolean) => string;
  docTitle: (code: string, trackTitle?: string) => string;
  subject: (licensee: string) => string;
  intro: (track: boolean) => string;
  facts: {
    track: string;
    artist: string;
    downloaded: string;
    files: string;
    licensee: string;
    plan: string;
    validFrom: string;
    validUntil: string;
    openEnded: string;
    code: (track: boolean) => string;
    issued: string;
  };
  channelsHeading: string;
  noChannels: string;
  termsHeading: string;
  perpetual: string;
  fullTerms: string;
  verifyHeading: string;
  verifyText: string;
  footer: (code: string, issued: string) => string;
  /** Plan titles that change in this language; the others are product names and stay as the plan's own title. */
  planTitles: Partial<Record<PlanName, string>>;
  terms: Record<PlanName, readonly string[]>;
  channels: Record<ChannelType, string>;
};

const en: LicenceTexts = {
  title: (track) => (track ? 'Track licence certificate' : 'Licence certificate'),
  docTitle: (code, trackTitle) =>
    trackTitle ? `Cuewave track licence ${code}: ${trackTitle}` : `Cuewave licence certificate ${code}`,
  subject: (licensee) => `Music licence for ${licensee}`,
  intro: (track) =>
    track
      ? 'This certifies that the licensee named below downloaded the track named here under a Cuewave music ' +
        'licence and may use it on the channels listed, under the terms summarised on this certificate.'
      : 'This certifies that the licensee named below holds a Cuewave music licence for the channels listed, ' +
        'under the terms summarised on this certificate.',
  facts: {
    track: 'Track',
    artist: 'Artist',
    downloaded: 'Downloaded',
    files: 'Files',
    licensee: 'Licensee',
    plan: 'Plan',
    validFrom: 'Valid from',
    validUntil: 'Valid until',
    openEnded: 'Open-ended',
    code: (track) => (track ? 'Certificate code' : 'Licence code'),
    issued: 'Issued',
  },
  channelsHeading: 'Channels covered',
  noChannels: 'No channels registered yet. Add them in your Cuewave dashboard, then download a new certificate.',
  termsHeading: 'What this licence allows',
  perpetual: LICENCE_PERPETUAL_TERM,
  fullTerms: 'Full terms:',
  verifyHeading: 'Verify this certificate',
  verifyText:
    'Scan the code or open the address below to check that this certificate is genuine and whether it is valid ' +
    'today (renewals of the same plan extend it).',
  footer: (code, issued) => `Cuewave licence ${code} · issued ${issued}`,
  planTitles: {},
  terms: LICENCE_TERMS,
  channels: CHANNEL_LABELS,
};

const ownContentPl = 'Tylko własne treści: bez zleceń dla klientów, płatnych reklam i emisji.';

const pl: LicenceTexts = {
  title: (track) => (track ? 'Certyfikat licencji na utwór' : 'Certyfikat licencji'),
  docTitle: (code, trackTitle) =>
    trackTitle ? `Licencja Cuewave na utwór ${code}: ${trackTitle}` : `Certyfikat licencji Cuewave ${code}`,
  subject: (licensee) => `Licencja muzyczna dla: ${licensee}`,
  intro: (track) =>
    track
      ? 'Niniejszym potwierdzamy, że wskazany poniżej licencjobiorca pobrał wymieniony tu utwór w ramach licencji ' +
        'muzycznej Cuewave i może go używać w podanych kanałach na warunkach opisanych w tym certyfikacie.'
      : 'Niniejszym potwierdzamy, że wskazany poniżej licencjobiorca posiada licencję muzyczną Cuewave dla ' +
        'podanych kanałów na warunkach opisanych w tym certyfikacie.',
  facts: {
    track: 'Utwór',
    artist: 'Wykonawca',
    downloaded: 'Data pobrania',
    files: 'Pliki',
    licensee: 'Licencjobiorca',
    plan: 'Plan',
    validFrom: 'Ważna od',
    validUntil: 'Ważna do',
    openEnded: 'Bezterminowo',
    code: (track) => (track ? 'Kod certyfikatu' : 'Kod licencji'),
    issued: 'Data wystawienia',
  },
  channelsHeading: 'Objęte kanały',
  noChannels: 'Nie dodano jeszcze żadnych kanałów. Dodaj je w panelu Cuewave, a potem pobierz nowy certyfikat.',
  termsHeading: 'Na co pozwala ta licencja',
  perpetual:
    'Treści opublikowane w okresie ważności licencji pozostają nią objęte także po jej wygaśnięciu. ' +
    'Odsprzedaż ani rozpowszechnianie samych utworów nie są dozwolone.',
  fullTerms: 'Pełne warunki:',
  verifyHeading: 'Sprawdź ten certyfikat',
  verifyText:
    'Zeskanuj kod lub otwórz poniższy adres, aby sprawdzić, czy certyfikat jest autentyczny i czy jest dziś ważny ' +
    '(odnowienie tego samego planu przedłuża jego ważność).',
  footer: (code, issued) => `Licencja Cuewave ${code} · wystawiona ${issued}`,
  planTitles: { trial: 'Darmowy okres próbny' },
  terms: {
    trial: [
      'Muzyka i efekty dźwiękowe z katalogu Cuewave w filmach w podanych kanałach, także z monetyzacją.',
      ownContentPl,
    ],
    start: [
      'Muzyka i efekty dźwiękowe z katalogu Cuewave w filmach w podanych kanałach, także z monetyzacją.',
      ownContentPl,
    ],
    advanced: [
      'Muzyka i efekty dźwiękowe z katalogu Cuewave w podanych kanałach, także z monetyzacją.',
      'Podcasty, transmisje na żywo i kanały twojej własnej firmy.',
      'Bez zleceń dla klientów, płatnych reklam i emisji.',
    ],
    professional: [
      'Licencja Commercial Plus: muzyka i efekty dźwiękowe z katalogu Cuewave w podanych kanałach.',
      'Zlecenia dla klientów, płatne reklamy, strony internetowe, aplikacje i filmy firmowe.',
      'Bez emisji, telewizji i gier.',
    ],
    enterprise: [
      'Muzyka i efekty dźwiękowe z katalogu Cuewave w podanych kanałach, na warunkach umowy Enterprise.',
      'Zlecenia dla klientów, płatne reklamy, emisja, telewizja i gry zgodnie z umową.',
    ],
  },
  channels: { ...CHANNEL_LABELS, podcast: 'Podcast', website: 'Strona internetowa' },
};

export const LICENCE_TEXTS: Record<Language, LicenceTexts> = { en, pl };
