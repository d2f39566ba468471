import { Form, Link, useNavigation, useRevalidator, useSearchParams } from 'react-router';
import { data } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArrowLeft, Inbox, MessageSquare, Mail, RefreshCw, Search } from 'lucide-react';
import type { OutboxItem, OutboxList } from '@cuewave/contract/dev';
import { Button, ButtonLink } from '../../components/ui/button';
import { cx } from '../../components/ui/cx';
import { EmptyState } from '../../components/ui/empty-state';
import { TextField } from '../../components/ui/text-field';
import { Logo } from '../../features/shell/logo';
import { LANGUAGE_LOCALES, type Language } from '../../i18n/languages';
import { usePageLanguage } from '../../i18n/page-texts';
import { requestTexts } from '../../i18n/request-texts.server';
import { apiGet, isNotFound, withQuery } from '../../lib/api';
import styles from './mailbox.module.css';
import type { Route } from './+types/mailbox';

export const meta = ({ data }: Route.MetaArgs) => [
  { title: `${data?.title ?? 'Cuewave'} · Cuewave` },
  { name: 'robots', content: 'noindex' },
];

const LIMIT = 200;

/**
 * Every email and SMS the outbox provider "sent" (GET /api/dev/outbox). The API answers 404 when
 * the mailbox is off (SMTP configured) and to anyone but this machine's operator; the call carries
 * the visitor's address (X-Forwarded-For, set by server rendering), so a visitor from elsewhere gets
 * the 404 page too (decision 047).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const to = url.searchParams.get('to')?.trim() || undefined;
  const id = url.searchParams.get('id');
  let list: OutboxList;
  try {
    list = await apiGet<OutboxList>('/dev/outbox', { query: { to, limit: LIMIT }, request });
  } catch (error) {
    if (isNotFound(error)) throw data(null, { status: 404 });
    throw error;
  }
  const items = [...list.items].sort((a, b) => b.createTS.localeCompare(a.createTS));
  let selected = id ? (items.find((item) => item.id === id) ?? null) : null;
  if (id && !selected) {
    selected = await apiGet<OutboxItem>(`/dev/outbox/${encodeURIComponent(id)}`, { request }).catch(() => null);
  }
  return { items, to: to ?? '', selected, title: requestTexts(request, 'mailbox').t('title') };
}

// English keeps the day-first British form the mailbox always had; times are UTC so server and browser agree.
const TIME_LOCALES: Record<Language, string> = { en: 'en-GB', pl: LANGUAGE_LOCALES.pl };
const timeFormats = new Map<Language, Intl.DateTimeFormat>();
function formatTime(iso: string, language: Language): string {
  let format = timeFormats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(TIME_LOCALES[language], {
      dateStyle: 'medium',
      timeStyle: 'medium',
      timeZone: 'UTC',
    });
    timeFormats.set(language, format);
  }
  return `${format.format(new Date(iso))} UTC`;
}

export default function Mailbox({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('mailbox');
  const language = usePageLanguage();
  const { items, to, selected } = loaderData;
  const [params] = useSearchParams();
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const linkTo = (id: string | null) => withQuery('/dev/mailbox', { to: to || undefined, id: id ?? undefined });
  const busy = revalidator.state === 'loading' || navigation.state === 'loading';

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <Link to="/" className={styles.brand} aria-label={t('home')}>
          <Logo />
        </Link>
        <span className={styles.label} data-testid="dev-mailbox-label">
          <Inbox aria-hidden="true" /> {t('title')}
        </span>
      </header>

      <main id="main" className={styles.main}>
        <div className={styles.intro}>
          <h1 className={styles.title}>{t('title')}</h1>
          <p className={styles.subtitle}>{t('subtitle')}</p>
        </div>

        <div className={styles.toolbar}>
          <Form method="get" className={styles.filter} role="search">
            <TextField
              label={t('recipient')}
              name="to"
              type="search"
              defaultValue={to}
              placeholder={t('recipientPlaceholder')}
              key={to}
              className={styles.filterField}
            />
            <Button type="submit" variant="secondary" icon={<Search />}>
              {t('filter')}
            </Button>
            {to ? (
              <ButtonLink to="/dev/mailbox" variant="ghost">
                {t('clear')}
              </ButtonLink>
            ) : null}
          </Form>
          <Button
            variant="ghost"
            icon={<RefreshCw />}
            loading={busy}
            onClick={() => void revalidator.revalidate()}
            data-testid="mailbox-refresh"
          >
            {t('refresh')}
          </Button>
        </div>

        <div className={cx(styles.layout, selected && styles.hasSelection)}>
          <section aria-label={t('messages')} className={styles.listPane}>
            {items.length ? (
              <ol role="list" className={styles.list} data-testid="mailbox-list">
                {items.map((item) => (
                  <li key={item.id}>
                    <Link
                      to={linkTo(item.id)}
                      className={cx(styles.item, selected?.id === item.id && styles.itemActive)}
                      aria-current={selected?.id === item.id ? 'true' : undefined}
                      data-testid="mailbox-item"
                    >
                      <span className={styles.itemIcon} aria-hidden="true">
                        {item.channel === 'sms' ? <MessageSquare /> : <Mail />}
                      </span>
                      <span className={styles.itemBody}>
                        <span className={styles.itemSubject}>{item.subject ?? item.text.slice(0, 80)}</span>
                        <span className={styles.itemMeta}>
                          {t(item.channel === 'sms' ? 'smsTo' : 'emailTo', { recipient: item.recipient })}
                        </span>
                        <time className={styles.itemMeta} dateTime={item.createTS}>
                          {formatTime(item.createTS, language)}
                        </time>
                      </span>
                    </Link>
                  </li>
                ))}
              </ol>
            ) : (
              <EmptyState
                icon={<Inbox />}
                title={to ? t('emptyTo', { to }) : t('empty')}
                description={t('emptyText')}
                compact
              />
            )}
          </section>

          <section aria-label={t('message')} className={styles.detailPane}>
            {selected ? (
              <article className={styles.message} data-testid="mailbox-message">
                <Link to={linkTo(null)} className={styles.back}>
                  <ArrowLeft aria-hidden="true" /> {t('all')}
                </Link>
                <h2 className={styles.subject}>{selected.subject ?? t('textMessage')}</h2>
                <dl className={styles.facts}>
                  <dt>{t('to')}</dt>
                  <dd>{selected.recipient}</dd>
                  <dt>{t('sent')}</dt>
                  <dd>
                    <time dateTime={selected.createTS}>{formatTime(selected.createTS, language)}</time>
                  </dd>
                  <dt>{t('template')}</dt>
                  <dd>
                    <code>{selected.template}</code>
                  </dd>
                </dl>
                {selected.html ? (
                  <>
                    <h3 className={styles.partTitle}>{t('html')}</h3>
                    {/* sandbox="": no scripts, no forms, no same-origin access — the email is inert. */}
                    <iframe
                      title={t('htmlOf', { subject: selected.subject ?? t('messageWord') })}
                      className={styles.frame}
                      sandbox=""
                      srcDoc={selected.html}
                      data-testid="mailbox-html"
                    />
                  </>
                ) : null}
                <h3 className={styles.partTitle}>{t('text')}</h3>
                <pre className={styles.text} data-testid="mailbox-text">
                  {selected.text}
                </pre>
              </article>
            ) : (
              <p className={styles.placeholder}>{params.get('id') ? t('gone') : t('choose')}</p>
            )}
          </section>
        </div>
      </main>
    </div>
  );
}
