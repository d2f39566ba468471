import { describe, expect, it } from 'vitest';
import { escapeHtml, renderEmail } from './render-email';

const full = {
  language: 'en' as const,
  preheader: 'Your code is 482913',
  heading: 'Confirm your email',
  paragraphs: ['Welcome to Cuewave.', 'Enter this code to confirm your address. It expires in 15 minutes.'],
  code: '482913',
  button: { label: 'Confirm email', url: 'https://cuewave.example/register/verify-email?token=abc&x=1' },
  footnote: 'If you did not create an account, ignore this email.',
};

describe('renderEmail', () => {
  it('renders a complete, table-based HTML document with every part', () => {
    const { html } = renderEmail(full);
    expect(html).toMatch(/^<!DOCTYPE html>/);
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('role="presentation"');
    expect(html).toContain('<title>Confirm your email</title>');
    expect(html).toContain('>Confirm your email</h1>');
    expect(html).toContain('Your code is 482913'); // preheader
    expect(html).toContain('Welcome to Cuewave.');
    expect(html).toMatch(/letter-spacing:8px[^>]*>482913</);
    expect(html).toContain('href="https://cuewave.example/register/verify-email?token=abc&amp;x=1"');
    expect(html).toContain('>Confirm email</a>');
    expect(html).toContain('#5c8dff');
    expect(html).toContain('If you did not create an account, ignore this email.');
    expect(html).not.toMatch(/<style|<script|class=/);
  });

  it('renders a plain-text twin with the heading, paragraphs, code, link and footnote', () => {
    const { text } = renderEmail(full);
    expect(text.split('\n')).toEqual([
      'Confirm your email',
      '',
      'Welcome to Cuewave.',
      '',
      'Enter this code to confirm your address. It expires in 15 minutes.',
      '',
      '    482913',
      '',
      'Confirm email:',
      'https://cuewave.example/register/verify-email?token=abc&x=1',
      '',
      '--',
      'If you did not create an account, ignore this email.',
      '',
      'Cuewave · Music and sound effects for your stories',
      '',
    ]);
    expect(text).not.toMatch(/<[a-z]/i);
  });

  it('leaves out the parts that are not given', () => {
    const { html, text } = renderEmail({
      language: 'en',
      preheader: 'p',
      heading: 'Password changed',
      paragraphs: ['Done.'],
    });
    expect(html).not.toContain('<a ');
    expect(html).not.toContain('letter-spacing:8px');
    expect(html).not.toContain('border-top:1px');
    expect(text).toBe('Password changed\n\nDone.\n\nCuewave · Music and sound effects for your stories\n');
  });

  it('escapes every interpolated value', () => {
    const evil = '<script>alert("x")</script> & \'quoted\'';
    const { html } = renderEmail({
      language: 'en',
      preheader: evil,
      heading: evil,
      paragraphs: [evil],
      code: '<b>1</b>',
      button: { label: evil, url: 'https://cuewave.example/?q="><script>' },
      footnote: evil,
    });
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<b>1</b>');
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;quoted&#39;');
    expect(html).not.toContain('href="https://cuewave.example/?q="');
  });

  it('never puts a non-http link into an href', () => {
    const { html } = renderEmail({
      language: 'en',
      preheader: 'p',
      heading: 'h',
      paragraphs: [],
      button: { label: 'Click', url: 'javascript:alert(1)' },
    });
    expect(html).toContain('href="#"');
    expect(html).not.toContain('href="javascript:');
  });

  it('writes its own words and the lang attribute in the reader’s language', () => {
    const { html, text } = renderEmail({
      ...full,
      language: 'pl',
      heading: 'Potwierdź adres e-mail',
      paragraphs: ['Witaj w Cuewave!'],
    });
    expect(html).toContain('<html lang="pl">');
    expect(html).toContain('Jeśli przycisk nie działa, skopiuj ten link do przeglądarki:');
    expect(html).toContain('Muzyka i efekty dźwiękowe do twoich historii');
    expect(html).not.toContain('If the button does not work');
    expect(text).toContain('Cuewave · Muzyka i efekty dźwiękowe do twoich historii');
  });

  it('escapeHtml escapes the five special characters', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });
});
