import { describe, expect, it } from 'vitest';
import { getI18n } from 'react-i18next';
import { PLAYLIST_MESSAGES, toastName, trackAddedMessage as added, type PlaylistsT } from './messages';

const t = getI18n().getFixedT('en', 'playlists') as PlaylistsT;
const trackAddedMessage = (name?: string | null) => added(t, name);

describe('playlist toast names (spec §8: cut at 20 characters with an ellipsis)', () => {
  it('keeps a name of up to 20 characters whole', () => {
    expect(toastName('Road trip')).toBe('Road trip');
    expect(toastName('12345678901234567890')).toBe('12345678901234567890');
    expect(trackAddedMessage('Road trip')).toBe('Track added to Road trip');
  });

  it('cuts a longer name at 20 characters and adds an ellipsis', () => {
    expect(toastName('123456789012345678901')).toBe('12345678901234567890…');
    expect(trackAddedMessage('Summer campaign 2027 — final cut')).toBe('Track added to Summer campaign 2027…');
  });

  it('counts characters, not UTF-16 units, and never leaves a space before the ellipsis', () => {
    expect(toastName('🎵'.repeat(25))).toBe('🎵'.repeat(20) + '…');
    expect(toastName('Nineteen characters ok')).toBe('Nineteen characters…');
  });

  it('says the plain success message when there is no name', () => {
    expect(trackAddedMessage(undefined)).toBe('Track added successfully!');
    expect(trackAddedMessage('   ')).toBe(t(PLAYLIST_MESSAGES.trackAdded));
  });
});
