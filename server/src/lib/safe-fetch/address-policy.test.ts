import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blockedRange } from './address-policy';
import { SafeFetchError } from './errors';
import { safeFetch } from './safe-fetch';
import { permitLoopbackForTests } from './test-permit';
import { ok, rawServer, type RawServer } from './testing-servers';

describe('blockedRange', () => {
  it.each([
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['10.0.0.5', 'private'],
    ['100.64.0.1', 'cgnat'],
    ['100.127.255.255', 'cgnat'],
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['169.254.1.1', 'link-local'],
    ['169.254.169.254', 'metadata'],
    ['169.254.170.2', 'metadata'],
    ['100.100.100.200', 'metadata'],
    ['192.0.0.192', 'metadata'],
    ['168.63.129.16', 'metadata'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['192.0.0.8', 'special-purpose'],
    ['192.0.2.1', 'documentation'],
    ['198.51.100.7', 'documentation'],
    ['203.0.113.9', 'documentation'],
    ['198.18.0.1', 'benchmarking'],
    ['198.19.255.255', 'benchmarking'],
    ['192.88.99.1', 'special-purpose'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.255', 'reserved'],
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['0:0:0:0:0:0:0:1', 'loopback'],
    ['::ffff:127.0.0.1', 'ipv4-mapped loopback'],
    ['::ffff:7f00:1', 'ipv4-mapped loopback'],
    ['::ffff:a9fe:a9fe', 'ipv4-mapped metadata'],
    ['::ffff:10.1.2.3', 'ipv4-mapped private'],
    ['::127.0.0.1', 'reserved'], // deprecated IPv4-compatible
    ['64:ff9b::7f00:1', 'nat64 loopback'],
    ['64:ff9b::a00:5', 'nat64 private'],
    ['64:ff9b:1::1', 'private'],
    ['2002:7f00:1::', '6to4 loopback'],
    ['2002:c0a8:101::1', '6to4 private'],
    ['fc00::1', 'unique-local'],
    ['fd12:3456::1', 'unique-local'],
    ['fd00:ec2::254', 'metadata'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['fec0::1', 'site-local'],
    ['ff02::1', 'multicast'],
    ['100::1', 'reserved'],
    ['2001:db8::1', 'documentation'],
    ['3fff::1', 'documentation'],
    ['2001:0:4136:e378::1', 'special-purpose'], // Teredo
    ['2001:2::1', 'special-purpose'], // benchmarking
    ['not-an-address', 'not-an-ip'],
  ])('refuses %s as %s', (address, label) => {
    expect(blockedRange(address)).toBe(label);
  });

  it.each([
    '93.184.216.34',
    '8.8.8.8',
    '1.1.1.1',
    '172.32.0.1',
    '100.128.0.1',
    '169.255.0.1',
    '11.0.0.1',
    '2606:4700::1111',
    '2a00:1450:4001::200e',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
    '2002:808:808::1',
  ])('allows the public address %s', (address) => {
    expect(blockedRange(address)).toBeUndefined();
  });
});

describe('literal IPs in sneaky notations', () => {
  // A real server listens on 127.0.0.1: every notation below means that address (or the machine itself),
  // and the proof that the check ran before any socket is that the server never sees a connection.
  // The loopback test permit is on: it covers names, never literal addresses.
  let server: RawServer;
  beforeAll(async () => {
    server = await rawServer((socket) => ok(socket, 'secret'));
  });
  afterAll(() => server.close());

  it.each([
    '127.0.0.1',
    '2130706433',
    '0x7f000001',
    '017700000001',
    '0177.0.0.1',
    '0x7f.0.0.1',
    '0x7f.1',
    '127.1',
    '127.0.1',
    '127.0.0.1.',
    '１２７.０.０.１',
    '0',
    '0.0.0.0',
    '[::1]',
    '[0:0:0:0:0:0:0:1]',
    '[::ffff:127.0.0.1]',
    '[::ffff:7f00:1]',
    '[0:0:0:0:0:ffff:127.0.0.1]',
    '[::ffff:0:0]',
    '[64:ff9b::127.0.0.1]',
    '[2002:7f00:1::]',
    'localhost',
    'LOCALHOST',
    'localhost.',
    'api.localhost',
    'metadata.google.internal',
    'printer.local',
    'intranet',
  ])('refuses http://%s:PORT/ before connecting', async (host) => {
    const error = await safeFetch(`http://${host}:${server.port}/`, {
      allowedPorts: 'any',
      loopbackPermit: permitLoopbackForTests(),
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SafeFetchError);
    expect((error as SafeFetchError).reason).toBe('private-address');
    expect(server.connections).toBe(0);
  });

  it.each([
    '169.254.169.254',
    '2852039166',
    '0xa9fea9fe',
    '0251.0376.0251.0376',
    '[::ffff:169.254.169.254]',
    '[fd00:ec2::254]',
    '10.1',
    '192.168.257',
    '100.100.100.200',
  ])('refuses the private or metadata address http://%s/', async (host) => {
    const error = await safeFetch(`http://${host}/latest/meta-data/`).catch((e: unknown) => e);
    expect((error as SafeFetchError).reason).toBe('private-address');
  });
});
