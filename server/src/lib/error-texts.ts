import type { ErrorCode } from '@cuewave/contract/errors';
import type { Language } from '@cuewave/contract/languages';

/**
 * Each error code's message in the languages other than English (decision 076): what a Polish reader
 * is told when the code that failed has no wording of its own in Polish. A Record over every code, so
 * a new code without its Polish text does not compile. Informal register, as the web's texts.
 */
const pl: Record<ErrorCode, string> = {
  NOT_FOUND: 'Nie znaleźliśmy tego, czego szukasz.',
  BAD_REQUEST: 'Nie możemy przetworzyć tego żądania. Sprawdź dane i spróbuj ponownie.',
  VALIDATION_FAILED: 'Niektóre pola są wypełnione nieprawidłowo. Popraw je i spróbuj ponownie.',
  RANGE_NOT_SATISFIABLE: 'Żądany fragment pliku jest poza jego zakresem.',
  UNAUTHORIZED: 'Zaloguj się, aby kontynuować.',
  FORBIDDEN: 'Nie masz dostępu do tej części serwisu.',
  CROSS_SITE_REQUEST: 'To żądanie pochodzi z innej strony internetowej, więc zostało odrzucone.',
  METHOD_NOT_ALLOWED: 'Ta operacja nie jest dostępna pod tym adresem.',
  CONFLICT: 'Nie możemy tego teraz zrobić: stan konta na to nie pozwala. Odśwież stronę i spróbuj ponownie.',
  PAYLOAD_TOO_LARGE: 'Wysłane dane są za duże.',
  URI_TOO_LONG: 'Adres jest za długi.',
  UNSUPPORTED_MEDIA_TYPE: 'Ten format danych nie jest obsługiwany.',
  TOO_MANY_REQUESTS: 'Za dużo prób w krótkim czasie. Odczekaj chwilę i spróbuj ponownie.',
  INTERNAL: 'Coś poszło nie tak po naszej stronie. Spróbuj ponownie.',
  SERVICE_UNAVAILABLE: 'Usługa jest chwilowo niedostępna. Spróbuj ponownie za kilka sekund.',
  MAINTENANCE: 'Trwają prace konserwacyjne. Wróć za kilka minut.',
  EMAIL_TAKEN: 'Konto z tym adresem e-mail już istnieje. Zaloguj się.',
  WEAK_PASSWORD: 'To hasło jest za słabe. Wybierz dłuższe, trudniejsze do odgadnięcia hasło.',
  CODE_INVALID: 'Ten kod jest nieprawidłowy.',
  CODE_EXPIRED: 'Ten kod wygasł. Poproś o nowy.',
  PHONE_INVALID: 'Ten numer telefonu jest nieprawidłowy.',
  PHONE_REQUIRED: 'Najpierw dodaj i potwierdź numer telefonu.',
  PHONE_ALREADY_CONFIRMED: 'Twój numer telefonu jest już potwierdzony.',
  ACTIVE_SUBSCRIPTION: 'Masz aktywną subskrypcję.',
  TRIAL_ALREADY_USED: 'Okres próbny został już wykorzystany na tym koncie.',
  PAYMENT_METHOD_REQUIRED: 'Najpierw dodaj inną kartę: subskrypcja odnawia się z tej karty.',
  PAYMENT_FAILED: 'Płatność nie powiodła się. Sprawdź dane karty lub użyj innej karty.',
  PLAYLIST_LIMIT: 'Masz już maksymalną liczbę playlist.',
  PLAYLIST_FULL: 'Ta playlista jest pełna.',
  UNKNOWN_PRODUCTS: 'Niektórych utworów nie ma w katalogu.',
  DOWNLOAD_NO_SUBSCRIPTION: 'Wybierz plan, aby pobierać utwory.',
  DOWNLOAD_SUBSCRIPTION_ENDED: 'Twoja subskrypcja się skończyła. Wybierz plan, aby znów pobierać utwory.',
  DOWNLOAD_PAYMENT_PENDING: 'Pobieranie będzie dostępne, gdy płatność zostanie zaksięgowana.',
  DOWNLOAD_LINK_INVALID: 'Ten link do pobrania wygasł lub jest nieprawidłowy. Pobierz plik ponownie.',
  DOWNLOAD_LIMIT_REACHED: 'Osiągnięto dzienny limit pobrań. Spróbuj ponownie jutro.',
  FILE_NOT_AVAILABLE: 'Ten plik nie jest dostępny dla tego utworu.',
  ITEMS_NOT_IN_PLAYLIST: 'Niektórych wybranych utworów nie ma na tej playliście.',
  ARCHIVE_NOT_READY: 'Archiwum jest jeszcze przygotowywane.',
  ARCHIVE_FAILED: 'Nie udało się przygotować archiwum. Spróbuj ponownie.',
  ARCHIVE_EXPIRED: 'To archiwum już wygasło. Przygotuj je ponownie.',
  VIDEO_UNREADABLE: 'Nie możemy odczytać tego pliku wideo.',
  VIDEO_NO_FRAMES: 'Ten plik nie zawiera obrazu.',
  VIDEO_TOO_LONG: 'Ten film jest za długi: może trwać najwyżej 10 minut.',
  unsupported_grant_type: 'Ten sposób logowania nie jest obsługiwany.',
  'account not confirmed': 'Najpierw potwierdź swój adres e-mail.',
  'email already confirmed': 'Twój adres e-mail jest już potwierdzony.',
  'billing details not found': 'Najpierw uzupełnij dane rozliczeniowe.',
  'recaptcha error': 'Weryfikacja zabezpieczająca nie powiodła się. Spróbuj ponownie.',
  'can not find account by token': 'Ten link jest nieprawidłowy, wygasł lub został już użyty.',
  'wrong credentials or client not found': 'Nieprawidłowy adres e-mail lub hasło.',
  'verify jwt token': 'Twoja sesja wygasła. Zaloguj się ponownie.',
};

export const ERROR_MESSAGES: Record<Exclude<Language, 'en'>, Record<ErrorCode, string>> = { pl };
