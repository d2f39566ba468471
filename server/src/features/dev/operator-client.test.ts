import { describe, expect, it } from 'vitest';
import { isLoopbackAddress, isOperatorClient } from './operator-client';

describe('isLoopbackAddress', () => {
  it.each([
    '127.0.0.1',
    '127.1.2.3',
    '::1',
    '0:0:0:0:0:0:0:1',
    '::ffff:127.0.0.1',
    '"[::1]:8080"',
    '127.0.0.1:5173',
    ' ::1 ',
  ])('%s is loopback', (address) => expect(isLoopbackAddress(address)).toBe(true));

  it.each([
    '10.0.0.1',
    '192.168.0.2',
    '::ffff:10.0.0.1',
    '2001:db8::1',
    '0.0.0.0',
    '::',
    'localhost',
    'unknown',
    '_hidden',
    '',
    '127.0.0.1.evil.test',
    '[::1',
  ])('%j is not', (address) => expect(isLoopbackAddress(address)).toBe(false));
});

describe('isOperatorClient', () => {
  it('needs a loopback socket', () => {
    expect(isOperatorClient('127.0.0.1', {})).toBe(true);
    expect(isOperatorClient('203.0.113.1', {})).toBe(false);
    expect(isOperatorClient(undefined, {})).toBe(false);
  });

  it('needs every forwarded hop, in every header, to be loopback', () => {
    expect(isOperatorClient('127.0.0.1', { 'x-forwarded-for': '127.0.0.1, ::1' })).toBe(true);
    expect(isOperatorClient('127.0.0.1', { 'x-forwarded-for': '127.0.0.1, 203.0.113.1' })).toBe(false);
    expect(isOperatorClient('127.0.0.1', { 'x-forwarded-for': '' })).toBe(false);
    expect(isOperatorClient('127.0.0.1', { 'cf-connecting-ip': '203.0.113.1' })).toBe(false);
    expect(isOperatorClient('127.0.0.1', { 'true-client-ip': '203.0.113.1' })).toBe(false);
    expect(isOperatorClient('127.0.0.1', { 'x-real-ip': ['127.0.0.1', '203.0.113.1'] })).toBe(false);
  });

  it('reads the for= of every Forwarded element, and an element without one is an unknown client', () => {
    expect(isOperatorClient('::1', { forwarded: 'for=127.0.0.1;proto=http, For="[::1]:4711"' })).toBe(true);
    expect(isOperatorClient('::1', { forwarded: 'for=127.0.0.1, for=198.51.100.7' })).toBe(false);
    expect(isOperatorClient('::1', { forwarded: 'proto=https;host=cuewave.example' })).toBe(false);
    expect(isOperatorClient('::1', { forwarded: 'for=unknown' })).toBe(false);
  });
});
